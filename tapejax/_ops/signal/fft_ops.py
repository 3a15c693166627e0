"""The FFT family (``tf.signal.fft`` ... ``irfftnd``, ``fftshift``), with TF's ``fft_length``.

TF's rules, observed in TF 2.21:

* ``fft``/``ifft``/``fft2d``/``fft3d`` take complex64/complex128 tensors (a Python list becomes
  complex64) and transform the innermost 1, 2 or 3 axes.
* ``rfft*`` take float32 (-> complex64) or float64 (-> complex128); ``irfft*`` the reverse.
  ``fft_length`` (one int per transformed axis) crops or zero-pads the input's inner axes;
  ``irfft*``'s default is ``2 * (n - 1)`` for the innermost axis.
* ``*nd`` (``fftnd``, ``rfftnd`` ...; also ``tf.fftnd`` ...) take ``axes`` and ``norm``. TF 2.21
  has no CPU kernel for them (NotFoundError on CPU); tapejax computes them on any device with
  ``numpy.fft.fftn``'s semantics, which TF's documentation describes.

Every transform is one recorded op over ``jax.numpy.fft``, whose derivatives are TF's
(checked against TF's gradients in ``tests/test_signal.py``).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values.access import np_shape
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor, TensorLike
from ..array_ops import roll
from ..builders import COMPLEX, check_dtype
from ._args import at_least_rank


def _axes(rank: int) -> tuple:
    return tuple(range(-rank, 0))


def _complex_full(x, axes, norm, inverse):
    return (jnp.fft.ifftn if inverse else jnp.fft.fftn)(x, axes=axes, norm=norm)


_FFT = Op("FFT", lambda x, axes, norm: _complex_full(x, axes, norm, False))
_IFFT = Op("IFFT", lambda x, axes, norm: _complex_full(x, axes, norm, True))
_FFT_S = Op("FFTND", lambda x, s, axes, norm: jnp.fft.fftn(x, s=s, axes=axes, norm=norm))
_IFFT_S = Op("IFFTND", lambda x, s, axes, norm: jnp.fft.ifftn(x, s=s, axes=axes, norm=norm))
_RFFT = Op("RFFT", lambda x, s, axes, norm: jnp.fft.rfftn(x, s=s, axes=axes, norm=norm))
_IRFFT = Op("IRFFT", lambda x, s, axes, norm: jnp.fft.irfftn(x, s=s, axes=axes, norm=norm))
_NORMS = (None, "backward", "forward", "ortho")


def _shape_text(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _check_rank(x: Tensor, rank: int, op_name: str) -> None:
    if len(np_shape(x)) < rank:
        raise InvalidArgumentError(
            f"Input must have rank of at least {rank} but got: {_shape_text(np_shape(x))} [Op:{op_name}]; "
            f"{op_name} transforms the innermost {rank} axes."
        )


def _complex_input(input, op_name: str) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input, dtype_hint=_dtypes.complex64)
    check_dtype(op_name, COMPLEX, x, attr="Tcomplex")
    return x


def _fft_lengths(fft_length, rank: int, op_name: str) -> tuple:
    """``fft_length`` (a list or 1-D tensor of ``rank`` ints) as a tuple, with TF's checks."""
    lengths = np.asarray(convert_to_tensor(fft_length, dtype=_dtypes.int32))
    if lengths.ndim == 0:
        raise TypeError(
            f"fft_length must be a list of {rank} int(s), one per transformed axis, got the scalar "
            f"{int(lengths)}; pass fft_length=[{int(lengths)}]."
        )
    if lengths.shape != (rank,):
        raise InvalidArgumentError(f"fft_length must have shape [{rank}] [Op:{op_name}]")
    for i, n in enumerate(lengths.tolist()):
        if n < 0:
            raise InvalidArgumentError(f"fft_length[{i}] must >= 0, but got: {n} [Op:{op_name}]")
    return tuple(int(n) for n in lengths)


def _check_nonzero(x: Tensor, lengths: tuple, op_name: str) -> bool:
    """Whether ``x`` is empty (the result is zeros then); a zero length of a non-empty input is
    an error (TF 2.21's kernel aborts the process there)."""
    if 0 in np_shape(x):
        return True
    if 0 in lengths:
        raise InvalidArgumentError(
            f"fft_length {list(lengths)} holds a 0 for a non-empty input [Op:{op_name}]: a transform "
            "of length 0 is undefined (TF 2.21 aborts the process); give each transformed axis a "
            "length of at least 1."
        )
    return False


def _transform(op: Op, x: Tensor, lengths: tuple, axes: tuple, norm, out_dtype, out_lengths) -> Tensor:
    shape = list(np_shape(x))
    if _check_nonzero(x, lengths, op.name):
        for a, n in zip(axes, out_lengths, strict=True):
            shape[a] = n
        return convert_to_tensor(np.zeros(shape, _dtypes.as_dtype(out_dtype).as_numpy_dtype))
    return record(op, (x,), {"s": lengths, "axes": axes, "norm": norm})


def _named(transform, tf_name: str, doc: str):
    transform.__name__ = transform.__qualname__ = tf_name.lower()
    transform.__doc__ = doc
    return transform


def _complex_fft(rank: int, inverse: bool):
    op = _IFFT if inverse else _FFT
    tf_name = ("IFFT" if inverse else "FFT") + ("" if rank == 1 else f"{rank}D")

    def transform(input, name=None) -> Tensor:  # noqa: A002 - TF's name
        x = _complex_input(input, tf_name)
        _check_rank(x, rank, tf_name)
        if 0 in np_shape(x):
            return x
        return record(op, (x,), {"axes": _axes(rank), "norm": None})

    direction = "inverse " if inverse else ""
    return _named(
        transform,
        tf_name,
        f"The {direction}{rank}-D discrete Fourier transform over the innermost {rank} axis(es) of a "
        f"complex tensor (``tf.signal.{tf_name.lower()}``).",
    )


fft = _complex_fft(1, False)
ifft = _complex_fft(1, True)
fft2d = _complex_fft(2, False)
ifft2d = _complex_fft(2, True)
fft3d = _complex_fft(3, False)
ifft3d = _complex_fft(3, True)
fft.__doc__ += """

    >>> import tapejax as tf
    >>> tf.signal.fft([1.0, 2.0])
    <tf.Tensor: shape=(2,), dtype=complex64, numpy=array([ 3.+0.j, -1.+0.j], dtype=complex64)>
"""


def _real_input(input_tensor, what: str) -> Tensor:
    x = convert_to_tensor(input_tensor, dtype_hint=_dtypes.float32)
    if x.dtype not in (_dtypes.float32, _dtypes.float64):
        raise ValueError(f"{what} requires tf.float32 or tf.float64 inputs, got: {x}")
    return x


def _rfft(rank: int):
    tf_name = "RFFT" + ("" if rank == 1 else f"{rank}D")

    def transform(input_tensor, fft_length=None, name=None) -> Tensor:
        x = _real_input(input_tensor, "RFFT")
        at_least_rank(x, rank)
        axes = _axes(rank)
        lengths = np_shape(x)[-rank:] if fft_length is None else _fft_lengths(fft_length, rank, tf_name)
        out = (*lengths[:-1], lengths[-1] // 2 + 1 if lengths[-1] else 0)
        complex_dtype = _dtypes.complex64 if x.dtype == _dtypes.float32 else _dtypes.complex128
        return _transform(_RFFT, x, tuple(lengths), axes, None, complex_dtype, out)

    return _named(
        transform,
        tf_name,
        f"The {rank}-D FFT of a real tensor over its innermost {rank} axis(es): only the non-negative "
        f"frequencies of the last one (``tf.signal.{tf_name.lower()}``). ``fft_length`` crops or "
        "zero-pads each transformed axis; float32 gives complex64, float64 complex128.",
    )


def _irfft(rank: int):
    tf_name = "IRFFT" + ("" if rank == 1 else f"{rank}D")

    def transform(input_tensor, fft_length=None, name=None) -> Tensor:
        x = _complex_irfft_input(input_tensor, rank)
        axes = _axes(rank)
        if fft_length is None:
            lengths = (*np_shape(x)[-rank:-1], max(0, 2 * (np_shape(x)[-1] - 1)))
        else:
            lengths = _fft_lengths(fft_length, rank, tf_name)
        real = _dtypes.float32 if x.dtype == _dtypes.complex64 else _dtypes.float64
        return _transform(_IRFFT, x, tuple(lengths), axes, None, real, lengths)

    return _named(
        transform,
        tf_name,
        f"The inverse of ``rfft{'' if rank == 1 else f'{rank}d'}``: a real signal from the "
        f"non-negative frequencies of its {rank}-D FFT (``tf.signal.{tf_name.lower()}``). "
        "``fft_length`` (default ``2 * (n - 1)`` for the innermost axis) is the output's length.",
    )


def _complex_irfft_input(input_tensor, rank: int) -> Tensor:
    x = convert_to_tensor(input_tensor, dtype_hint=_dtypes.complex64)
    at_least_rank(x, rank)
    if x.dtype not in (_dtypes.complex64, _dtypes.complex128):
        raise ValueError(f"IRFFT requires tf.complex64 or tf.complex128 inputs, got: {x}")
    return x


rfft, rfft2d, rfft3d = _rfft(1), _rfft(2), _rfft(3)
irfft, irfft2d, irfft3d = _irfft(1), _irfft(2), _irfft(3)
rfft.__doc__ += """

    >>> import tapejax as tf
    >>> tf.signal.rfft([1.0, 2.0, 3.0, 4.0], fft_length=[2])
    <tf.Tensor: shape=(2,), dtype=complex64, numpy=array([ 3.+0.j, -1.+0.j], dtype=complex64)>
"""


# -- N-D transforms over chosen axes (numpy.fft's semantics) ---------------------------------
def _nd_args(x: Tensor, fft_length, axes, norm, op_name: str, inverse_real: bool = False):
    rank = len(np_shape(x))
    axes = tuple(range(rank)) if axes is None else tuple(int(a) for a in np.asarray(axes).reshape(-1))
    for a in axes:
        if not -rank <= a < rank:
            raise InvalidArgumentError(
                f"axes {list(axes)} out of range for a tensor of rank {rank} [Op:{op_name}]; "
                f"each axis must be in [{-rank}, {rank})."
            )
    axes = tuple(a % rank for a in axes)
    if norm not in _NORMS:
        raise ValueError(
            f"norm must be one of None, 'backward', 'forward' or 'ortho', got {norm!r} ({op_name})"
        )
    if fft_length is not None:
        return _fft_lengths(fft_length, len(axes), op_name), axes, norm
    lengths = [np_shape(x)[a] for a in axes]
    if inverse_real and lengths:
        lengths[-1] = max(0, 2 * (lengths[-1] - 1))
    return tuple(lengths), axes, norm


def _complex_nd(op: Op, tf_name: str):
    def transform(input_tensor, fft_length=None, axes=None, norm=None, name=None) -> Tensor:
        x = convert_to_tensor(input_tensor, dtype_hint=_dtypes.complex64)
        check_dtype(tf_name, COMPLEX, x, attr="Tcomplex")
        lengths, axes_, norm_ = _nd_args(x, fft_length, axes, norm, tf_name)
        return _transform(op, x, lengths, axes_, norm_, x.dtype, lengths)

    transform.__name__ = transform.__qualname__ = tf_name.lower()
    return transform


fftnd = _complex_nd(_FFT_S, "FFTND")
ifftnd = _complex_nd(_IFFT_S, "IFFTND")
fftnd.__doc__ = """The N-D FFT over ``axes`` (default: all) of a complex tensor, each axis cropped or
    zero-padded to ``fft_length``; ``norm`` is numpy's (``tf.signal.fftnd``, ``tf.fftnd``).

    >>> import tapejax as tf
    >>> tf.signal.fftnd([[1.0, 2.0], [3.0, 4.0]])
    <tf.Tensor: shape=(2, 2), dtype=complex64, numpy=
    array([[10.+0.j, -2.+0.j],
           [-4.+0.j,  0.+0.j]], dtype=complex64)>
    """
ifftnd.__doc__ = "The inverse of ``fftnd`` (``tf.signal.ifftnd``, ``tf.ifftnd``)."


def rfftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None) -> Tensor:
    """The N-D FFT of a real tensor over ``axes`` (default: all), keeping the non-negative
    frequencies of the last axis (``tf.signal.rfftnd``, ``tf.rfftnd``)."""
    x = _real_input(input_tensor, "RFFT")
    lengths, axes_, norm_ = _nd_args(x, fft_length, axes, norm, "RFFTND")
    out = (*lengths[:-1], lengths[-1] // 2 + 1 if lengths[-1] else 0) if lengths else ()
    complex_dtype = _dtypes.complex64 if x.dtype == _dtypes.float32 else _dtypes.complex128
    return _transform(_RFFT, x, lengths, axes_, norm_, complex_dtype, out)


def irfftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None) -> Tensor:
    """The inverse of ``rfftnd``: ``fft_length`` (default ``2 * (n - 1)`` for the last axis)
    is the output's size on each axis (``tf.signal.irfftnd``, ``tf.irfftnd``)."""
    x = _complex_irfft_input(input_tensor, 0)
    lengths, axes_, norm_ = _nd_args(x, fft_length, axes, norm, "IRFFTND", inverse_real=True)
    real = _dtypes.float32 if x.dtype == _dtypes.complex64 else _dtypes.float64
    return _transform(_IRFFT, x, lengths, axes_, norm_, real, lengths)


# -- shifts ----------------------------------------------------------------------------------
def _shift_axes(x: Tensor, axes) -> tuple:
    rank = len(np_shape(x))
    if axes is None:
        return tuple(range(rank))
    if isinstance(axes, TensorLike):
        axes = np.asarray(axes)
    axes = tuple(int(a) for a in np.asarray(axes).reshape(-1))
    for a in axes:
        if not -rank <= a < rank:
            raise InvalidArgumentError(
                f"slice index {a} of dimension 0 out of bounds. [Op:StridedSlice] (fftshift's axes "
                f"must be in [{-rank}, {rank}) for a tensor of rank {rank})"
            )
    return axes


def fftshift(x, axes=None, name=None) -> Tensor:
    """Moves the zero frequency to the center of ``axes`` (default: all) (``tf.signal.fftshift``).

    >>> import tapejax as tf
    >>> tf.signal.fftshift([0, 1, 2, 3, 4])
    <tf.Tensor: shape=(5,), dtype=int32, numpy=array([3, 4, 0, 1, 2], dtype=int32)>
    """
    x = convert_to_tensor(x)
    axes = _shift_axes(x, axes)
    return roll(x, [np_shape(x)[a] // 2 for a in axes], axes) if axes else x


def ifftshift(x, axes=None, name=None) -> Tensor:
    """The inverse of ``fftshift`` (``tf.signal.ifftshift``)."""
    x = convert_to_tensor(x)
    axes = _shift_axes(x, axes)
    return roll(x, [-(np_shape(x)[a] // 2) for a in axes], axes) if axes else x
