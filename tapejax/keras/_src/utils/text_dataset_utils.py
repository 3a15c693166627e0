"""``keras.utils.text_dataset_from_directory``: not available, tapejax tensors hold no strings."""

from __future__ import annotations


def text_dataset_from_directory(directory, *args, **kwargs):
    """Raises ``NotImplementedError``: Keras gives a Dataset of string tensors, which tapejax
    does not have (read the files in Python and vectorize them before making a Dataset)."""
    raise NotImplementedError(
        "text_dataset_from_directory is not available in tapejax: its dataset holds string tensors, "
        "which tapejax does not have. Read the text files in Python and turn them into numbers (a "
        "vocabulary lookup) before building a tf.data.Dataset."
    )
