"""``keras.utils.pad_sequences``: a list of sequences as one padded, truncated 2D array."""

from __future__ import annotations

import numpy as np


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Lists of different lengths as one ``(len(sequences), maxlen)`` numpy array.

    >>> import tapejax as tf
    >>> tf.keras.utils.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding='post')
    array([[2, 3],
           [4, 0]], dtype=int32)
    """
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape = [], None
    for x in sequences:
        try:
            lengths.append(len(x))
        except TypeError as e:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: {x!s}") from e
        if sample_shape is None and len(x):
            sample_shape = np.asarray(x).shape[1:]
    sample_shape = sample_shape or ()
    if maxlen is None:
        maxlen = np.max(lengths)
    is_dtype_str = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_dtype_str:
        raise ValueError(
            f"`dtype` {dtype} is not compatible with `value`'s type: {type(value)}\nYou should "
            "set `dtype=object` for variable length strings."
        )
    out = np.full((len(sequences), maxlen, *sample_shape), value, dtype=dtype)
    for idx, s in enumerate(sequences):
        if not len(s):
            continue
        if truncating not in ("pre", "post"):
            raise ValueError(f'Truncating type "{truncating}" not understood')
        trunc = np.asarray(s[-maxlen:] if truncating == "pre" else s[:maxlen], dtype=dtype)
        if trunc.shape[1:] != sample_shape:
            raise ValueError(
                f"Shape of sample {trunc.shape[1:]} of sequence at position {idx} is different "
                f"from expected shape {sample_shape}"
            )
        if padding == "post":
            out[idx, : len(trunc)] = trunc
        elif padding == "pre":
            out[idx, -len(trunc) :] = trunc
        else:
            raise ValueError(f'Padding type "{padding}" not understood')
    return out
