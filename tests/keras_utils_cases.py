"""Inputs shared by tests/test_keras_utils*.py and scripts/keras_utils_reference_tf.py (which
records Keras 3.15's outputs on them): small image folders, wav files and arrays, written from
fixed numpy seeds so both sides read the same bytes."""

from __future__ import annotations

import os
import wave

import numpy as np
from PIL import Image


def image(seed: int, shape=(6, 8, 3)) -> np.ndarray:
    return np.random.RandomState(seed).randint(0, 256, shape).astype("uint8")


def write_image_folder(root: str, classes=("cat", "dog"), per_class=5, shape=(6, 8, 3)) -> str:
    """``root/<class>/<i>.png``: random RGB images (PNG: the pixels read back exactly)."""
    for c, name in enumerate(classes):
        os.makedirs(os.path.join(root, name), exist_ok=True)
        for i in range(per_class):
            Image.fromarray(image(100 * c + i, shape)).save(os.path.join(root, name, f"{i}.png"))
    return root


def write_wav(path: str, samples: np.ndarray, rate=8000):
    """int16 samples ``(frames, channels)`` as a PCM wav file."""
    with wave.open(path, "wb") as f:
        f.setnchannels(samples.shape[1])
        f.setsampwidth(2)
        f.setframerate(rate)
        f.writeframes(samples.astype("<i2").tobytes())


def write_audio_folder(root: str) -> str:
    """``root/<class>/<i>.wav``: mono clips of 3 to 6 frames."""
    rng = np.random.RandomState(7)
    for name in ("no", "yes"):
        os.makedirs(os.path.join(root, name), exist_ok=True)
        for i in range(3):
            write_wav(os.path.join(root, name, f"{i}.wav"), rng.randint(-32768, 32767, (3 + i, 1)))
    return root


def relative(paths, root: str) -> list:
    return [os.path.relpath(p, root) for p in paths]


GENERATOR_CASES = {  # ImageDataGenerator arguments -> its random_transform of IMAGE (seed 3)
    "rotation": dict(rotation_range=40),
    "shift": dict(width_shift_range=0.3, height_shift_range=0.2),
    "shift_choices": dict(width_shift_range=[1, 2], height_shift_range=[-1.0, 2.0]),
    "shear": dict(shear_range=30, fill_mode="constant", cval=5.0),
    "zoom": dict(zoom_range=0.3, fill_mode="reflect"),
    "wrap": dict(rotation_range=90, fill_mode="wrap", interpolation_order=0),
    "channel_shift": dict(channel_shift_range=50.0),
    "flips": dict(horizontal_flip=True, vertical_flip=True),
    "brightness": dict(brightness_range=(0.5, 1.5)),
    "everything": dict(
        rotation_range=10, width_shift_range=0.1, zoom_range=0.2, horizontal_flip=True, rescale=1 / 255
    ),
}
IMAGE = image(11, (5, 7, 3)).astype("float32")

FEATURES = {  # FeatureSpace's adapt data
    "a": np.array([1.0, 2.0, 4.0, 8.0, 3.0, 5.0]),
    "n": np.array([0.5, 1.5, -1.0, 2.0, 0.0, 3.0]),
    "d": np.array([0.1, 0.4, 0.2, 0.9, 0.7, 0.3]),
    "k": np.array([3, 3, 7, 1, 7, 3]),
    "r": np.array([2.0, 4, 6, 8, 10, 12]),
}


def FEATURE_SPACE_KINDS(fs):  # noqa: N802 - a constant that needs FeatureSpace's class
    return {
        "a": "float",
        "n": "float_normalized",
        "d": fs.float_discretized(num_bins=3),
        "k": "integer_categorical",
        "r": fs.float_rescaled(scale=0.5, offset=1.0),
    }
