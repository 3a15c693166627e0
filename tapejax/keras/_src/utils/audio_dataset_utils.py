"""``keras.utils.audio_dataset_from_directory``: a folder of ``.wav`` files (one sub-folder per
class) as a batched ``tf.data.Dataset`` of float32 audio ``(batch, samples, channels)``.

The files are read with the standard library's ``wave`` module as ``tf.audio.decode_wav`` reads
them (16-bit PCM scaled to [-1, 1)); which files land in each subset follows Keras exactly, the
order within a shuffled dataset is tapejax's ``Dataset.shuffle``. Resampling (``sampling_rate``,
which needs tensorflow-io in Keras too) and ``ragged`` batches are not available.
"""

from __future__ import annotations

import wave

import numpy as np

from ..backend.api import TensorSpec
from ..backend.io import Dataset
from . import directory_index

ALLOWED_FORMATS = (".wav",)
_WIDTHS = {1: ("u1", 128.0, 128.0), 2: ("<i2", 0.0, 32768.0), 4: ("<i4", 0.0, 2147483648.0)}


def audio_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    batch_size=32,
    sampling_rate=None,
    output_sequence_length=None,
    ragged=False,
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    follow_links=False,
    verbose=True,
):
    """A Dataset of ``(audio, labels)`` batches (``audio`` alone without labels), with a
    ``class_names`` attribute; a tuple (training, validation) for ``subset='both'``. Clips are
    cut or zero-padded to ``output_sequence_length``, else padded to the longest of each batch."""
    directory_index.check_label_mode(labels, label_mode, class_names, "The ", "audio files", "audio samples")
    if ragged and output_sequence_length is not None:
        raise ValueError("Cannot set both `ragged` and `output_sequence_length`")
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int):
            raise ValueError(
                f"`sampling_rate` should have an integer value. Received: sampling_rate={sampling_rate}"
            )
        if sampling_rate <= 0:
            raise ValueError(
                f"`sampling_rate` should be higher than 0. Received: sampling_rate={sampling_rate}"
            )
        raise ImportError(
            "To use the argument `sampling_rate`, you should install tensorflow_io. You can install it "
            "via `pip install tensorflow-io`."
        )
    if ragged:
        raise NotImplementedError("audio_dataset_from_directory(ragged=True): tapejax has no ragged tensors.")
    if labels is None or label_mode is None:
        labels = label_mode = None
    directory_index.check_validation_split_arg(validation_split, subset, shuffle, seed)
    seed = np.random.randint(1e6) if seed is None else seed
    buffer = batch_size * 8 if batch_size is not None else 1024
    paths, labels, class_names = directory_index.index_directory(
        directory, labels, ALLOWED_FORMATS, class_names, shuffle, seed, follow_links, verbose
    )
    directory_index.check_binary(label_mode, class_names)
    num_classes = len(class_names) if class_names else 0

    def none_found(part):
        kind = f"{part} audio files" if part else "audio files"
        raise ValueError(f"No {kind} found in directory {directory}. Allowed format(s): {ALLOWED_FORMATS}")

    datasets = []
    for part_paths, encoded, shuffled in directory_index.subsets(
        paths, labels, validation_split, subset, label_mode, num_classes, shuffle, none_found
    ):
        dataset = _dataset(part_paths, encoded, output_sequence_length)
        if shuffled:
            dataset = dataset.shuffle(buffer, seed=seed)
        if batch_size is not None:
            fixed = output_sequence_length is not None
            dataset = dataset.batch(batch_size) if fixed else dataset.padded_batch(batch_size)
        dataset.class_names = class_names
        datasets.append(dataset)
    return tuple(datasets) if subset == "both" else datasets[0]


def _dataset(paths, labels, length):
    channels = read_wav(paths[0]).shape[1]
    spec = TensorSpec((length, channels), "float32")

    def clips():
        for i, path in enumerate(paths):
            audio = read_wav(path, length)
            yield audio if labels is None else (audio, labels[i])

    if labels is not None:
        spec = (spec, TensorSpec(labels.shape[1:], str(labels.dtype)))
    return Dataset.from_generator(clips, output_signature=spec)


def read_wav(path, desired_samples=None) -> np.ndarray:
    """A PCM ``.wav`` file as float32 ``(samples, channels)`` in [-1, 1), as
    ``tf.audio.decode_wav``; cut or zero-padded to ``desired_samples`` when given."""
    with wave.open(path, "rb") as f:
        width, channels, frames = f.getsampwidth(), f.getnchannels(), f.readframes(f.getnframes())
    if width not in _WIDTHS:
        raise ValueError(
            f"Can't read {path}: {8 * width}-bit samples; only 8, 16 and 32-bit PCM WAV files are read."
        )
    dtype, offset, scale = _WIDTHS[width]
    audio = ((np.frombuffer(frames, dtype).astype(np.float32) - offset) / scale).reshape(-1, channels)
    if desired_samples is None or desired_samples < 0:
        return audio
    out = np.zeros((desired_samples, channels), np.float32)
    out[: min(desired_samples, len(audio))] = audio[:desired_samples]
    return out
