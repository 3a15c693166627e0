"""``CSVLogger``: each epoch's logs as a row of a CSV file."""

from __future__ import annotations

import collections
import csv
import os

import numpy as np

from .callback import Callback


class CSVLogger(Callback):
    """Writes each epoch's logs as a CSV row (``epoch`` then the sorted log names), as Keras does.

    Args:
      filename: the CSV file.
      separator: the field separator.
      append: append to an existing file (its header is kept) instead of overwriting it.
    """

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.sep, self.filename, self.append = separator, os.fspath(filename), append
        self.writer = self.keys = self.csv_file = None
        self.append_header = True

    def on_train_begin(self, logs=None):
        if self.append and os.path.exists(self.filename):
            with open(self.filename) as f:
                self.append_header = not bool(len(f.readline()))
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, "a" if self.append else "w")  # noqa: SIM115 (closed at train end)
        self.writer = self.keys = None

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs.keys())
            if self.keys and not any(key.startswith("val_") for key in self.keys):
                self.keys.extend([f"val_{k}" for k in self.keys])
        if not self.writer:
            dialect = type("CustomDialect", (csv.excel,), {"delimiter": self.sep})
            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch", *self.keys], dialect=dialect)
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((key, _csv_value(logs.get(key, "NA"))) for key in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.writer = None


def _csv_value(value):
    if isinstance(value, str) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value
    if isinstance(value, collections.abc.Iterable):
        return f'"[{", ".join(map(str, value))}]"'
    return value
