"""A tf.data iterator in a tf.train.Checkpoint (issue 11): restoring it continues where it was
saved, as TF 2.21 does (its outputs stored here as literals, from a scratch TF run); a
checkpoint of another pipeline is refused with TF's NotFoundError and changes nothing; a
training loop resumed from a checkpoint of its model, optimizer and iterator gives the same
losses, bit for bit, as the run without the interruption."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset


def doubled_batches():
    return D.range(10).map(lambda x: x * 2).batch(3)


def test_restore_continues_where_it_was_saved(tmp_path):
    it = iter(doubled_batches())
    assert [next(it).numpy().tolist() for _ in range(2)] == [[0, 2, 4], [6, 8, 10]]
    ckpt = tf.train.Checkpoint(iterator=it)
    path = ckpt.save(tmp_path / "ckpt")
    assert next(it).numpy().tolist() == [12, 14, 16]
    ckpt.restore(path)
    assert [x.numpy().tolist() for x in it] == [[12, 14, 16], [18]]  # TF 2.21's
    # A new iterator over a new (equal) pipeline, as a resumed program has.
    fresh = iter(doubled_batches())
    tf.train.Checkpoint(iterator=fresh).restore(path).assert_consumed()
    assert [x.numpy().tolist() for x in fresh] == [[12, 14, 16], [18]]  # TF 2.21's
    # write/read, beside a Variable; an exhausted iterator restores exhausted.
    v, numbers = tf.Variable(1.0), iter(D.range(5))
    next(numbers)
    both = tf.train.Checkpoint(v=v, it=numbers)
    written = both.write(tmp_path / "w")
    assert [int(x) for x in numbers] == [1, 2, 3, 4]
    both.read(written)
    assert [int(x) for x in numbers] == [1, 2, 3, 4]  # TF 2.21's
    done = iter(D.range(2))
    list(done)
    ended = tf.train.Checkpoint(it=done).write(tmp_path / "e")
    again = iter(D.range(2))
    tf.train.Checkpoint(it=again).read(ended)
    assert list(again) == []  # TF 2.21's


def test_numpy_iterators_are_saved_too(tmp_path):
    it = D.range(4).as_numpy_iterator()
    next(it)
    path = tf.train.Checkpoint(it=it).write(tmp_path / "n")
    restored = D.range(4).as_numpy_iterator()
    tf.train.Checkpoint(it=restored).read(path)
    assert list(restored) == [1, 2, 3]  # TF 2.21's


def test_a_seeded_shuffle_resumes_its_epoch_order(tmp_path):
    # TF's numbers differ (numpy's generator), TF's rule holds: the rest of the order is the
    # saved iterator's, in the same program and in a fresh one.
    ds = D.range(6).shuffle(6, seed=1).repeat(2)
    it = iter(ds)
    first = [int(next(it)) for _ in range(8)]
    ckpt = tf.train.Checkpoint(it=it)
    path = ckpt.write(tmp_path / "s")
    rest = [int(x) for x in it]
    assert sorted(first[:6]) == sorted(first[6:] + rest) == list(range(6))
    ckpt.read(path)
    assert [int(x) for x in it] == rest
    fresh = iter(D.range(6).shuffle(6, seed=1).repeat(2))
    tf.train.Checkpoint(it=fresh).read(path)
    assert [int(x) for x in fresh] == rest
    sampled = D.sample_from_datasets(
        [D.range(20), D.range(100, 120)], seed=3, rerandomize_each_iteration=True
    )
    it = iter(sampled)
    head = [int(next(it)) for _ in range(7)]
    path = tf.train.Checkpoint(it=it).write(tmp_path / "r")
    tail = [int(x) for x in it]
    tf.train.Checkpoint(it=it).read(path)
    assert [int(x) for x in it] == tail and len(head + tail) == 40


def test_another_pipeline_is_refused_and_nothing_changes(tmp_path):
    for name in ("it", "z_it"):  # the iterator restored before, then after, the Variable
        v, it = tf.Variable(3.0), iter(D.range(5))
        next(it)
        path = tf.train.Checkpoint(v=v, **{name: it}).write(tmp_path / name)
        v.assign(4.0)
        other = iter(D.range(5).batch(2))
        # TF 2.21: NotFoundError "... Failed to restore dataset iterator from checkpoint:
        # Iterator::Root::ParallelMapV2::Range. Make sure the dataset definition has not changed
        # between the process that saved the checkpoint and the process that is restoring it.
        # [Op:DeserializeIterator]" (the names are the new pipeline's).
        with pytest.raises(
            tf.errors.NotFoundError,
            match=(
                r"^Failed to restore dataset iterator from checkpoint: Iterator::Root::Batch::Range. Make "
                r"sure the dataset definition has not changed between the process that saved the checkpoint "
                r"and the process that is restoring it. \[Op:DeserializeIterator\]$"
            ),
        ):
            tf.train.Checkpoint(v=v, **{name: other}).read(path)
        assert float(v.numpy()) == 4.0
        assert [x.numpy().tolist() for x in other] == [[0, 1], [2, 3], [4]]  # TF's is left broken: []


def test_plain_iteration_makes_no_variable():
    it = iter(D.range(3))
    assert it._position is None and [int(x) for x in it] == [0, 1, 2]


def test_training_resumed_from_a_checkpoint_is_bit_identical(tmp_path):
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(64, 3)).astype(np.float32), rng.normal(size=(64, 1)).astype(np.float32)

    def setup():
        model = tf.keras.Sequential(
            [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="tanh"), tf.keras.layers.Dense(1)]
        )
        model.set_weights(
            [np.full(w.shape, 0.1 * (i + 1), np.float32) for i, w in enumerate(model.get_weights())]
        )
        opt = tf.keras.optimizers.Adam(0.01)
        data = D.from_tensor_slices((x, y)).shuffle(64, seed=5).batch(16).repeat(3)
        return model, opt, iter(data)

    def step(model, opt, xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(xb) - yb) ** 2)
        variables = model.trainable_variables
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables, strict=True))
        return float(loss)

    model, opt, it = setup()
    straight = [step(model, opt, *next(it)) for _ in range(12)]
    model, opt, it = setup()
    first = [step(model, opt, *next(it)) for _ in range(5)]
    ckpt = tf.train.Checkpoint(model=model, optimizer=opt, data=it)
    manager = tf.train.CheckpointManager(ckpt, tmp_path, max_to_keep=2)
    manager.save()
    model, opt, it = setup()
    tf.train.Checkpoint(model=model, optimizer=opt, data=it).restore(manager.latest_checkpoint)
    resumed = [step(model, opt, *next(it)) for _ in range(7)]
    assert first + resumed == straight
    with pytest.raises(StopIteration):
        next(it)
