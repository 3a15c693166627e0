"""The files of a directory as a dataset's samples (Keras' ``dataset_utils.index_directory``):
one class per sub-folder, or labels given in the files' sorted order; the training/validation
split. Shared by ``image_dataset_from_directory`` and ``audio_dataset_from_directory``."""

from __future__ import annotations

import os

import numpy as np


def index_directory(
    directory, labels, formats, class_names=None, shuffle=True, seed=None, follow_links=False, verbose=True
):
    """``(file_paths, labels, class_names)``: the files ending in ``formats``, class folder by
    class folder in sorted order, then shuffled by ``numpy.random.RandomState(seed)`` (paths and
    labels by the same permutation) as Keras does."""
    if labels == "inferred":
        subdirs = [
            d
            for d in sorted(os.listdir(directory))
            if os.path.isdir(os.path.join(directory, d)) and not d.startswith(".")
        ]
        if class_names is not None:
            if not set(class_names).issubset(set(subdirs)):
                raise ValueError(
                    "The `class_names` passed did not match the names of the subdirectories of the "
                    f"target directory. Expected: {subdirs} (or a subset of it), but received: "
                    f"class_names={class_names}"
                )
            subdirs = class_names
    else:
        subdirs = [""]
        if class_names is not None:
            if labels is None:
                raise ValueError(
                    "When `labels=None` (no labels), argument `class_names` cannot be specified."
                )
            raise ValueError(
                "When argument `labels` is specified, argument `class_names` cannot be specified (the "
                "`class_names` will be the sorted list of labels)."
            )
    filenames, found = [], []
    for index, subdir in enumerate(subdirs):
        names = _files_of(os.path.join(directory, subdir), follow_links, formats)
        filenames += names
        found += [index] * len(names)
    if labels == "inferred":
        labels, class_names = np.asarray(found, dtype="int32"), subdirs
    elif labels is None:
        class_names = None
    else:
        if len(labels) != len(filenames):
            raise ValueError(
                f"Expected the lengths of `labels` to match the number of files in the target "
                f"directory. len(labels) is {len(labels)} while we found {len(filenames)} files in "
                f"directory {directory}."
            )
        class_names = [str(label) for label in sorted(set(labels))]
    if verbose:
        kinds = "" if labels is None else f" belonging to {len(class_names)} classes"
        print(f"Found {len(filenames)} files{kinds}.")
    paths = [os.path.join(directory, name) for name in filenames]
    if shuffle:
        seed = np.random.randint(1e6) if seed is None else seed
        np.random.RandomState(seed).shuffle(paths)
        if labels is not None:
            labels = list(labels) if isinstance(labels, tuple) else labels
            np.random.RandomState(seed).shuffle(labels)
    return paths, labels, class_names


def _files_of(directory: str, follow_links: bool, formats) -> list:
    """The files under ``directory`` ending in ``formats``, as ``<folder name>/<relative path>``."""
    found = []
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda w: w[0]):
        for name in sorted(files):
            if name.lower().endswith(formats):
                relative = os.path.relpath(os.path.join(root, name), directory)
                found.append(os.path.join(os.path.basename(directory), relative))
    return found


def split(samples, labels, validation_split, subset):
    """The training (all but the last ``validation_split``) or validation part."""
    if not validation_split:
        return samples, labels
    num_val = int(validation_split * len(samples))
    if subset == "training":
        print(f"Using {len(samples) - num_val} files for training.")
        return samples[:-num_val], None if labels is None else labels[:-num_val]
    if subset == "validation":
        print(f"Using {num_val} files for validation.")
        return samples[-num_val:], None if labels is None else labels[-num_val:]
    raise ValueError(f'`subset` must be either "training" or "validation", received: {subset}')


def subsets(paths, labels, validation_split, subset, label_mode, num_classes, shuffle, what):
    """``(paths, encoded labels, shuffled?)`` of each subset asked for (two for ``'both'``: the
    validation one is never shuffled); ``what(part)`` raises when a subset has no file."""
    for part in ("training", "validation") if subset == "both" else (subset,):
        part_paths, part_labels = split(paths, labels, validation_split, part)
        if not part_paths:
            what(part if subset == "both" else None)
        encoded = None if label_mode is None else encode_labels(part_labels, label_mode, num_classes)
        yield part_paths, encoded, shuffle and not (subset == "both" and part == "validation")


def check_validation_split_arg(validation_split, subset, shuffle, seed):
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: {validation_split}")
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError(f'`subset` must be either "training", "validation" or "both", received: {subset}')
    if validation_split and shuffle and seed is None:
        raise ValueError(
            "If using `validation_split` and shuffling the data, you must provide a `seed` argument, "
            "to make sure that there is no overlap between the training and validation subset."
        )


def check_label_mode(labels, label_mode, class_names, prefix="", files="image files", samples="images"):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                f"{prefix}`labels` argument should be a list/tuple of integer labels, of the same size "
                f"as the number of {files} in the target directory. If you wish to infer the labels "
                'from the subdirectory names in the target directory, pass `labels="inferred"`. If you '
                f"wish to get a dataset that only contains {samples} (no labels), pass `labels=None`. "
                f"Received: labels={labels}"
            )
        if class_names:
            raise ValueError(
                f'You can only pass `class_names` if `labels="inferred"`. Received: labels={labels}, '
                f"and class_names={class_names}"
            )
    if label_mode not in {"int", "categorical", "binary", None}:
        raise ValueError(
            '`label_mode` argument must be one of "int", "categorical", "binary", or None. '
            f"Received: label_mode={label_mode}"
        )


def check_binary(label_mode, class_names):
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 class_names. '
            f"Received: class_names={class_names}"
        )


def encode_labels(labels, label_mode, num_classes) -> np.ndarray:
    """Labels as the dataset yields them: int32, one-hot float32, or float32 of shape (n, 1)."""
    labels = np.asarray(labels, dtype="int32")
    if label_mode == "binary":
        return labels.astype("float32")[:, None]
    if label_mode == "categorical":
        return np.eye(num_classes, dtype="float32")[labels]
    return labels
