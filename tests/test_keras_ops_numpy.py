"""``tf.keras.ops.numpy`` (issue 26): every function against TF 2.21 / Keras 3.15.

The cases are tests/keras_numpy_cases.py; what Keras gave for each (dtypes, shapes, values or
the error; shapes and dtypes on KerasTensors) is tests/keras_numpy_reference.py, written by
``/work/tfenv/bin/python scripts/keras_ops_numpy_reference_tf.py``, which also saved
tests/data/keras_ops_numpy_tf221.keras (a functional model of ops calls) and its prediction.
"""

from __future__ import annotations

import json
import math
import pathlib
import zipfile

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from keras_numpy_cases import CASES, X3, F, G, I, P, V, W
from keras_numpy_reference import MODEL_PREDICTION, REFERENCE

import tapejax as tf
from tapejax.keras._src.backend.keras_tensor import KerasTensor

ops = tf.keras.ops
DATA = pathlib.Path(__file__).parent / "data"
MODEL_INPUT = np.linspace(-1.5, 2.0, 12).reshape(3, 4).astype(np.float32)

# Where tapejax gives what Keras 3.15 should, not what its TF backend does (a bug there), or
# keeps an older tapejax choice. Each key is a case id; the value says why.
EAGER_DIFFERS = {
    "add/bool": "booleans add as logical or (numpy, JAX); TF has no bool AddV2 kernel",
    "multiply/bool": "booleans multiply as logical and (numpy, JAX); TF has no bool Mul kernel",
    "reciprocal/i32": "tapejax's Reciprocal refuses int32 (InvalidArgumentError); TF's CPU lacks it (NotFoundError)",
    "nanpercentile/i32_axis1": "Keras' TF backend fails on integers (a TensorArray dtype bug); numpy's value here",
    "nanquantile/i32_axis1": "Keras' TF backend fails on integers (a TensorArray dtype bug); numpy's value here",
    "eye/mk": "Keras' TF eye pads a wrong-sized eye for M != N with k != 0 (3x5 for eye(2, 4, k=1)); numpy's 2x4",
}
SYMBOLIC_DIFFERS = {
    "corrcoef/f32": "Keras' spec keeps the input shape; the eager result (and here) is (rows, rows)",
    "corrcoef/i32": "Keras' spec keeps the input shape; the eager result (and here) is (rows, rows)",
    "where/single": "Keras' spec is the condition's shape in int64; the eager result (and here) is nonzero's",
    "slogdet/batch": "Keras' spec gives the sign shape (); the eager result (and here) is (batch,)",
    "trapezoid/x": "`x` is a constructor argument in Keras (it must be a constant); a KerasTensor there is refused",
}
ERRORS = {
    "InvalidArgumentError": tf.errors.InvalidArgumentError,
    "ValueError": ValueError,
    "TypeError": TypeError,
    "NotFoundError": tf.errors.NotFoundError,
}


def _outputs(out) -> list:
    return list(out) if isinstance(out, (list, tuple)) else [out]


def _check_value(got, expected: dict, where: str) -> None:
    if "python" in expected:
        assert type(got).__name__ == expected["python"] and got == expected["value"], where
        return
    array = np.asarray(got)
    dtype = got.dtype.name if isinstance(got, tf.Tensor) else array.dtype.name
    assert (dtype, array.shape) == (expected["dtype"], tuple(expected["shape"])), where
    want = np.asarray(expected["value"], dtype=np.float64 if array.dtype.kind == "f" else None).reshape(
        array.shape
    )
    if array.dtype.kind == "f":
        np.testing.assert_allclose(array.astype(np.float64), want, rtol=2e-6, atol=1e-6, err_msg=where)
    else:
        np.testing.assert_array_equal(array, want, err_msg=where)


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_case_matches_keras_eagerly(case):
    name, args, kwargs = CASES[case]
    expected = REFERENCE[case]["eager"]
    if case in EAGER_DIFFERS:
        pytest.skip(EAGER_DIFFERS[case])
    fn = getattr(ops.numpy, name)
    if isinstance(expected, dict):
        with pytest.raises(ERRORS[expected["error"]]):
            fn(*args, **kwargs)
        return
    outs = _outputs(fn(*args, **kwargs))
    assert len(outs) == len(expected)
    for got, want in zip(outs, expected, strict=True):
        _check_value(got, want, case)
        if "dtype" in want:
            assert isinstance(got, tf.Tensor), case


def _symbolic(x):
    if isinstance(x, np.ndarray):
        return KerasTensor(x.shape, x.dtype.name)
    if isinstance(x, list) and any(isinstance(t, np.ndarray) for t in x):
        return [_symbolic(t) for t in x]
    return x


SYMBOLIC_CASES = sorted(
    c
    for c in CASES
    if not isinstance(REFERENCE[c]["symbolic"], dict)
    and not any("python" in s for s in REFERENCE[c]["symbolic"])
    and not isinstance(REFERENCE[c]["eager"], dict)
)


@pytest.mark.parametrize("case", SYMBOLIC_CASES)
def test_every_case_matches_keras_on_keras_tensors(case):
    if case in SYMBOLIC_DIFFERS:
        pytest.skip(SYMBOLIC_DIFFERS[case])
    name, args, kwargs = CASES[case]
    out = getattr(ops.numpy, name)(
        *[_symbolic(a) for a in args], **{k: _symbolic(v) for k, v in kwargs.items()}
    )
    got = [(o.dtype, o.shape) for o in _outputs(out)]
    assert got == [(s["dtype"], tuple(s["shape"])) for s in REFERENCE[case]["symbolic"]]


def test_every_name_has_a_case_or_a_test_of_its_own():
    covered = {name for name, _, _ in CASES.values()} | {"vectorize"}
    assert sorted(set(ops.numpy.__all__) - covered) == []


# -- gradients: tapejax's tape against jax.grad of the same formula and finite differences ----

GRADIENT_CASES = {
    "sin": (ops.sin, jnp.sin, F),
    "logaddexp": (lambda x: ops.logaddexp(x, G), lambda x: jnp.logaddexp(x, G), F),
    "hypot": (lambda x: ops.hypot(x, G), lambda x: jnp.hypot(x, G), F),
    "cbrt": (ops.cbrt, jnp.cbrt, P),
    "log10": (ops.log10, jnp.log10, P),
    "median": (lambda x: ops.median(x, axis=1), lambda x: jnp.median(x, axis=1), F),
    "quantile": (lambda x: ops.quantile(x, 0.3, axis=0), lambda x: jnp.quantile(x, 0.3, axis=0), F),
    "std": (lambda x: ops.std(x, axis=1), lambda x: jnp.std(x, axis=1), F),
    "var": (ops.var, jnp.var, F),
    "nanmean": (lambda x: ops.nanmean(x, axis=0), lambda x: jnp.nanmean(x, axis=0), F),
    "cumprod": (lambda x: ops.cumprod(x, axis=1), lambda x: jnp.cumprod(x, axis=1), P),  # TF: no zeros
    "prod": (lambda x: ops.prod(x, axis=0), lambda x: jnp.prod(x, axis=0), P),
    "sort": (lambda x: ops.sort(x, axis=1), lambda x: jnp.sort(x, axis=1), F),
    "take": (
        lambda x: ops.take(x, np.array([2, 0, 2]), axis=1),
        lambda x: jnp.take(x, jnp.array([2, 0, 2]), axis=1),
        F,
    ),
    "einsum": (lambda x: ops.einsum("ij,kj->ik", x, G), lambda x: jnp.einsum("ij,kj->ik", x, G), F),
    "kron": (lambda x: ops.kron(x, G), lambda x: jnp.kron(x, G), F),
    "tensordot": (lambda x: ops.tensordot(x, G.T, axes=1), lambda x: jnp.tensordot(x, G.T, axes=1), F),
    "correlate": (
        lambda x: ops.correlate(x, W[:3], mode="full"),
        lambda x: jnp.correlate(x, W[:3], mode="full"),
        V,
    ),
    "trapezoid": (lambda x: ops.trapezoid(x, dx=0.5), lambda x: jnp.trapezoid(x, dx=0.5), F),
    "cross": (lambda x: ops.cross(x, G), lambda x: jnp.cross(x, G), F),
    "diagonal": (lambda x: ops.diagonal(x, 1, 1, 2), lambda x: jnp.diagonal(x, 1, 1, 2), X3),
    "rot90": (lambda x: ops.rot90(x, 3, (1, 2)), lambda x: jnp.rot90(x, 3, (1, 2)), X3),
    "pad_reflect": (
        lambda x: ops.pad(x, ((1, 1), (2, 1)), mode="reflect"),
        lambda x: jnp.pad(x, ((1, 1), (2, 1)), mode="reflect"),
        F,
    ),
    "linspace": (lambda x: ops.linspace(x, 3.0, 4, axis=1), lambda x: jnp.linspace(x, 3.0, 4, axis=1), V),
    "average": (
        lambda x: ops.average(x, axis=1, weights=np.array([1.0, 2.0, 3.0], np.float32)),
        lambda x: jnp.average(x, axis=1, weights=jnp.array([1.0, 2.0, 3.0])),
        F,
    ),
    "slogdet": (
        lambda x: ops.slogdet(x)[1],
        lambda x: jnp.linalg.slogdet(x)[1],
        np.array([[2.0, 1.0], [0.5, 3.0]], np.float32),
    ),
}
_RAMP = np.linspace(0.3, 1.7, 64)


def _ramp(shape) -> np.ndarray:
    return _RAMP[: math.prod(shape)].reshape(shape).astype(np.float32) if shape else np.float32(0.7)


@pytest.mark.parametrize("name", sorted(GRADIENT_CASES))
def test_gradients_match_jax_and_finite_differences(name):
    ours, theirs, x0 = GRADIENT_CASES[name]
    x = tf.Variable(x0)
    with tf.GradientTape() as tape:
        y = ours(x)
    weights = _ramp(tuple(y.shape))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(ours(x) * weights)
    grad = tape.gradient(loss, x).numpy()
    expected = np.asarray(jax.grad(lambda v: jnp.sum(theirs(v) * weights))(jnp.asarray(x0)))
    np.testing.assert_allclose(grad, expected, rtol=1e-5, atol=1e-5)
    x64 = x0.astype(np.float64)
    eps = 1e-3
    numeric = np.zeros_like(x64)
    for i in np.ndindex(x64.shape):
        up, down = x64.copy(), x64.copy()
        up[i] += eps
        down[i] -= eps
        f = lambda v: float(np.sum(np.asarray(theirs(jnp.asarray(v, jnp.float32)), np.float64) * weights))  # noqa: E731
        numeric[i] = (f(up) - f(down)) / (2 * eps)
    np.testing.assert_allclose(grad, numeric, rtol=2e-2, atol=2e-2)


def test_integer_and_index_results_have_no_gradient():
    x = tf.Variable(F)
    with tf.GradientTape(persistent=True) as tape:
        index = ops.argmax(x, axis=1)
        counts = ops.count_nonzero(x)
        sign = ops.sign(x)
    assert tape.gradient(index, x) is None
    assert tape.gradient(counts, x) is None
    assert tape.gradient(sign, x) is not None  # TF's Sign has a (zero) gradient
    np.testing.assert_array_equal(tape.gradient(sign, x).numpy(), np.zeros_like(F))


# -- tf.function, functional models, saving ----------------------------------------------------


def test_functions_run_inside_tf_function_as_eagerly():
    def body(x, y):
        h = ops.concatenate([ops.sin(x), ops.logaddexp(x, y)], axis=1)
        h = ops.quantile(h, 0.25, axis=1, keepdims=True) + ops.cumsum(h, axis=1)
        return ops.nan_to_num(ops.where(h > 0, ops.sqrt(ops.abs(h)), ops.square(h))), ops.argsort(h, axis=-1)

    eager = body(tf.constant(F), tf.constant(G))
    compiled = tf.function(body)(tf.constant(F), tf.constant(G))
    for a, b in zip(eager, compiled, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)


def test_gradient_through_a_compiled_function():
    x = tf.Variable(F)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = ops.sum(ops.std(x, axis=0) * ops.mean(ops.exp(x), axis=0))
        return tape.gradient(loss, x)

    expected = jax.grad(lambda v: jnp.sum(jnp.std(v, axis=0) * jnp.mean(jnp.exp(v), axis=0)))(jnp.asarray(F))
    np.testing.assert_allclose(step().numpy(), np.asarray(expected), rtol=1e-5, atol=1e-6)


def _model_of_ops():
    """scripts/keras_ops_numpy_reference_tf.py's model_of_ops, with tapejax."""
    x = tf.keras.Input((4,), name="x")
    h = ops.clip(x, -1.0, 1.5)
    h = ops.concatenate([h, ops.square(h)], axis=-1)
    h = tf.keras.layers.Dense(3, name="dense")(h)
    h = ops.sum(h, axis=-1, keepdims=True) + ops.mean(ops.tanh(h), axis=1, keepdims=True)
    h = ops.squeeze(ops.expand_dims(h, 1), 1)
    out = ops.where(h > 0, h, ops.exp(h))
    model = tf.keras.Model(x, out)
    model.get_layer("dense").set_weights(
        [np.linspace(-0.5, 0.5, 24).reshape(8, 3).astype(np.float32), np.array([0.1, -0.2, 0.3], np.float32)]
    )
    return model


@pytest.fixture
def _fresh_names():
    tf.keras.backend.clear_session()


def _layers_config(path) -> list:
    with zipfile.ZipFile(path) as z:
        return json.loads(z.read("config.json"))["config"]["layers"]


def test_a_functional_model_of_ops_predicts_saves_and_loads_as_keras_does(tmp_path, _fresh_names):
    model = _model_of_ops()
    np.testing.assert_allclose(model.predict(MODEL_INPUT, verbose=0), MODEL_PREDICTION, rtol=1e-5)
    model.save(tmp_path / "m.keras")
    ours, keras = _layers_config(tmp_path / "m.keras"), _layers_config(DATA / "keras_ops_numpy_tf221.keras")
    assert [(c["class_name"], c["module"], c["name"]) for c in ours] == [
        (c["class_name"], c["module"], c["name"]) for c in keras
    ]
    for a, b in zip(ours, keras, strict=True):
        if a["module"] == "keras.src.ops.numpy":
            assert (a["config"], a["inbound_nodes"]) == (b["config"], b["inbound_nodes"]), a["name"]
    loaded = tf.keras.models.load_model(tmp_path / "m.keras")
    np.testing.assert_allclose(loaded.predict(MODEL_INPUT, verbose=0), MODEL_PREDICTION, rtol=1e-5)


def test_a_model_saved_by_keras_loads_and_predicts(_fresh_names):
    model = tf.keras.models.load_model(DATA / "keras_ops_numpy_tf221.keras")
    np.testing.assert_allclose(model.predict(MODEL_INPUT, verbose=0), MODEL_PREDICTION, rtol=1e-5)


def test_a_functional_model_of_ops_fits(_fresh_names):
    x = tf.keras.Input((3,))
    h = tf.keras.layers.Dense(4)(x)
    h = ops.concatenate([ops.tanh(h), ops.cumsum(h, axis=1)], axis=-1)
    out = tf.keras.layers.Dense(1)(ops.log1p(ops.abs(h)))
    model = tf.keras.Model(x, out)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
    data = np.linspace(-1, 1, 48).reshape(16, 3).astype(np.float32)
    target = np.sum(data, axis=1, keepdims=True)
    history = model.fit(data, target, epochs=5, batch_size=8, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]


def test_operations_take_keras_configs_and_names(_fresh_names):
    ops.add(F, G), ops.abs(F), ops.sum(F), ops.matmul(F, G.T), ops.get_item(F, 0)  # eager: no names used
    x = tf.keras.Input((2, 3))
    assert [(x + 1.0)._keras_history[0].layer.name, ops.sum(x)._keras_history[0].layer.name] == ["add", "sum"]
    y = ops.transpose(x, (0, 2, 1))
    node = y._keras_history[0]
    assert node.layer.name == "transpose" and node.layer.get_config() == {
        "name": "transpose",
        "axes": (0, 2, 1),
    }
    assert type(node.layer).__name__ == "Transpose" and node.layer.module == "keras.src.ops.numpy"
    again = type(node.layer).from_config(node.layer.get_config())
    np.testing.assert_array_equal(again(X3).numpy(), np.transpose(X3, (0, 2, 1)))
    parts = ops.split(x, [1], axis=1)
    assert [p.shape for p in parts] == [(None, 1, 3), (None, 1, 3)]
    assert ops.nonzero(x)[0].shape == (None,)


def test_vectorize():
    dot = ops.vectorize(lambda a, b: ops.sum(a * b), signature="(n),(n)->()")
    np.testing.assert_allclose(dot(F, G).numpy(), np.sum(F * G, axis=1), rtol=1e-6)
    x = tf.Variable(F)
    with tf.GradientTape() as tape:
        y = ops.sum(dot(x, G))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), G)


# -- bad input ------------------------------------------------------------------------------


def test_shape_and_argument_errors():
    with pytest.raises(ValueError, match=r"Cannot squeeze axis=0, because the dimension is not 1\."):
        ops.squeeze(F, axis=0)
    with pytest.raises(
        ValueError, match=r"Input array must have at least 2 dimensions\. Received: array\.ndim=1"
    ):
        ops.rot90(V)
    with pytest.raises(ValueError, match=r"Invalid axes: \(0, 0\)\. Axes must be a tuple of two different"):
        ops.rot90(F, axes=(0, 0))
    with pytest.raises(ValueError, match=r"`x` must be 1d or 2d\. Received: x\.shape=\(2, 3, 4\)"):
        ops.diag(X3)
    with pytest.raises(
        ValueError, match=r"Invalid mode: 'wide'\. Mode must be one of: 'full', 'same', 'valid'\."
    ):
        ops.correlate(V, W, mode="wide")
    with pytest.raises(
        ValueError, match=r"Valid values for `indexing` are 'xy' and 'ij'\. Received: indexing=yx"
    ):
        ops.meshgrid(V, W, indexing="yx")
    with pytest.raises(ValueError, match=r'expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC"'):
        ops.pad(F, ((1, 1), (1, 1)), mode="wrap")
    with pytest.raises(ValueError, match=r"`constant_values` can only be provided when `mode == 'constant'`"):
        ops.pad(F, ((1, 1), (1, 1)), mode="reflect", constant_values=1.0)
    with pytest.raises(ValueError, match=r"condlist and choicelist must have the same length"):
        ops.select([F > 0], [F, G])
    with pytest.raises(ValueError, match=r"`searchsorted` only supports 1-D sorted sequences"):
        ops.searchsorted(F, V)
    with pytest.raises(
        ValueError, match=r"Input tensor must be 1-dimensional\. Received: input\.shape=\(2, 3\)"
    ):
        ops.histogram(F)
    with pytest.raises(ValueError, match=r"`x1` and `x2` either both should be `None` or both"):
        ops.where(F > 0, F)
    with pytest.raises(ValueError, match=r"Bartlett operation does not support symbolic tensors"):
        ops.bartlett(KerasTensor(()))
    with pytest.raises(TypeError, match=r"Argument `N` must be an integer, an integer tensor, or `None`\."):
        ops.eye(2.0)
    with pytest.raises(TypeError, match=r"Clip\(\) got unexpected arguments: \['lo'\]"):
        ops.clip.operation(lo=1)


def test_dtype_errors():
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"Value for attr 'T' of bool is not in the list"
    ):
        ops.fmax(np.array([True]), np.array([False]))
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"bfloat16, half, float, double, int8, int16, int32"
    ):
        ops.hypot(np.array([True]), np.array([False]))
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"of float32 is not in the list of allowed values: int8"
    ):
        ops.bitwise_and(F, F)
    with pytest.raises(TypeError, match=r"Cannot convert 0 to EagerTensor of dtype bool"):
        ops.heaviside(np.array([True]), np.array([False]))
    with pytest.raises(
        TypeError, match=r"ldexp exponent must be an integer type\. Received: x2 dtype=float32"
    ):
        ops.ldexp(F, G)


def test_options_tapejax_does_not_have_yet():
    with pytest.raises(NotImplementedError, match=r"ops.unique takes no `axis` or `size` yet"):
        ops.unique(I, axis=0)
    with pytest.raises(NotImplementedError, match=r"ops.bincount has no sparse output"):
        ops.bincount(np.array([1, 2]), sparse=True)
    with pytest.raises(NotImplementedError, match=r"ops.vectorize takes no `excluded` yet"):
        ops.vectorize(lambda a: a, excluded={0})


def test_a_failed_call_leaves_variables_and_tapes_as_they_were():
    v = tf.Variable(F)
    with tf.GradientTape() as tape:
        y = ops.sum(ops.sin(v))
        with pytest.raises(ValueError):
            ops.squeeze(v, axis=0)
    np.testing.assert_array_equal(v.numpy(), F)
    np.testing.assert_allclose(tape.gradient(y, v).numpy(), np.cos(F), rtol=1e-6)
