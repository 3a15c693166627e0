"""Writes tests/keras_utils_reference.py: Keras 3.15's outputs (TensorFlow 2.21, CPU) on the
inputs of tests/keras_utils_cases.py, for keras.utils and keras.preprocessing.

Run with a scratch TensorFlow (with scipy and Pillow, which Keras' image helpers need):
``/work/tfenv/bin/python scripts/keras_utils_reference_tf.py``. TensorFlow is never a tapejax
dependency; the numbers are stored as literals.
"""

from __future__ import annotations

import os
import pprint
import random
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from keras_utils_cases import (  # noqa: E402
    FEATURE_SPACE_KINDS,
    FEATURES,
    GENERATOR_CASES,
    IMAGE,
    relative,
    write_audio_folder,
    write_image_folder,
)

keras = tf.keras
P = keras.preprocessing


def _round(x, digits=4):
    return np.round(np.asarray(x, np.float64), digits).tolist()


def image_datasets(root: str) -> dict:
    out = {}
    for name, kwargs in {
        "both": dict(seed=1, validation_split=0.3, subset="both"),
        "explicit": dict(labels=[0, 1, 2, 0, 1, 2, 0, 1, 2, 2], seed=5, label_mode="categorical"),
        "binary_gray": dict(seed=2, label_mode="binary", color_mode="grayscale", shuffle=False),
    }.items():
        ds = keras.utils.image_dataset_from_directory(root, image_size=(3, 4), batch_size=4, **kwargs)
        parts = ds if isinstance(ds, (list, tuple)) else [ds]
        out[name] = [
            {"files": relative(d.file_paths, root), "class_names": d.class_names,
             "labels": sorted(_round(y) for _, y in d.unbatch())}
            for d in parts
        ]  # fmt: skip
    ds = keras.utils.image_dataset_from_directory(root, image_size=(3, 4), shuffle=False, batch_size=None)
    out["pixels_first"] = _round(next(iter(ds))[0])
    ds = keras.utils.image_dataset_from_directory(
        root, image_size=(6, 8), shuffle=False, batch_size=None, color_mode="grayscale", labels=None
    )
    out["pixels_gray"] = _round(next(iter(ds))[..., 0])
    ds = keras.utils.image_dataset_from_directory(
        root, image_size=(4, 4), shuffle=False, crop_to_aspect_ratio=True, labels=None
    )
    out["pixels_crop"] = _round(next(iter(ds))[0])
    ds = keras.utils.image_dataset_from_directory(
        root, image_size=(4, 4), shuffle=False, pad_to_aspect_ratio=True, labels=None
    )
    out["pixels_pad"] = _round(next(iter(ds))[0])
    return out


def generators(root: str) -> dict:
    out = {}
    for name, kwargs in GENERATOR_CASES.items():
        gen = P.image.ImageDataGenerator(**kwargs)
        out[name] = _round(gen.random_transform(IMAGE.copy(), seed=3))
    it = P.image.ImageDataGenerator(rotation_range=20).flow(
        np.stack([IMAGE, IMAGE + 1, IMAGE + 2]), np.arange(3), batch_size=2, seed=4
    )
    out["flow"] = [(_round(x[:, 0, :2]), y.tolist()) for x, y in (it[0], it[1])]
    it = P.image.ImageDataGenerator(validation_split=0.4).flow_from_directory(
        root, target_size=(3, 4), batch_size=3, seed=6, subset="training", class_mode="sparse"
    )
    x, y = it[0]
    out["directory"] = {"files": it.filenames, "x": _round(x[:, 0, 0]), "y": y.tolist()}
    return out


def functions() -> dict:
    out = {}
    np.random.seed(8)
    x = IMAGE.copy()
    kw = dict(row_axis=0, col_axis=1, channel_axis=2)
    out["random_rotation"] = _round(P.image.random_rotation(x, 30, **kw)[:, :, 0])
    out["random_shift"] = _round(P.image.random_shift(x, 0.2, 0.3, **kw)[:, :, 1])
    out["random_shear"] = _round(P.image.random_shear(x, 20, **kw)[:, :, 2])
    out["random_zoom"] = _round(P.image.random_zoom(x, (0.7, 1.2), **kw)[:, :, 0])
    out["random_channel_shift"] = _round(P.image.random_channel_shift(x, 40.0, channel_axis=2)[0])
    out["random_brightness"] = _round(P.image.random_brightness(x, (0.3, 0.9))[0])
    out["affine_first"] = _round(
        P.image.apply_affine_transform(np.moveaxis(x, 2, 0), theta=15, tx=1, zx=0.9, order=1)[1]
    )
    out["smart_resize"] = _round(P.image.smart_resize(x, (4, 3))[:, :, 0])
    out["smart_resize_nearest"] = _round(P.image.smart_resize(x, (2, 5), interpolation="nearest")[:, :, 1])
    data = np.arange(20).reshape(10, 2)
    g = P.sequence.TimeseriesGenerator(data, np.arange(10), length=3, sampling_rate=2, stride=2, batch_size=2)
    out["timeseries"] = [len(g)] + [(g[i][0].tolist(), g[i][1].tolist()) for i in range(len(g))]
    g = P.sequence.TimeseriesGenerator(
        data, np.arange(10), length=2, reverse=True, start_index=1, end_index=7, batch_size=3
    )
    out["timeseries_reverse"] = [len(g)] + [(g[i][0].tolist(), g[i][1].tolist()) for i in range(len(g))]
    out["sampling_table"] = _round(P.sequence.make_sampling_table(6, sampling_factor=0.01), 7)
    random.seed(0)
    out["skipgrams"] = P.sequence.skipgrams([1, 2, 0, 3, 4], 6, window_size=1, seed=9)
    random.seed(0)
    out["skipgrams_categorical"] = P.sequence.skipgrams([1, 2, 3], 5, window_size=2, negative_samples=0.5,
                                                        categorical=True, shuffle=False)  # fmt: skip
    return out


def audio(root: str) -> dict:
    ds = keras.utils.audio_dataset_from_directory(root, batch_size=2, shuffle=False)
    batches = [(_round(x, 6), y.numpy().tolist()) for x, y in ds]
    ds = keras.utils.audio_dataset_from_directory(
        root, output_sequence_length=4, seed=3, validation_split=0.5, subset="validation",
        label_mode="categorical", batch_size=None,
    )  # fmt: skip
    return {"padded": batches, "fixed": sorted((_round(x, 6), _round(y)) for x, y in ds)}


def feature_space() -> dict:
    fs = keras.utils.FeatureSpace
    space = fs(FEATURE_SPACE_KINDS(fs))
    space.adapt(tf.data.Dataset.from_tensor_slices(FEATURES))
    by_dict = fs({"k": fs.integer_categorical(output_mode="int"), "a": "float"}, output_mode="dict")
    by_dict.adapt(FEATURES)
    out = by_dict({"k": np.array([7, 1, 5]), "a": np.array([1.0, 2.0, 3.0])})
    return {
        "concat": _round(space({k: v[:3] for k, v in FEATURES.items()}), 5),
        "one": _round(space({"a": 2.0, "n": 1.0, "d": 0.5, "k": 9, "r": 4.0}), 5),
        "dict": {k: v.numpy().tolist() for k, v in out.items()},
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        images = write_image_folder(os.path.join(tmp, "images"))
        sounds = write_audio_folder(os.path.join(tmp, "audio"))
        reference = {
            **image_datasets(images),
            "generators": generators(images),
            **functions(),
            "audio": audio(sounds),
            "feature_space": feature_space(),
        }
    path = os.path.join(os.path.dirname(__file__), "..", "tests", "keras_utils_reference.py")
    with open(path, "w") as f:
        f.write('"""Keras 3.15 (TF 2.21) outputs, written by scripts/keras_utils_reference_tf.py."""\n\n')
        f.write("REFERENCE = " + pprint.pformat(reference, width=110, compact=True) + "\n")


if __name__ == "__main__":
    main()
