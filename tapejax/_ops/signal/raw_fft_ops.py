"""TF's raw N-D FFT ops, which TF 2.21 exports at the top level (``tf.fftnd``, ``tf.ifftnd``,
``tf.rfftnd``, ``tf.irfftnd``): ``fft_length`` and ``axes`` are required and the result's dtype is
an argument (``Tcomplex``/``Treal``). They run ``tf.signal``'s transforms (``fft_ops.py``)."""

from __future__ import annotations

from ..._core.values import dtype as _dtypes
from ..._core.values.tensor import Tensor
from ..array_ops import cast
from . import fft_ops as _signal


def fftnd(input, fft_length, axes, name=None) -> Tensor:  # noqa: A002 - TF's name
    """``tf.fftnd``: TF's raw ``FFTND`` op (``tf.signal.fftnd`` with ``fft_length`` and ``axes``)."""
    return _signal.fftnd(input, fft_length, axes)


def ifftnd(input, fft_length, axes, name=None) -> Tensor:  # noqa: A002
    """``tf.ifftnd``: TF's raw ``IFFTND`` op."""
    return _signal.ifftnd(input, fft_length, axes)


def rfftnd(input, fft_length, axes, Tcomplex=_dtypes.complex64, name=None) -> Tensor:  # noqa: A002, N803
    """``tf.rfftnd``: TF's raw ``RFFTND`` op; the result has dtype ``Tcomplex``."""
    x = _signal.rfftnd(input, fft_length, axes)
    return x if x.dtype == _dtypes.as_dtype(Tcomplex) else cast(x, Tcomplex)


def irfftnd(input, fft_length, axes, Treal=_dtypes.float32, name=None) -> Tensor:  # noqa: A002, N803
    """``tf.irfftnd``: TF's raw ``IRFFTND`` op; the result has dtype ``Treal``."""
    x = _signal.irfftnd(input, fft_length, axes)
    return x if x.dtype == _dtypes.as_dtype(Treal) else cast(x, Treal)
