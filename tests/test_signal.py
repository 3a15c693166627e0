"""``tf.signal`` (issue 21): TF 2.21's values and gradients, JAX's and finite differences'
gradients, every mode (eager, tape, ``tf.function``, ``jax.jit``) and TF's errors.

``tests/data/signal_tf221.json`` holds TF 2.21's results for the expressions it lists (computed
once in the scratch TF venv, ``tf`` being TensorFlow there and tapejax here): each expression's
value, and the gradient of a function's sum with respect to an input (``"<fn> @ <input>"``).
TF 2.21 has no CPU kernel for ``fftnd``/``rfftnd``/... (NotFoundError), so those are checked
against ``numpy.fft``, whose semantics TF's documentation gives them.
"""

from __future__ import annotations

import json
import os

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tests.helpers import check_gradient

STORED = json.load(open(os.path.join(os.path.dirname(__file__), "data", "signal_tf221.json")))


def _expected(entry) -> np.ndarray:
    values = entry["values"]
    if entry["dtype"].startswith("complex"):
        values = [complex(re, im) for re, im in values]
    return np.asarray(values).reshape(entry["shape"])


def _tolerance(dtype: str, expected: np.ndarray) -> dict:
    scale = max(1.0, float(np.max(np.abs(expected)))) if expected.size else 1.0
    if dtype in ("float16", "bfloat16"):
        return {"rtol": 1e-2, "atol": 1e-2 * scale}
    if dtype in ("float64", "complex128"):
        return {"rtol": 1e-10, "atol": 1e-10 * scale}
    return {"rtol": 1e-5, "atol": 2e-6 * scale}  # FFTs of float32 sums: a few ulps of the largest value


def _check(result, entry) -> None:
    expected = _expected(entry)
    assert result.dtype.name == entry["dtype"]
    assert list(result.shape) == entry["shape"]
    actual = np.asarray(result.numpy()).astype(expected.dtype)
    np.testing.assert_allclose(actual, expected, **_tolerance(entry["dtype"], expected))


@pytest.mark.parametrize("expression", sorted(STORED["values"]))
def test_values_are_tf_values(expression):
    _check(eval(expression), STORED["values"][expression])


@pytest.mark.parametrize("case", sorted(STORED["grads"]))
def test_gradients_are_tf_gradients(case):
    fn, x = case.split(" @ ")
    f, x = eval(fn), eval(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    _check(tape.gradient(y, x), STORED["grads"][case])


# -- gradients against jax.grad and finite differences (float64) ------------------------------
def _jax_frame(x, length, step):
    count = 1 + (x.shape[-1] - length) // step
    return jnp.stack([x[i * step : i * step + length] for i in range(count)])


def _jax_overlap_and_add(x, step):
    frames, length = x.shape
    out = jnp.zeros(length + step * (frames - 1), x.dtype)
    for i in range(frames):
        out = out.at[i * step : i * step + length].add(x[i])
    return out


SIGNAL = np.sin(np.arange(12.0) * 0.7) + 0.05 * np.arange(12.0)


def test_dct_gradient_is_jax_and_finite_differences():
    w = np.arange(12.0)
    check_gradient(lambda x: tf.signal.dct(x) * w, lambda x: jax.scipy.fft.dct(x) * w, SIGNAL)
    check_gradient(
        lambda x: tf.signal.dct(x, norm="ortho") * w, lambda x: jax.scipy.fft.dct(x, norm="ortho") * w, SIGNAL
    )


def test_rfft_and_frame_gradients_are_jax_and_finite_differences():
    check_gradient(
        lambda x: tf.abs(tf.signal.rfft(x, fft_length=[16])), lambda x: jnp.abs(jnp.fft.rfft(x, 16)), SIGNAL
    )
    w = np.arange(20.0).reshape(5, 4)
    check_gradient(lambda x: tf.signal.frame(x, 4, 2) * w, lambda x: _jax_frame(x, 4, 2) * w, SIGNAL)
    frames = SIGNAL.reshape(4, 3)
    w = np.arange(9.0)
    check_gradient(
        lambda x: tf.signal.overlap_and_add(x, 2) * w, lambda x: _jax_overlap_and_add(x, 2) * w, frames
    )


def test_stft_gradient_is_jax_and_finite_differences():
    window = np.asarray(tf.signal.hann_window(4, dtype=tf.float64))

    def jax_stft(x):
        return jnp.abs(jnp.fft.rfft(_jax_frame(x, 4, 2) * window, 4))

    check_gradient(lambda x: tf.abs(tf.signal.stft(x, 4, 2)), jax_stft, SIGNAL)


@pytest.mark.parametrize(
    "fn, x",
    [
        (
            tf.signal.rfft3d,
            np.sin(np.arange(12.0)).reshape(2, 2, 3),
        ),  # TF has no gradient: LookupError
        (lambda x: tf.signal.irfft(x, fft_length=[5]), np.array([1 + 2j, 3 - 1j, 0.5 + 0.25j])),
        (tf.signal.fft2d, np.array([[1 + 2j, 3 - 1j], [0.5 + 0.25j, -2 + 1j]])),
        (lambda x: tf.signal.dct(x, type=1), SIGNAL),
        (lambda x: tf.signal.idct(x, type=3, norm="ortho"), SIGNAL),
        (lambda x: tf.signal.mdct(x, 4), SIGNAL),
        (tf.signal.inverse_mdct, SIGNAL.reshape(3, 4)),
        (
            lambda x: tf.signal.inverse_stft(x, 4, 2),
            np.array([[1 + 2j, 3 - 1j, 0.5], [0.5 + 0.25j, -2 + 1j, 1j]]),
        ),
        (lambda x: tf.signal.kaiser_window(5, beta=x), np.array(2.5)),
        (tf.signal.mfccs_from_log_mel_spectrograms, SIGNAL.reshape(3, 4)),
        (lambda x: tf.signal.fftshift(x, axes=1), SIGNAL.reshape(3, 4)),
    ],
)
def test_jacobians_are_finite_differences(fn, x):
    theoretical, numerical = tf.test.compute_gradient(fn, [tf.constant(x)])
    # central differences with delta 1/1024 (TF's) are off by O(delta**2) on curved functions (kaiser)
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-4)


# -- every mode: eagerly, under a tape, inside tf.function and under jax.jit ------------------
MODE_CASES = [
    lambda x: tf.abs(tf.signal.rfft(x)),
    lambda x: tf.signal.irfft(tf.signal.rfft2d(tf.reshape(x, [3, 4])), fft_length=[4]),
    lambda x: tf.math.real(tf.signal.fft(tf.complex(x, -x))),
    lambda x: tf.abs(tf.signal.stft(x, 4, 2, pad_end=True)),
    lambda x: tf.signal.inverse_mdct(tf.signal.mdct(x, 4)),
    lambda x: tf.signal.dct(x, type=4, norm="ortho"),
    lambda x: tf.signal.overlap_and_add(tf.signal.frame(x, 4, 2), 2),
    lambda x: tf.signal.fftshift(x) * tf.signal.hann_window(12),
    lambda x: tf.math.real(tf.signal.ifftnd(tf.signal.fftnd(tf.complex(x, x), axes=[0]))),
]


@pytest.mark.parametrize("case", range(len(MODE_CASES)))
def test_every_mode_gives_the_eager_value_and_gradient(case):
    fn = MODE_CASES[case]
    x = tf.constant(SIGNAL.astype(np.float32))
    eager = fn(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        taped = fn(x)
        loss = tf.reduce_sum(taped * taped)
    grad = tape.gradient(loss, x)

    @tf.function
    def in_function(v):
        with tf.GradientTape() as t:
            t.watch(v)
            y = fn(v)
            loss = tf.reduce_sum(y * y)
        return y, t.gradient(loss, v)

    traced, traced_grad = in_function(x)
    jitted = jax.jit(lambda v: jnp.asarray(fn(tf.constant(v))))(jnp.asarray(x))
    jax_grad = jax.grad(lambda v: jnp.sum(jnp.asarray(fn(tf.constant(v))) ** 2))(jnp.asarray(x))
    for other in (taped, traced, jitted):
        np.testing.assert_allclose(np.asarray(other), eager.numpy(), rtol=1e-5, atol=1e-5)
    for other in (traced_grad, jax_grad):
        np.testing.assert_allclose(np.asarray(other), grad.numpy(), rtol=1e-5, atol=1e-4)


# -- the N-D transforms: numpy.fft's semantics (TF 2.21 has no CPU kernel for them) -----------
ARRAY = np.sin(np.arange(60.0)).reshape(3, 4, 5).astype(np.float32)


@pytest.mark.parametrize(
    "kwargs, np_kwargs",
    [
        ({}, {}),
        ({"axes": [0, 2]}, {"axes": (0, 2)}),
        ({"fft_length": [2, 6], "axes": [-1, 0]}, {"s": (2, 6), "axes": (-1, 0)}),
        ({"norm": "ortho", "axes": [1]}, {"norm": "ortho", "axes": (1,)}),
        ({"norm": "forward"}, {"norm": "forward"}),
    ],
)
def test_nd_transforms_are_numpys(kwargs, np_kwargs):
    c = ARRAY + 1j * ARRAY[::-1]
    pairs = [
        (tf.signal.fftnd(c.astype(np.complex64), **kwargs), np.fft.fftn(c, **np_kwargs)),
        (tf.signal.ifftnd(c.astype(np.complex64), **kwargs), np.fft.ifftn(c, **np_kwargs)),
        (tf.signal.rfftnd(ARRAY, **kwargs), np.fft.rfftn(ARRAY, **np_kwargs)),
        (tf.signal.irfftnd(c.astype(np.complex64), **kwargs), np.fft.irfftn(c, **np_kwargs)),
    ]
    for result, expected in pairs:
        assert result.shape == expected.shape
        assert result.dtype in (tf.complex64, tf.float32)
        np.testing.assert_allclose(result.numpy(), expected, rtol=1e-4, atol=1e-4)


def test_the_top_level_raw_nd_ops():
    c = (ARRAY + 1j).astype(np.complex64)
    np.testing.assert_allclose(
        tf.fftnd(c, [3, 4], [0, 1]).numpy(), np.fft.fftn(c, (3, 4), (0, 1)), rtol=1e-4, atol=1e-4
    )
    np.testing.assert_allclose(
        tf.ifftnd(c, [4], [2]).numpy(), np.fft.ifftn(c, (4,), (2,)), rtol=1e-4, atol=1e-4
    )
    assert tf.rfftnd(ARRAY, [3, 4, 5], [0, 1, 2], Tcomplex=tf.complex128).dtype == tf.complex128
    assert tf.irfftnd(c, [3, 4, 8], [0, 1, 2]).shape == (3, 4, 8)


def test_empty_inputs_give_empty_or_zero_results():
    assert tf.signal.rfft(tf.zeros([2, 0])).shape == (2, 0)  # TF 2.21's shapes
    assert tf.signal.irfft(tf.zeros([0, 4], tf.complex64)).shape == (0, 6)
    assert tf.signal.fft(tf.zeros([0], tf.complex64)).shape == (0,)
    padded = tf.signal.rfft(tf.zeros([2, 0]), fft_length=[4])  # TF: uninitialized memory
    np.testing.assert_array_equal(padded.numpy(), np.zeros([2, 3], np.complex64))
    assert tf.signal.hann_window(0).shape == (0,)
    assert tf.signal.kaiser_bessel_derived_window(1).shape == (0,)


# -- TF's errors -------------------------------------------------------------------------------
ERRORS = [
    (
        lambda: tf.signal.fft(tf.constant([1.0, 2.0])),
        tf.errors.InvalidArgumentError,
        "Value for attr 'Tcomplex' of float",
    ),
    (
        lambda: tf.signal.fft(tf.constant(1 + 2j)),
        tf.errors.InvalidArgumentError,
        r"Input must have rank of at least 1 but got: \[\] \[Op:FFT\]",
    ),
    (
        lambda: tf.signal.fft2d(tf.zeros([4], tf.complex64)),
        tf.errors.InvalidArgumentError,
        r"rank of at least 2 but got: \[4\] \[Op:FFT2D\]",
    ),
    (
        lambda: tf.signal.rfft(tf.zeros([3], tf.float16)),
        ValueError,
        "RFFT requires tf.float32 or tf.float64 inputs, got: ",
    ),
    (
        lambda: tf.signal.irfft(tf.constant([1.0, 2.0])),
        ValueError,
        "IRFFT requires tf.complex64 or tf.complex128 inputs, got: ",
    ),
    (lambda: tf.signal.rfft(tf.constant(3.0)), ValueError, r"Shape \(\) must have rank at least 1"),
    (
        lambda: tf.signal.rfft([1.0, 2.0], fft_length=[1, 2]),
        tf.errors.InvalidArgumentError,
        r"fft_length must have shape \[1\] \[Op:RFFT\]",
    ),
    (
        lambda: tf.signal.irfft2d([[1j]], fft_length=[1]),
        tf.errors.InvalidArgumentError,
        r"fft_length must have shape \[2\] \[Op:IRFFT2D\]",
    ),
    (
        lambda: tf.signal.rfft([1.0, 2.0], fft_length=[-1]),
        tf.errors.InvalidArgumentError,
        r"fft_length\[0\] must >= 0, but got: -1 \[Op:RFFT\]",
    ),
    (
        lambda: tf.signal.rfft([1.0, 2.0], fft_length=8),
        TypeError,
        r"fft_length must be a list of 1 int\(s\).*fft_length=\[8\]",
    ),
    (lambda: tf.signal.rfft([1.0, 2.0], fft_length=[2.5]), TypeError, "Cannot convert"),
    (
        lambda: tf.signal.irfft(tf.constant([1 + 1j])),
        tf.errors.InvalidArgumentError,
        r"holds a 0 for a non-empty input \[Op:IRFFT\]",
    ),
    (
        lambda: tf.signal.fftnd(tf.zeros([2], tf.complex64), axes=[1]),
        tf.errors.InvalidArgumentError,
        r"axes \[1\] out of range for a tensor of rank 1 \[Op:FFTND\]",
    ),
    (
        lambda: tf.signal.fftnd(tf.zeros([2], tf.complex64), norm="half"),
        ValueError,
        "norm must be one of None, 'backward', 'forward' or 'ortho', got 'half'",
    ),
    (
        lambda: tf.signal.fftshift([1.0, 2.0], axes=3),
        tf.errors.InvalidArgumentError,
        r"slice index 3 of dimension 0 out of bounds. \[Op:StridedSlice\]",
    ),
    (lambda: tf.signal.frame(tf.constant(1.0), 2, 1), ValueError, r"Shape \(\) must have rank at least 1"),
    (lambda: tf.signal.frame([1.0, 2.0, 3.0], [2], 1), ValueError, r"Shape \(1,\) must have rank 0"),
    (
        lambda: tf.signal.frame([1.0, 2.0, 3.0], 2, 0),
        tf.errors.InvalidArgumentError,
        r"Integer division by zero \[Op:FloorDiv\]",
    ),
    (
        lambda: tf.signal.frame([1.0, 2.0, 3.0], -1, 1),
        tf.errors.InvalidArgumentError,
        "frame_length must be non-negative, got -1",
    ),
    (
        lambda: tf.signal.frame([1.0, 2.0, 3.0], 2, 1, axis=3),
        IndexError,
        "frame's axis 3 is out of range for a signal of rank 1",
    ),
    (lambda: tf.signal.overlap_and_add([1.0, 2.0], 1), ValueError, r"Shape \(2,\) must have rank at least 2"),
    (
        lambda: tf.signal.overlap_and_add([[1.0, 2.0]], 1.0),
        ValueError,
        "frame_step must be an integer. Got <dtype: 'float32'>",
    ),
    (
        lambda: tf.signal.overlap_and_add(tf.ones([2, 3]), 0),
        tf.errors.InvalidArgumentError,
        "frame_step must be positive, got 0",
    ),
    (
        lambda: tf.signal.hann_window(3, dtype=tf.int32),
        ValueError,
        "dtype must be a floating point type. Found <dtype: 'int32'>",
    ),
    (lambda: tf.signal.hann_window([3]), ValueError, r"Shape \(1,\) must have rank 0"),
    (
        lambda: tf.signal.hamming_window(-1),
        tf.errors.InvalidArgumentError,
        "window_length must be non-negative",
    ),
    (lambda: tf.signal.kaiser_window(0), tf.errors.InvalidArgumentError, "has no window of length 0"),
    (
        lambda: tf.signal.dct([1.0, 2.0], type=5),
        ValueError,
        r"Types I, II, III and IV \(I\)DCT are supported.",
    ),
    (
        lambda: tf.signal.dct([1.0, 2.0], type=1, norm="ortho"),
        ValueError,
        "Normalization is not supported for the Type-I DCT.",
    ),
    (
        lambda: tf.signal.dct([1.0], type=1),
        ValueError,
        "Type-I DCT requires the dimension to be greater than one.",
    ),
    (
        lambda: tf.signal.idct([1.0, 2.0], norm="x"),
        ValueError,
        "Unknown normalization. Expected None or 'ortho', got: x",
    ),
    (lambda: tf.signal.dct([1.0, 2.0], axis=0), NotImplementedError, "axis must be -1. Got: 0"),
    (lambda: tf.signal.dct([1.0, 2.0], n=0), ValueError, "n should be a positive integer or None"),
    (lambda: tf.signal.dct([1, 2, 3]), TypeError, "Cannot convert 0.0 to EagerTensor of dtype int32"),
    (
        lambda: tf.signal.dct(tf.zeros([3], tf.float16)),
        TypeError,
        "The `real` and `imag` components have incorrect types: float16 float16",
    ),
    (lambda: tf.signal.mdct([1.0] * 6, 6), ValueError, "The frame length must be a multiple of 4."),
    (
        lambda: tf.signal.mfccs_from_log_mel_spectrograms(tf.zeros([2, 0])),
        ValueError,
        "num_mel_bins must be positive. Got: ",
    ),
    (lambda: tf.signal.linear_to_mel_weight_matrix(0), ValueError, "num_mel_bins must be positive. Got: 0"),
    (
        lambda: tf.signal.linear_to_mel_weight_matrix(upper_edge_hertz=5000.0),
        ValueError,
        r"upper_edge_hertz must not be larger than the Nyquist frequency \(sample_rate / 2\). "
        "Got 5000.0 for sample_rate: 8000",
    ),
    (
        lambda: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=-1.0),
        ValueError,
        "lower_edge_hertz must be non-negative. Got: -1.0",
    ),
    (
        lambda: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=4000.0),
        ValueError,
        "lower_edge_hertz 4000.0 >= upper_edge_hertz 3800.0",
    ),
    (
        lambda: tf.signal.linear_to_mel_weight_matrix(sample_rate=0),
        ValueError,
        "sample_rate must be positive. Got: 0",
    ),
    (
        lambda: tf.signal.linear_to_mel_weight_matrix(dtype=tf.int32),
        ValueError,
        "dtype must be a floating point type. Got: <dtype: 'int32'>",
    ),
    (
        lambda: tf.signal.stft(tf.constant([1, 2, 3, 4, 5]), 4, 1),
        ValueError,
        "dtype must be a floating point type. Found <dtype: 'int32'>",
    ),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_are_tfs(case):
    call, cls, message = ERRORS[case]
    with pytest.raises(cls, match=message):
        call()


def test_a_symbolic_length_says_what_to_pass():
    @tf.function
    def f(x, n):
        return tf.signal.frame(x, n, 1)

    with pytest.raises(TypeError, match="frame_length must be known when the op runs"):
        f(tf.ones([4]), tf.constant(2))


# -- TF's docstring examples ---------------------------------------------------------------------
def test_tf_docstring_example_of_frame():
    audio = tf.random.normal([3, 9152])
    tf.signal.frame(audio, 512, 180).shape.assert_is_compatible_with([3, 49, 512])
    tf.signal.frame(audio, 512, 180, pad_end=True).shape.assert_is_compatible_with([3, 51, 512])


def test_tf_docstring_example_of_inverse_mdct():
    @tf.function
    def compare_round_trip():
        samples, frame_length = 1000, 400
        half = frame_length // 2
        waveform = tf.random.normal(dtype=tf.float32, shape=[samples])
        padded = tf.pad(waveform, [[half, 0]])
        mdct = tf.signal.mdct(padded, frame_length, pad_end=True, window_fn=tf.signal.vorbis_window)
        inverse = tf.signal.inverse_mdct(mdct, window_fn=tf.signal.vorbis_window)
        return waveform, inverse[half : half + samples]

    waveform, inverse = compare_round_trip()
    assert np.allclose(waveform.numpy(), inverse.numpy(), rtol=1e-3, atol=1e-4)
