"""tapejax.saved_model: save/load round trips, gradients through loaded functions (same and
fresh process), shapes and dtypes, jacobians, and the directory's errors and atomicity.

Loaded functions are checked against the original tapejax function and against ``jax``
(``jax.grad`` / ``jax.jacrev`` of the same computation written in ``jax.numpy``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import check_gradient

import tapejax as tf

ROOT = Path(__file__).resolve().parent.parent
F32 = dict(rtol=1e-5, atol=1e-6)


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)

    return y, backward


class Guide(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def call_custom_grad(self, x):
        return clip_gradients(x)


class Model(tf.Module):
    """Variables of several kinds, a sub-module, and functions over them."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, -2.0, 0.5], name="w")
        self.steps = tf.Variable(0, trainable=False, name="steps")
        self.blocks = [tf.Module(name="block")]
        self.blocks[0].scale = tf.Variable(np.float64(1.5), name="scale")
        self.table = {"half": tf.Variable(tf.constant([1.0, 2.0], dtype=tf.bfloat16), name="half")}

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def predict(self, x):
        return tf.sin(x) * self.w + tf.reduce_sum(x * x, axis=1, keepdims=True)

    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def pick(self, x, idx):
        self.steps.assign_add(1)
        return {"picked": tf.gather(x * self.w, idx), "count": self.steps}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
    def scaled(self, x):
        return tf.tanh(x) * x * self.blocks[0].scale


def _jax_predict(x, w):
    return jnp.sin(x) * w + jnp.sum(x * x, axis=1, keepdims=True)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A Model saved once with default options, and a Guide module saved both ways."""
    base = tmp_path_factory.mktemp("saved")
    model = Model()
    tf.saved_model.save(model, base / "model")
    for flag in (True, False):
        options = tf.saved_model.SaveOptions(experimental_custom_gradients=flag)
        tf.saved_model.save(Guide(), base / f"guide_{flag}", options=options)
    return model, base


# --- the guide --------------------------------------------------------------------------------


def test_guide_cell_same_process_gives_the_clipped_gradient(saved, capsys):
    _, base = saved
    v = tf.Variable(2.0)
    loaded = tf.saved_model.load(str(base / "guide_True"))
    with tf.GradientTape() as t:
        output = loaded.call_custom_grad(v * v)
    print(t.gradient(output, v))
    assert capsys.readouterr().out.splitlines() == ["tf.Tensor(2.0, shape=(), dtype=float32)"]


def test_saved_without_custom_gradients_still_differentiates_in_the_same_process(saved):
    # As TF: the process that saved the function still has its gradient (TF's registry).
    _, base = saved
    v = tf.Variable(2.0)
    loaded = tf.saved_model.load(base / "guide_False")
    with tf.GradientTape() as t:
        output = loaded.call_custom_grad(v * v)
    assert float(t.gradient(output, v)) == 2.0


FRESH = """
import sys, tapejax as tf
base = sys.argv[1]
v = tf.Variable(2.0)
loaded = tf.saved_model.load(base + '/guide_True')
with tf.GradientTape() as t:
    output = loaded.call_custom_grad(v * v)
print(t.gradient(output, v))
loaded = tf.saved_model.load(base + '/guide_False')
print(loaded.call_custom_grad(v * v))
with tf.GradientTape() as t:
    output = loaded.call_custom_grad(v * v)
try:
    t.gradient(output, v)
except LookupError as error:
    print('LookupError:', error)
"""


def test_fresh_process_gradient_and_lookup_error_without_custom_gradients(saved):
    _, base = saved
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run(
        [sys.executable, "-c", FRESH, str(base)],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[:2] == ["tf.Tensor(2.0, shape=(), dtype=float32)", "tf.Tensor(4.0, shape=(), dtype=float32)"]
    assert lines[2].startswith(
        "LookupError: No gradient defined for operation 'call_custom_grad' (op type: StatefulPartitionedCall)"
    )
    assert "experimental_custom_gradients=False" in lines[2]
    assert "SaveOptions(experimental_custom_gradients=True)" in lines[2]


# --- Variables and objects ----------------------------------------------------------------------


def test_variables_round_trip_with_values_names_dtypes_and_order(saved):
    model, base = saved
    loaded = tf.saved_model.load(base / "model")
    assert [v.name for v in loaded.variables] == [v.name for v in model.variables]
    assert [v.name for v in loaded.trainable_variables] == [v.name for v in model.trainable_variables]
    for new, old in zip(loaded.variables, model.variables, strict=True):
        assert new.dtype == old.dtype and new.shape == old.shape and new.trainable == old.trainable
        np.testing.assert_array_equal(new.numpy(), old.numpy())
    assert loaded.table["half"].dtype == tf.bfloat16
    assert loaded.blocks[0].scale.dtype == tf.float64
    assert loaded.w is loaded.variables[[v.name for v in loaded.variables].index("w:0")]


def test_loaded_functions_read_and_assign_the_restored_variables(saved):
    model, base = saved
    loaded = tf.saved_model.load(base / "model")
    x = tf.constant([[0.5, 1.0, -1.0], [2.0, 0.0, 1.0]])
    loaded.w.assign([2.0, 2.0, 2.0])
    w = np.array([2.0, 2.0, 2.0], np.float32)
    np.testing.assert_allclose(loaded.predict(x).numpy(), _jax_predict(x.numpy(), w), **F32)
    out = loaded.pick(x, tf.constant([1, 0, 1]))
    out = loaded.pick(x, tf.constant([1]))
    assert int(out["count"]) == 2 and int(loaded.steps) == 2 and int(model.steps) == 0
    np.testing.assert_allclose(out["picked"].numpy(), (x.numpy() * w)[[1]], **F32)
    np.testing.assert_allclose(loaded.scaled(tf.constant([2.0], tf.float64)).numpy(), [np.tanh(2.0) * 3.0])


def test_gradient_wrt_a_loaded_variable_matches_jax(saved):
    _, base = saved
    loaded = tf.saved_model.load(base / "model")
    x = tf.constant([[0.5, 1.0, -1.0], [2.0, 0.0, 1.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(loaded.predict(x) ** 2)
    got = tape.gradient(loss, loaded.w)
    want = jax.grad(lambda w: jnp.sum(_jax_predict(x.numpy(), w) ** 2))(loaded.w.numpy())
    np.testing.assert_allclose(got.numpy(), want, **F32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(loaded.pick(x, tf.constant([1, 1]))["picked"])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [[0, 0, 0], 2 * loaded.w.numpy()], **F32)


def test_float64_gradient_of_a_loaded_function_matches_jax_and_finite_differences(saved):
    _, base = saved
    loaded = tf.saved_model.load(base / "model")
    check_gradient(loaded.scaled, lambda x: jnp.tanh(x) * x * 1.5, np.array([-1.0, 0.3, 2.0]))


# --- shapes and dtypes ---------------------------------------------------------------------------


def test_unknown_rank_runs_each_exported_rank_and_names_the_limit(saved):
    _, base = saved
    loaded = tf.saved_model.load(base / "guide_True")
    for shape in [(), (3,), (2, 3), (1, 2, 1, 2)]:
        x = tf.ones(shape)
        assert loaded.call_custom_grad(x).shape == shape
    with pytest.raises(
        ValueError, match=r"exported for ranks \[\[0\], \[1\], \[2\], \[3\], \[4\]\]. Save it with a larger"
    ):
        loaded.call_custom_grad(tf.ones([1] * 5))


def test_partial_shapes_accept_any_batch_and_check_the_rest(saved):
    model, base = saved
    loaded = tf.saved_model.load(base / "model")
    for batch in (1, 4):
        x = tf.reshape(tf.range(batch * 3, dtype=tf.float32), [batch, 3])
        np.testing.assert_allclose(loaded.predict(x).numpy(), model.predict(x).numpy(), **F32)
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        loaded.predict(tf.ones([2, 4]))
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        loaded.predict(tf.ones([2, 3], tf.float64))


def test_unknown_rank_leaves_out_ranks_the_function_cannot_take(tmp_path):
    class Rows(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)])
        def f(self, x):
            return tf.reduce_sum(x, axis=1)

    tf.saved_model.save(Rows(), tmp_path)
    loaded = tf.saved_model.load(tmp_path)
    np.testing.assert_array_equal(loaded.f(tf.ones([2, 3])).numpy(), [3.0, 3.0])
    with pytest.raises(
        ValueError, match=r"rank \[1\] .*could not be exported for that rank: InvalidArgumentError"
    ):
        loaded.f(tf.ones([3]))


# --- derivatives of loaded functions -------------------------------------------------------------


def test_jacobian_and_batch_jacobian_of_a_loaded_function_match_the_original(saved):
    model, base = saved
    loaded = tf.saved_model.load(base / "model")
    x = tf.constant([[0.5, 1.0, -1.0], [2.0, 0.0, 1.0]])
    results = []
    for f in (model.predict, loaded.predict):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = f(x)
        results.append((tape.jacobian(y, x), tape.batch_jacobian(y, x)))
    (j0, b0), (j1, b1) = results
    np.testing.assert_allclose(j1.numpy(), j0.numpy(), **F32)
    np.testing.assert_allclose(b1.numpy(), b0.numpy(), **F32)
    want = jax.jacrev(_jax_predict)(x.numpy(), model.w.numpy())
    np.testing.assert_allclose(j1.numpy(), want, **F32)
    np.testing.assert_allclose(b1.numpy(), np.einsum("bibj->bij", want), **F32)


def test_second_order_gradient_through_a_loaded_function(saved):
    model, base = saved
    loaded = tf.saved_model.load(base / "model")
    x = tf.Variable([[0.5, 1.0, -1.0]])
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.reduce_sum(loaded.predict(x))
        g = t1.gradient(y, x)
        gg = tf.reduce_sum(g * g)
    got = t2.gradient(gg, x)
    w = model.w.numpy()

    def first(x):
        return jax.grad(lambda x: jnp.sum(_jax_predict(x, w)))(x)

    want = jax.grad(lambda x: jnp.sum(first(x) ** 2))(x.numpy())
    np.testing.assert_allclose(got.numpy(), want, **F32)
    # A third order exceeds experimental_vjp_order=2: the error says how to save more.
    with tf.GradientTape() as t3:
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = tf.reduce_sum(loaded.predict(x))
            g = t1.gradient(y, x)
        h = t2.gradient(g, x)
    with pytest.raises(LookupError, match=r"order 3.*experimental_vjp_order=3"):
        t3.gradient(h, x)


class Outer(tf.Module):
    def __init__(self):
        super().__init__()
        self.sub = tf.Module(name="sub")
        self.sub.k = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([])])
    def __call__(self, x):
        return (x * self.sub.k) ** 2


def test_loaded_call_inside_a_function_and_under_a_forward_accumulator(tmp_path):
    tf.saved_model.save(Outer(), tmp_path)
    loaded = tf.saved_model.load(tmp_path)
    assert loaded.sub.k is loaded.variables[0]
    want = jax.grad(lambda x: (x * 2.0) ** 2)(3.0)

    @tf.function
    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = loaded(x)
        return t.gradient(y, x)

    x = tf.constant(3.0)
    assert float(grad(x)) == want
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = loaded(x)
    assert float(acc.jvp(y)) == want


# --- the directory -------------------------------------------------------------------------------


def test_missing_directory_raises_oserror_naming_the_path(tmp_path):
    path = tmp_path / "nope"
    with pytest.raises(OSError, match=f"SavedModel file does not exist at: {path}.*does not exist"):
        tf.saved_model.load(path)


def test_foreign_directories_are_named_for_what_they_are(tmp_path):
    (tmp_path / "tf").mkdir()
    (tmp_path / "tf" / "saved_model.pb").write_bytes(b"\x08\x01")
    with pytest.raises(OSError, match=r"is a TensorFlow SavedModel \(it has saved_model.pb\)"):
        tf.saved_model.load(tmp_path / "tf")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("hello")
    with pytest.raises(OSError, match=r"not a tapejax SavedModel \(it contains notes.txt\)"):
        tf.saved_model.load(tmp_path / "junk")


def _copy(base, tmp_path, name):
    return Path(shutil.copytree(base / name, tmp_path / name))


def test_truncated_or_damaged_files_raise_oserror_before_deserializing(saved, tmp_path):
    _, base = saved
    path = _copy(base, tmp_path, "guide_True")
    blob = next((path / "functions").iterdir())
    blob.write_bytes(blob.read_bytes()[:100])
    with pytest.raises(OSError, match=f"Cannot read {blob}: it is truncated or damaged"):
        tf.saved_model.load(path)
    manifest = path / "tapejax_saved_model.json"
    manifest.write_text(manifest.read_text()[:50])
    with pytest.raises(OSError, match=f"Cannot parse file {manifest}"):
        tf.saved_model.load(path)


def test_a_newer_format_version_is_refused(saved, tmp_path):
    _, base = saved
    path = _copy(base, tmp_path, "guide_True")
    manifest = path / "tapejax_saved_model.json"
    data = json.loads(manifest.read_text())
    data["version"] += 1
    manifest.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="format version 2, and this tapejax reads versions up to 1"):
        tf.saved_model.load(path)


class Broken(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([2])])
    def f(self, x):
        raise RuntimeError("broken on purpose")


def test_saving_over_a_saved_model_is_atomic(saved, tmp_path):
    _, base = saved
    path = _copy(base, tmp_path, "guide_True")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(ValueError, match="could not export root.f.*broken on purpose"):
        tf.saved_model.save(Broken(), path)
    assert sorted(os.listdir(tmp_path)) == before  # no temporary directory left behind
    assert float(tf.saved_model.load(path).call_custom_grad(tf.constant(3.0))) == 3.0
    tf.saved_model.save(Model(), path)  # a successful save replaces it
    assert sorted(os.listdir(tmp_path)) == before
    assert hasattr(tf.saved_model.load(path), "predict")


def test_saving_never_replaces_a_directory_of_other_files(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    with pytest.raises(FileExistsError, match="non-empty directory that is not a tapejax SavedModel"):
        tf.saved_model.save(Guide(), tmp_path)
    assert os.listdir(tmp_path) == ["mine.txt"]


# --- what gets saved ------------------------------------------------------------------------------


def test_functions_without_input_signature_are_skipped_with_a_warning(tmp_path):
    class Loose(tf.Module):
        @tf.function
        def f(self, x):
            return x

    with pytest.warns(UserWarning, match=r"skips root.f: a tapejax.function without an input_signature"):
        tf.saved_model.save(Loose(), tmp_path)
    assert not hasattr(tf.saved_model.load(tmp_path), "f")


def test_serving_signature_takes_keywords_and_returns_a_dict(saved):
    _, base = saved
    loaded = tf.saved_model.load(base / "guide_True")
    out = loaded.signatures["serving_default"](x=tf.constant([1.0, 2.0]))
    assert list(out) == ["output_0"]
    np.testing.assert_array_equal(out["output_0"].numpy(), [1.0, 2.0])
    with pytest.raises(ValueError, match="Expected a tapejax.function for which to generate a signature"):
        tf.saved_model.save(Guide(), base / "other", signatures={"a": 3})


def test_a_module_that_never_called_super_init_is_saved(tmp_path):
    class M(tf.Module):  # TF saves it; its name is the class name's snake case
        def __init__(self):
            self.v = tf.Variable(1.5)

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return x * self.v

    m = M()
    assert m.name == "m"
    tf.saved_model.save(m, str(tmp_path))
    assert float(tf.saved_model.load(str(tmp_path))(tf.constant(2.0))) == 3.0
