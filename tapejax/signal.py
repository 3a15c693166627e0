"""``tf.signal``: FFTs, framing, windows, spectrograms, DCTs and the mel scale (the op
definitions live in ``_ops/signal/``).

A namespace: re-exports only (see the README's Architecture)."""

from ._ops.signal.dct_ops import (
    dct,
    idct,
)
from ._ops.signal.fft_ops import (
    fft,
    fft2d,
    fft3d,
    fftnd,
    fftshift,
    ifft,
    ifft2d,
    ifft3d,
    ifftnd,
    ifftshift,
    irfft,
    irfft2d,
    irfft3d,
    irfftnd,
    rfft,
    rfft2d,
    rfft3d,
    rfftnd,
)
from ._ops.signal.mel_ops import (
    linear_to_mel_weight_matrix,
    mfccs_from_log_mel_spectrograms,
)
from ._ops.signal.shape_ops import (
    frame,
    overlap_and_add,
)
from ._ops.signal.spectral_ops import (
    inverse_mdct,
    inverse_stft,
    inverse_stft_window_fn,
    mdct,
    stft,
)
from ._ops.signal.window_ops import (
    hamming_window,
    hann_window,
    kaiser_bessel_derived_window,
    kaiser_window,
    vorbis_window,
)

__all__ = [
    "dct",
    "fft",
    "fft2d",
    "fft3d",
    "fftnd",
    "fftshift",
    "frame",
    "hamming_window",
    "hann_window",
    "idct",
    "ifft",
    "ifft2d",
    "ifft3d",
    "ifftnd",
    "ifftshift",
    "inverse_mdct",
    "inverse_stft",
    "inverse_stft_window_fn",
    "irfft",
    "irfft2d",
    "irfft3d",
    "irfftnd",
    "kaiser_bessel_derived_window",
    "kaiser_window",
    "linear_to_mel_weight_matrix",
    "mdct",
    "mfccs_from_log_mel_spectrograms",
    "overlap_and_add",
    "rfft",
    "rfft2d",
    "rfft3d",
    "rfftnd",
    "stft",
    "vorbis_window",
]
