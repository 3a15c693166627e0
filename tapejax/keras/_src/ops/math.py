"""``keras.ops``' math functions (Keras 3's ``keras.src.ops.math``): segment reductions,
``top_k``, ``logsumexp``, FFTs and short-time Fourier transforms on ``(real, imag)`` pairs,
``erf``/``erfinv``, on tapejax's ``tf.math``/``tf.signal``/``tf.linalg`` as Keras' TF backend.
"""

from __future__ import annotations

from ..backend import tf
from ..backend.ops import cast, pad, stack
from .core import convert_to_tensor, standardize_dtype
from .function_op import operation

_MODULE = "keras.src.ops.math"


def _check_segments(data, segment_ids) -> None:
    if len(segment_ids.shape) > 1:
        raise ValueError(
            "Argument `segment_ids` should be an 1-D vector, got shape: "
            f"{len(segment_ids.shape)}. Consider either flatten input with "
            "segment_ids.reshape((-1)) and "
            "data.reshape((-1, ) + data.shape[len(segment_ids.shape):]) or "
            "vectorize with vmap."
        )
    if segment_ids.shape[0] != data.shape[0]:
        raise ValueError(
            "Argument `segment_ids` and `data` should have same leading "
            f"dimension. Got {tuple(segment_ids.shape)} v.s. {tuple(data.shape)}."
        )


def _segment(kind: str):
    def reduce(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002 - Keras' name
        data, segment_ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        _check_segments(data, segment_ids)
        if sorted:
            if num_segments is not None:
                raise ValueError(
                    "Argument `num_segments` cannot be set when sorted is True when using the "
                    f"tensorflow backend.Received: num_segments={num_segments}, sorted={sorted}."
                )
            return getattr(tf.math, f"segment_{kind}")(data, segment_ids)
        if num_segments is None:
            ids = segment_ids.numpy()
            num_segments = len(set(ids.tolist())) if kind == "sum" else int(ids.max()) + 1
        return getattr(tf.math, f"unsorted_segment_{kind}")(data, segment_ids, num_segments)

    reduce.__name__ = f"segment_{kind}"
    reduce.__doc__ = f"The {kind} of ``data``'s rows in each segment of ``segment_ids``."
    return operation(f"Segment{kind.capitalize()}", "num_segments sorted", module=_MODULE)(reduce)


segment_sum = _segment("sum")
segment_max = _segment("max")
segment_min = _segment("min")
segment_prod = _segment("prod")


@operation("TopK", "k sorted", module=_MODULE)
def top_k(x, k, sorted=True):  # noqa: A002 - Keras' name
    """The ``k`` largest entries of ``x``'s last axis and their indices."""
    return tuple(tf.math.top_k(convert_to_tensor(x), k, sorted=sorted))


@operation("InTopK", "k", module=_MODULE)
def in_top_k(targets, predictions, k):
    """Whether each target is among the ``k`` largest predictions of its row."""
    return tf.math.in_top_k(convert_to_tensor(targets), convert_to_tensor(predictions), k)


@operation("Logsumexp", "axis keepdims", module=_MODULE)
def logsumexp(x, axis=None, keepdims=False):
    """``log(sum(exp(x)))`` over ``axis``, computed stably."""
    return tf.math.reduce_logsumexp(convert_to_tensor(x), axis=axis, keepdims=keepdims)


@operation("CDist", module=_MODULE)
def cdist(x, y):
    """The Euclidean distances between the rows of ``x`` (``(..., m, d)``) and of ``y`` (``(..., n, d)``)."""
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    if len(x.shape) < 2 or len(y.shape) < 2:
        raise ValueError("`cdist` inputs must have rank >= 2")
    if x.shape[-1] != y.shape[-1]:
        raise ValueError("Last dimension of inputs to `cdist` must match")
    diff = tf.math.subtract(x[..., :, None, :], y[..., None, :, :])
    return tf.math.sqrt(tf.math.reduce_sum(tf.math.square(diff), axis=-1))


@operation("ExtractSequences", "sequence_length sequence_stride", module=_MODULE)
def extract_sequences(x, sequence_length, sequence_stride):
    """The windows of ``sequence_length`` along ``x``'s last axis, every ``sequence_stride``."""
    return tf.signal.frame(convert_to_tensor(x), sequence_length, sequence_stride, axis=-1, pad_end=False)


def _complex(x):
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError(f"Input `x` should be a tuple of two tensors - real and imaginary.Received: x={x}")
    real, imag = convert_to_tensor(x[0]), convert_to_tensor(x[1])
    if real.shape != imag.shape:
        raise ValueError(
            "Input `x` should be a tuple of two tensors - real and imaginary.Both the real and "
            f"imaginary parts should have the same shape. Received: x[0].shape = {real.shape}, "
            f"x[1].shape = {imag.shape}"
        )
    if not real.dtype.is_floating or not imag.dtype.is_floating:
        raise ValueError(f"At least one tensor in input `x` is not of type float.Received: x={x}.")
    return tf.math.complex(real, imag)


def _parts(z) -> tuple:
    return tf.math.real(z), tf.math.imag(z)


@operation("FFT", module=_MODULE)
def fft(x):
    """The FFT over the last axis of the complex ``x = (real, imag)``, as ``(real, imag)``."""
    return _parts(tf.signal.fft(_complex(x)))


@operation("FFT2", module=_MODULE)
def fft2(x):
    """The 2-D FFT over the last two axes of ``x = (real, imag)``, as ``(real, imag)``."""
    return _parts(tf.signal.fft2d(_complex(x)))


@operation("IFFT2", module=_MODULE)
def ifft2(x):
    """The inverse 2-D FFT of ``x = (real, imag)``, as ``(real, imag)`` (Keras' conjugate form)."""
    real, imag = convert_to_tensor(x[0]), convert_to_tensor(x[1])
    size = float(real.shape[-2] * real.shape[-1])
    fft_real, fft_imag = fft2((real, tf.math.negative(imag)))
    return tf.math.divide(fft_real, size), tf.math.divide(tf.math.negative(fft_imag), size)


@operation("RFFT", "fft_length", module=_MODULE)
def rfft(x, fft_length=None):
    """The FFT of the real ``x`` over its last axis (non-negative frequencies), as ``(real, imag)``."""
    return _parts(
        tf.signal.rfft(convert_to_tensor(x), fft_length=None if fft_length is None else [fft_length])
    )


@operation("IRFFT", "fft_length", module=_MODULE)
def irfft(x, fft_length=None):
    """The real inverse of :func:`rfft` for ``x = (real, imag)``."""
    return tf.signal.irfft(_complex(x), None if fft_length is None else [fft_length])


def _window(window, sequence_length: int, fft_length: int, dtype):
    """Keras' window: named (``"hann"``, ``"hamming"``, periodic) or given, centred in ``fft_length``."""
    if window is None:
        return None
    if isinstance(window, str):
        make = tf.signal.hann_window if window == "hann" else tf.signal.hamming_window
        values = make(sequence_length, periodic=True, dtype=dtype)
    else:
        values = convert_to_tensor(window, dtype=dtype)
    if len(values.shape) != 1 or values.shape[-1] != sequence_length:
        raise ValueError(
            f"The shape of `window` must be equal to [sequence_length].Received: window shape={values.shape}"
        )
    left = (fft_length - sequence_length) // 2
    return pad(values, [[left, fft_length - sequence_length - left]])


def _check_window_name(window) -> None:
    if isinstance(window, str) and window not in {"hann", "hamming"}:
        raise ValueError(
            f'If a string is passed to `window`, it must be one of `"hann"`, `"hamming"`. Received: window={window}'
        )


@operation("STFT", "sequence_length sequence_stride fft_length window center", module=_MODULE)
def stft(x, sequence_length, sequence_stride, fft_length, window="hann", center=True):
    """The short-time Fourier transform of ``x`` over its last axis, as ``(real, imag)``."""
    x = convert_to_tensor(x)
    if standardize_dtype(x.dtype) not in {"float32", "float64"}:
        raise TypeError(
            f"Invalid input type. Expected `float32` or `float64`. Received: input type={x.dtype}"
        )
    if fft_length < sequence_length:
        raise ValueError(
            "`fft_length` must equal or larger than `sequence_length`. "
            f"Received: sequence_length={sequence_length}, fft_length={fft_length}"
        )
    _check_window_name(window)
    if center:
        widths = [[0, 0]] * (len(x.shape) - 1) + [[fft_length // 2, fft_length // 2]]
        x = pad(x, widths, mode="reflect")
    values = _window(window, sequence_length, fft_length, x.dtype)
    window_fn = None if values is None else (lambda length, dtype: values)
    return _parts(tf.signal.stft(x, fft_length, sequence_stride, fft_length=fft_length, window_fn=window_fn))


@operation("ISTFT", "sequence_length sequence_stride fft_length length window center", module=_MODULE)
def istft(x, sequence_length, sequence_stride, fft_length, length=None, window="hann", center=True):
    """The inverse of :func:`stft` for ``x = (real, imag)``."""
    z = _complex(x)
    dtype = tf.math.real(z).dtype
    values = _window(window, sequence_length, fft_length, dtype)
    window_fn = None
    if values is not None:
        window_fn = tf.signal.inverse_stft_window_fn(sequence_stride, lambda length, dtype: values)
    out = tf.signal.inverse_stft(z, fft_length, sequence_stride, fft_length=fft_length, window_fn=window_fn)
    start = fft_length // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = -(fft_length // 2)
    else:
        end = fft_length + sequence_stride * (int(z.shape[-2]) - 1)
    return out[..., start:end]


@operation("Rsqrt", module=_MODULE)
def rsqrt(x):
    """``1 / sqrt(x)``."""
    return tf.math.rsqrt(convert_to_tensor(x))


@operation("Erf", module=_MODULE)
def erf(x):
    """The error function."""
    return tf.math.erf(convert_to_tensor(x))


@operation("Erfc", module=_MODULE)
def erfc(x):
    """``1 - erf(x)``, accurate for large ``x``."""
    return tf.math.erfc(convert_to_tensor(x))


@operation("Erfinv", module=_MODULE)
def erfinv(x):
    """The inverse of the error function (float16 computed in float32)."""
    x = convert_to_tensor(x)
    if x.dtype.name in ("float16", "bfloat16"):
        return cast(tf.math.erfinv(cast(x, "float32")), x.dtype.name)
    return tf.math.erfinv(x)


@operation("Logdet", module=_MODULE)
def logdet(x):
    """The log-determinant of the Hermitian positive definite matrices ``x``."""
    return tf.linalg.logdet(convert_to_tensor(x))


@operation("ViewAsComplex", module=_MODULE)
def view_as_complex(x):
    """``x[..., 0] + 1j * x[..., 1]`` for ``x`` of last dimension 2, as complex64."""
    x = convert_to_tensor(x)
    if len(x.shape) < 1 or x.shape[-1] != 2:
        raise ValueError(
            f"Last dimension of input must be size 2 (real and imaginary). Received shape: {tuple(x.shape)}"
        )
    return tf.math.complex(cast(x[..., 0], "float32"), cast(x[..., 1], "float32"))


@operation("ViewAsReal", module=_MODULE)
def view_as_real(x):
    """The real and imaginary parts of ``x``, stacked on a new last axis."""
    x = convert_to_tensor(x)
    return stack([tf.math.real(x), tf.math.imag(x)], axis=-1)
