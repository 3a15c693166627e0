"""tf.train.Checkpoint: object-graph keys, round trips, deferred restoration, resuming training.

Keys and messages are TensorFlow 2.21's (from a scratch TF install, stored here as literals);
resumed training is checked bit for bit against the same run without the interruption.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import tapejax as tf
from tapejax._core import checksum

VALUE = "/.ATTRIBUTES/VARIABLE_VALUE"


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0]])
        self.layers = [tf.Variable(1.0), {"a": tf.Variable(2.0)}]
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones")


def test_keys_are_tensorflows(tmp_path):
    model = Net()
    model.dense(tf.ones((1, 3)))
    path = tf.train.Checkpoint(model=model, step=tf.Variable(3)).save(tmp_path / "ck")
    # TF 2.21, the same objects: tf.train.list_variables(ckpt.save(...)).
    assert tf.train.list_variables(path) == [
        ("_CHECKPOINTABLE_OBJECT_GRAPH", []),
        ("model/dense/_kernel" + VALUE, [3, 2]),
        ("model/dense/bias" + VALUE, [2]),
        ("model/layers/0" + VALUE, []),
        ("model/layers/1/a" + VALUE, []),
        ("model/w" + VALUE, [1, 2]),
        ("save_counter" + VALUE, []),
        ("step" + VALUE, []),
    ]
    assert tf.train.list_variables(tmp_path) == tf.train.list_variables(path)  # a directory: its latest
    np.testing.assert_array_equal(tf.train.load_variable(path, "model/w" + VALUE), [[1.0, 2.0]])
    # TF 2.21's messages start so.
    with pytest.raises(tf.errors.NotFoundError, match="^Key model/w not found in checkpoint"):
        tf.train.load_variable(path, "model/w")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="^Couldn't find 'checkpoint' file or checkpoints in given dir"):
        tf.train.list_variables(tmp_path / "empty")


def test_a_variable_reached_twice_is_saved_once_under_its_first_path(tmp_path):
    shared = tf.Variable(3.0)
    holder = tf.Module()
    holder.y, holder.x = shared, shared
    path = tf.train.Checkpoint(m=holder).write(tmp_path / "w")
    # TF 2.21: [('_CHECKPOINTABLE_OBJECT_GRAPH', []), ('m/x/.ATTRIBUTES/VARIABLE_VALUE', [])]
    assert tf.train.list_variables(path) == [("_CHECKPOINTABLE_OBJECT_GRAPH", []), ("m/x" + VALUE, [])]
    shared.assign(0.0)
    tf.train.Checkpoint(m=holder).read(path).assert_consumed()
    assert shared.numpy() == 3.0


def test_root_argument_puts_its_attributes_at_the_top(tmp_path):
    model = Net()
    model.dense(tf.ones((1, 3)))
    keys = [k for k, _ in tf.train.list_variables(tf.train.Checkpoint(model).write(tmp_path / "w"))]
    assert "w" + VALUE in keys and "layers/1/a" + VALUE in keys and "save_counter" + VALUE not in keys


def test_every_dtype_round_trips(tmp_path):
    values = {
        "f64": np.array([1.5, -2.25]),
        "i32": np.array([[1, -7]], np.int32),
        "bf16": np.array([0.5, 3.0], tf.bfloat16.as_numpy_dtype),
        "b": np.array([True, False]),
        "c64": np.array([1 + 2j], np.complex64),
        "i64": np.int64(2**40),
        "f16": np.float16(0.1),
    }
    variables = {k: tf.Variable(v) for k, v in values.items()}
    path = tf.train.Checkpoint(v=variables).save(tmp_path / "ck")
    for v in variables.values():
        v.assign(tf.zeros_like(v))
    tf.train.Checkpoint(v=variables).restore(path).assert_consumed()
    for key, value in values.items():
        assert variables[key].dtype.name == np.asarray(value).dtype.name
        np.testing.assert_array_equal(variables[key].numpy(), value)


def test_save_numbers_and_records_write_does_neither(tmp_path):
    v = tf.Variable([1.0, 2.0])
    ckpt = tf.train.Checkpoint(v=v)
    p1, p2 = ckpt.save(tmp_path / "a"), ckpt.save(tmp_path / "a")
    assert (p1, p2) == (str(tmp_path / "a-1"), str(tmp_path / "a-2"))
    # TF 2.21 writes exactly this 'checkpoint' file after two saves.
    text = 'model_checkpoint_path: "a-2"\nall_model_checkpoint_paths: "a-2"\n'
    assert (tmp_path / "checkpoint").read_text() == text
    assert ckpt.write(tmp_path / "w") == str(tmp_path / "w")
    assert ckpt.save_counter.numpy() == 2 and (tmp_path / "checkpoint").read_text() == text
    assert tf.train.latest_checkpoint(tmp_path) == p2
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".index") == [
        "a-1.index",
        "a-2.index",
        "w.index",
    ]
    # A fresh Checkpoint restores save_counter too, and numbers on from it.
    fresh = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0]))
    fresh.restore(p1).assert_consumed()
    assert fresh.save_counter.numpy() == 1 and fresh.save(tmp_path / "b") == str(tmp_path / "b-2")


def test_latest_checkpoint_is_none_without_one(tmp_path):
    assert tf.train.latest_checkpoint(tmp_path / "nowhere") is None
    assert tf.train.latest_checkpoint(tmp_path) is None
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).save(tmp_path / "c")
    state = tf.train.get_checkpoint_state(tmp_path)
    assert state.model_checkpoint_path == path and state.all_model_checkpoint_paths == [path]
    (tmp_path / "c-1.index").unlink()
    assert tf.train.latest_checkpoint(tmp_path) is None  # TF: None (and logs the missing files)


class _TwoLayers(tf.Module):
    """A model whose layers build on their first call (their Variables do not exist before)."""

    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(4, activation="relu", kernel_initializer="glorot_uniform")
        self.out = tf.keras.layers.Dense(1, kernel_initializer="glorot_uniform")

    def __call__(self, x):
        return self.out(self.hidden(x))


_X = tf.constant(np.linspace(-1.0, 1.0, 15, dtype=np.float32).reshape(5, 3))
_Y = tf.constant(np.array([[0.5], [-1.0], [2.0], [0.0], [1.0]], np.float32))


def _step(model, opt):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(_X) - _Y))
    variables = model.trainable_variables
    opt.apply_gradients(zip(tape.gradient(loss, variables), variables, strict=True))
    return loss.numpy()


@pytest.mark.parametrize("built", [False, True], ids=["deferred", "built_by_one_call"])
def test_resumed_training_is_bit_identical(tmp_path, built):
    tf.random.set_seed(0)
    model, opt = _TwoLayers(), tf.keras.optimizers.Adam(0.05)
    for _ in range(3):
        _step(model, opt)
    path = tf.train.Checkpoint(model=model, optimizer=opt).save(tmp_path / "ck")
    uninterrupted = [_step(model, opt) for _ in range(4)]

    tf.random.set_seed(1)  # other initial values: everything must come from the checkpoint
    model2, opt2 = _TwoLayers(), tf.keras.optimizers.Adam(0.05)
    if built:
        model2(_X)
    status = tf.train.Checkpoint(model=model2, optimizer=opt2).restore(path)
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match="Unresolved object in checkpoint"):
        status.assert_consumed()  # the optimizer's slots are created by its first step
    resumed = [_step(model2, opt2) for _ in range(4)]
    status.assert_consumed()
    assert resumed == uninterrupted
    for a, b in zip(
        model.variables + tuple(opt.variables), model2.variables + tuple(opt2.variables), strict=True
    ):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert "build" not in vars(model2.hidden) and "build" not in vars(opt2)  # the hooks are gone


def test_deferred_restoration_inside_a_tapejax_function(tmp_path):
    def make():
        model = tf.keras.layers.Dense(2, kernel_initializer="ones")
        opt = tf.keras.optimizers.SGD(0.1, momentum=0.9)

        @tf.function
        def step(x):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(model(x)))
            variables = model.trainable_variables
            opt.apply_gradients(zip(tape.gradient(loss, variables), variables, strict=True))
            return loss

        return model, opt, step

    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3) / 10)
    model, opt, step = make()
    for _ in range(2):
        step(x)
    path = tf.train.Checkpoint(model=model, optimizer=opt).write(tmp_path / "w")
    uninterrupted = [step(x).numpy() for _ in range(3)]
    model2, opt2, step2 = make()  # built by the function's first trace, after the restore
    status = tf.train.Checkpoint(model=model2, optimizer=opt2).read(path)
    assert [step2(x).numpy() for _ in range(3)] == uninterrupted
    status.assert_consumed()
    assert opt2.iterations.numpy() == 5


def test_an_attribute_set_after_restore_gets_its_value(tmp_path):
    saved = Net()
    saved.dense(tf.ones((1, 3)))
    saved.dense.kernel.assign(np.full((3, 2), 3.0, np.float32))
    path = tf.train.Checkpoint(model=saved, step=tf.Variable(7)).write(tmp_path / "w")
    ckpt = tf.train.Checkpoint()
    status = ckpt.read(path)
    ckpt.step = tf.Variable(0)
    assert ckpt.step.numpy() == 7
    with pytest.raises(AssertionError, match=r"Unresolved object in checkpoint \(root\)\.model"):
        status.assert_consumed()
    ckpt.model = Net()
    ckpt.model.dense(tf.ones((1, 3)))  # dense builds: its kernel and bias are restored then
    status.assert_consumed()
    np.testing.assert_array_equal(ckpt.model.dense.kernel.numpy(), np.full((3, 2), 3.0))


def test_a_checkpoint_of_a_checkpoint(tmp_path):
    inner = tf.train.Checkpoint(v=tf.Variable(2.0))
    path = tf.train.Checkpoint(inner=inner).write(tmp_path / "w")
    assert [k for k, _ in tf.train.list_variables(path)][1:] == ["inner/v" + VALUE]
    inner.v.assign(0.0)
    tf.train.Checkpoint(inner=inner).read(path).assert_consumed()
    assert inner.v.numpy() == 2.0


# -- errors: TF's classes and messages, and a failed restore changes nothing ---------------------


def _saved(tmp_path):
    model = Net()
    model.dense(tf.ones((1, 3)))
    return model, tf.train.Checkpoint(model=model).save(tmp_path / "ck")


def _values(model):
    return [v.numpy().copy() for v in model.variables]


def _unchanged(model, before):
    return all(np.array_equal(a, v.numpy()) for a, v in zip(before, model.variables, strict=True))


def test_a_missing_checkpoint_is_not_found(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    missing = str(tmp_path / "nothing-1")
    # TF 2.21's messages, for restore and for read.
    with pytest.raises(tf.errors.NotFoundError) as e:
        ckpt.restore(missing)
    assert str(e.value) == (
        f"Error when restoring from checkpoint or SavedModel at {missing}: Unsuccessful TensorSliceReader "
        f"constructor: Failed to find any matching files for {missing}\nPlease double-check that the path "
        "is correct. You may be missing the checkpoint suffix (e.g. the '-1' in 'path/to/ckpt-1')."
    )
    with pytest.raises(tf.errors.NotFoundError) as e:
        ckpt.read(missing)
    assert str(e.value) == (
        f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files for {missing}"
    )
    assert ckpt.v.numpy() == 1.0


@pytest.mark.parametrize("damage", ["index_garbage", "index_foreign_json", "data_missing", "data_garbage"])
def test_a_corrupt_checkpoint_is_data_loss_and_changes_nothing(tmp_path, damage):
    model, path = _saved(tmp_path)
    for v in model.variables:
        v.assign(tf.zeros_like(v))
    before = _values(model)
    data = tmp_path / "ck-1.data"
    if damage == "index_garbage":
        (tmp_path / "ck-1.index").write_bytes(b"\x00garbage" * 10)
    elif damage == "index_foreign_json":
        (tmp_path / "ck-1.index").write_text('{"nodes": []}')
    elif damage == "data_missing":
        for f in sorted(data.rglob("*"), reverse=True):
            f.unlink() if f.is_file() else f.rmdir()
        data.rmdir()
    else:
        for f in data.rglob("*"):
            if f.is_file():
                f.write_bytes(b"garbage")
    message = {
        "index_garbage": "Data loss: not a tapejax checkpoint index",
        "index_foreign_json": "Data loss: not a tapejax checkpoint index",
        "data_missing": r"ck-1.data/\S+; No such file or directory",  # TF: a missing data file is NotFound
        "data_garbage": r"has 7 bytes where \d+ were written \(truncated or overwritten\)",
    }[damage]
    error = tf.errors.NotFoundError if damage == "data_missing" else tf.errors.DataLossError
    with pytest.raises(error, match=message):
        tf.train.Checkpoint(model=model).restore(path)
    assert _unchanged(model, before)


def test_a_mismatched_variable_fails_before_anything_is_assigned(tmp_path):
    model, path = _saved(tmp_path)
    other = Net()
    other.dense(tf.ones((1, 3)))
    other.w = tf.Variable([1.0, 2.0, 3.0])  # the other Variables match, and would change
    for v in other.variables:
        v.assign(tf.zeros_like(v))
    before = _values(other)
    with pytest.raises(ValueError) as e:
        tf.train.Checkpoint(model=other).restore(path)
    # TF 2.21's message.
    assert str(e.value) == (
        "Received incompatible tensor with shape (1, 2) when attempting to restore "
        "variable with shape (3,) and name Variable:0."
    )
    assert _unchanged(other, before)
    other.w = tf.Variable([[1, 2]])
    before = _values(other)
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match="tensor_name = model/w/.ATTRIBUTES/VARIABLE_VALUE; expected dtype int32 does "
        "not equal original dtype float32",
    ):
        tf.train.Checkpoint(model=other).restore(path)
    assert _unchanged(other, before)


def test_checkpoint_takes_only_trackable_objects():
    # TF 2.21's message.
    with pytest.raises(
        ValueError,
        match=r"^`Checkpoint` was expecting x to be a trackable object \(an "
        r"object derived from `Trackable`\), got 3\. If you believe",
    ):
        tf.train.Checkpoint(x=3)
    tf.train.Checkpoint(x=[tf.Variable(1.0)])  # TF wraps lists (and dicts) of trackables


def test_an_index_that_disagrees_with_the_values_is_data_loss(tmp_path):
    model, path = _saved(tmp_path)
    index = json.loads((tmp_path / "ck-1.index").read_text())
    for node in index["nodes"]:
        if node.get("variable", {}).get("key") == "model/w" + VALUE:
            node["variable"]["shape"] = [2, 1]
    # Sealed again: an index whose checksum is right but whose records are wrong (a writer's
    # bug, not a flipped byte) is still caught by the shape check on the values read.
    index["crc32"] = checksum.of_bytes(checksum.canonical([index["nodes"], index["files"]]))
    (tmp_path / "ck-1.index").write_text(json.dumps(index))
    other = Net()
    other.dense(tf.ones((1, 3)))
    other.w = tf.Variable([[0.0], [0.0]])
    before = _values(other)
    with pytest.raises(
        tf.errors.DataLossError,
        match=r"ck-1 is corrupt: model/w/.ATTRIBUTES/VARIABLE_VALUE "
        r"holds a float32 value of shape \(1, 2\)",
    ):
        tf.train.Checkpoint(model=other).restore(path)
    assert _unchanged(other, before)


def test_a_damaged_state_file_is_named(tmp_path):
    tf.train.Checkpoint(v=tf.Variable(1.0)).save(tmp_path / "ck")
    (tmp_path / "checkpoint").write_text("model_checkpoint_path: ck-1\n")  # not quoted
    with pytest.raises(tf.errors.DataLossError, match="Unable to parse the checkpoint state file .*line 1"):
        tf.train.latest_checkpoint(tmp_path)


def test_writing_inside_a_function_is_refused(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))

    @tf.function
    def f():
        ckpt.write(tmp_path / "w")

    with pytest.raises(RuntimeError, match="cannot write 'Variable:0' inside tapejax.function"):
        f()


# -- the load status -----------------------------------------------------------------------------


def test_status_assertions_say_what_did_not_match(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0])).save(tmp_path / "a")
    extra = tf.Variable(1.0)
    status = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0]), extra=extra).restore(path)
    # TF 2.21's message (the same for both assertions).
    message = (
        "Found 1 Python objects that were not bound to checkpointed values, likely due to changes "
        "in the Python program. Showing 1 of 1 unmatched objects: [<tf.Variable 'Variable:0' "
        "shape=() dtype=float32, numpy=1.0>]"
    )
    for assertion in (status.assert_consumed, status.assert_existing_objects_matched):
        with pytest.raises(AssertionError) as e:
            assertion()
        assert str(e.value) == message
    assert status.expect_partial() is status and status.assert_nontrivial_match() is status

    status = tf.train.Checkpoint().restore(path)
    status.assert_existing_objects_matched()  # save_counter matched, and nothing else exists
    with pytest.raises(AssertionError, match=r"^Unresolved object in checkpoint \(root\)\.v: a Variable"):
        status.assert_consumed()
    with pytest.raises(AssertionError, match="Nothing except the root object matched"):
        tf.train.Checkpoint(w=tf.Variable(1.0)).read(path).assert_nontrivial_match()


def test_restore_none_restores_nothing():
    status = tf.train.Checkpoint(v=tf.Variable(1.0)).restore(None)
    for assertion in (
        status.assert_consumed,
        status.assert_existing_objects_matched,
        status.assert_nontrivial_match,
    ):
        with pytest.raises(
            AssertionError,
            match=r"^No checkpoint specified \(save_path=None\); nothing is "
            r"being restored\.$",
        ):
            assertion()
    assert status.expect_partial() is status
