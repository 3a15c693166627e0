"""``keras.preprocessing.sequence``: ``TimeseriesGenerator`` (windows of a series, a
``PyDataset``), ``make_sampling_table`` and ``skipgrams`` (word2vec's pairs), as Keras 2
left them; their random draws are numpy's and Python's global generators, as in Keras."""

from __future__ import annotations

import json
import random

import numpy as np

from ...utils.py_dataset import PyDataset


class TimeseriesGenerator(PyDataset):
    """Batches of ``(windows of data, the target just after each window)``.

    >>> import numpy as np, tapejax as tf
    >>> g = tf.keras.preprocessing.sequence.TimeseriesGenerator(np.arange(6), np.arange(6), length=2, batch_size=2)
    >>> x, y = g[0]
    >>> x.tolist(), y.tolist()
    ([[0, 1], [1, 2]], [2, 3])
    """

    def __init__(self, data, targets, length, sampling_rate=1, stride=1, start_index=0, end_index=None,
                 shuffle=False, reverse=False, batch_size=128, **kwargs):  # fmt: skip
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError(
                f"Data and targets have to be of same length. Data length is {len(data)} while target "
                f"length is {len(targets)}"
            )
        self.data, self.targets, self.length = data, targets, length
        self.sampling_rate, self.stride = sampling_rate, stride
        self.start_index = start_index + length
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle, self.reverse, self.batch_size = shuffle, reverse, batch_size
        if self.start_index > self.end_index:
            raise ValueError(
                f"`start_index+length={self.start_index} > end_index={self.end_index}` is disallowed, as "
                "no part of the sequence would be left to be used as current step."
            )

    def __len__(self):
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index):
        if self.shuffle:  # numpy's global generator, as Keras
            rows = np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            rows = np.arange(
                first, min(first + self.batch_size * self.stride, self.end_index + 1), self.stride
            )
        samples = np.array([self.data[row - self.length : row : self.sampling_rate] for row in rows])
        targets = np.array([self.targets[row] for row in rows])
        return (samples[:, ::-1, ...], targets) if self.reverse else (samples, targets)

    def get_config(self) -> dict:
        """The generator's arguments, ``data`` and ``targets`` as JSON strings (Keras 3 fails
        here, calling a ``PyDataset.get_config`` that does not exist; this returns the dict)."""
        return {
            "data": _json(self.data, "Data"),
            "targets": _json(self.targets, "Targets"),
            "length": self.length,
            "sampling_rate": self.sampling_rate,
            "stride": self.stride,
            "start_index": self.start_index,
            "end_index": self.end_index,
            "shuffle": self.shuffle,
            "reverse": self.reverse,
            "batch_size": self.batch_size,
        }

    def to_json(self, **kwargs) -> str:
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)


def _json(values, what: str) -> str:
    values = values.tolist() if isinstance(values, np.ndarray) else values
    try:
        return json.dumps(values)
    except TypeError as e:
        raise TypeError(f"{what} not JSON Serializable: {values}") from e


def make_sampling_table(size, sampling_factor=1e-05) -> np.ndarray:
    """The probability of keeping the word of each frequency rank (Zipf's law, word2vec's rule).

    >>> import tapejax as tf
    >>> tf.keras.preprocessing.sequence.make_sampling_table(3).round(5).tolist()
    [0.00315, 0.00315, 0.00548]
    """
    gamma = 0.577  # Euler-Mascheroni, as Keras rounds it
    rank = np.arange(size)
    rank[0] = 1
    inv_fq = rank * (np.log(rank) + gamma) + 0.5 - 1.0 / (12.0 * rank)
    f = sampling_factor * inv_fq
    return np.minimum(1.0, f / np.sqrt(f))


def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0, shuffle=True,
              categorical=False, sampling_table=None, seed=None):  # fmt: skip
    """``(couples, labels)``: ``[word, context word]`` pairs within ``window_size`` (label 1)
    and ``negative_samples`` times as many ``[word, random word]`` pairs (label 0); index 0 is
    skipped. Draws use Python's ``random`` (seeded by ``seed`` for the final shuffle)."""
    couples, labels = [], []
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    for i, wi in enumerate(sequence):
        if not wi or (sampling_table is not None and sampling_table[wi] < random.random()):
            continue
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j != i and sequence[j]:
                couples.append([wi, sequence[j]])
                labels.append(positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        words = [c[0] for c in couples]
        random.shuffle(words)
        couples += [[words[i % len(words)], random.randint(1, vocabulary_size - 1)] for i in range(count)]
        labels += [negative] * count
    if shuffle:
        seed = random.randint(0, 10_000_000) if seed is None else seed
        random.seed(seed)
        random.shuffle(couples)
        random.seed(seed)
        random.shuffle(labels)
    return couples, labels
