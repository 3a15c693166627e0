"""Run by test_distribute.py in a process with 8 simulated CPU devices: TF's custom training
loop under tf.distribute strategies, printed as one JSON line."""

from __future__ import annotations

import json
import sys

import numpy as np

import tapejax as tf

X = (np.arange(64, dtype=np.float32).reshape(16, 4) % 7 - 3) / 3
Y = (np.arange(48, dtype=np.float32).reshape(16, 3) % 5 - 2) / 2
W0 = (np.arange(12, dtype=np.float32).reshape(4, 3) % 4 - 1.5) / 4


def train(strategy, compiled: bool, optimizer: str = "sgd", epochs: int = 3) -> dict:
    """The TF tutorial's loop: per-example loss, compute_average_loss, tape, apply_gradients."""
    step, batches, (w, b, _) = training(strategy, compiled, optimizer)
    losses = [float(step(batch)) for _ in range(epochs) for batch in batches]
    return {"losses": losses, "w": w.numpy().tolist(), "b": b.numpy().tolist()}


def training(strategy, compiled: bool, optimizer: str = "sgd"):
    """``(step, distributed batches, (w, b, optimizer))`` of ``train``'s loop."""
    with strategy.scope():
        w = tf.Variable(W0)
        b = tf.Variable(np.zeros(3, np.float32))
        opt = tf.keras.optimizers.SGD(0.1) if optimizer == "sgd" else tf.keras.optimizers.Adam(0.05)
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(16)
    batches = strategy.experimental_distribute_dataset(dataset)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            pred = tf.tanh(xb @ w + b)
            per_example = tf.reduce_mean(tf.square(pred - yb), axis=1)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=16)
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b], strict=True))
        return loss

    def step(batch):
        losses = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)

    return (tf.function(step) if compiled else step), batches, (w, b, opt)


def collectives(strategy) -> dict:
    batch = next(
        iter(strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices(X).batch(16)))
    )

    def replica_fn(xb):
        ctx = tf.distribute.get_replica_context()
        rid = tf.cast(ctx.replica_id_in_sync_group, tf.float32)
        return (
            rid + ctx.all_reduce("sum", tf.reduce_sum(xb)),
            tf.shape(xb)[0],
            ctx.all_gather(rid[None], axis=0),
        )

    total, rows, gathered = strategy.run(replica_fn, args=(batch,))
    local = strategy.experimental_local_results
    ints = tf.data.Dataset.from_tensor_slices(np.arange(16, dtype=np.float32)).batch(16)
    b = next(iter(strategy.experimental_distribute_dataset(ints)))
    return {
        "total": [float(v) for v in local(total)],
        "rows": [int(v) for v in local(rows)],
        "gathered": local(gathered)[3].numpy().tolist(),
        "reduce_sum_axis0": float(strategy.reduce("SUM", b, axis=0)),
        "reduce_mean_axis0": float(strategy.reduce(tf.distribute.ReduceOp.MEAN, b, axis=0)),
        "reduce_mean_none": strategy.reduce("MEAN", b, axis=None).numpy().tolist(),
        "gather": strategy.gather(b, axis=0).numpy().tolist(),
        "values_fn": [
            float(v)
            for v in local(
                strategy.experimental_distribute_values_from_function(
                    lambda ctx: tf.constant(float(ctx.replica_id_in_sync_group))
                )
            )
        ],
    }


def aggregations(strategy) -> dict:
    with strategy.scope():
        mean = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN)
        first = tf.Variable(1.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
        plain = tf.Variable(1.0)

    def rid():
        return tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)

    strategy.run(tf.function(lambda: mean.assign_add(rid())))
    strategy.run(tf.function(lambda: first.assign_add(rid() + 1)))
    strategy.run(tf.function(lambda: plain.assign_add(1.0)))  # equal on every replica: allowed
    try:
        strategy.run(lambda: plain.assign_add(rid()))
        diverging = None
    except ValueError as e:
        diverging = str(e)
    return {"mean": float(mean), "first": float(first), "plain": float(plain), "diverging": diverging}


def losses(strategy) -> dict:
    """compute_average_loss without a global batch size and scale_regularization_loss in the
    replicas' code: scaled by the replicas in sync (TF's global batch: 2 rows x 8 replicas)."""
    ints = tf.data.Dataset.from_tensor_slices(np.arange(16, dtype=np.float32)).batch(16)
    batch = next(iter(strategy.experimental_distribute_dataset(ints)))

    def replica_fn(xb):
        return (
            tf.nn.compute_average_loss(xb),
            tf.nn.compute_average_loss(xb, sample_weight=tf.constant(0.5)),
            tf.nn.scale_regularization_loss(tf.reduce_sum(xb)),
        )

    average, weighted, regularization = strategy.run(replica_fn, args=(batch,))
    with strategy.scope():
        given = float(tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=4))
    return {
        "average": [float(v) for v in strategy.experimental_local_results(average)],
        "sums": [float(strategy.reduce("SUM", v, axis=None)) for v in (average, weighted, regularization)],
        "given_in_scope": given,
    }


def errors(strategy) -> dict:
    """Bad input that needs several replicas: each as ``[class name, message]``."""
    found = {}

    def record(name, fn):
        try:
            fn()
            found[name] = None
        except Exception as e:  # noqa: BLE001 - the class and message are what is checked
            found[name] = [type(e).__name__, str(e)]

    uneven = tf.data.Dataset.from_tensor_slices(np.arange(20, dtype=np.float32)).batch(10)
    record("uneven_batch", lambda: list(strategy.experimental_distribute_dataset(uneven)))
    outside = tf.Variable(np.ones(3, np.float32))  # created outside the scope
    with strategy.scope():
        opt = tf.keras.optimizers.SGD(0.1)
    before = outside.numpy().tolist()

    def replica_step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(outside * 2.0)
        opt.apply_gradients(zip(tape.gradient(loss, [outside]), [outside], strict=True))

    record("outside_scope", lambda: strategy.run(replica_step))
    found["outside_unchanged"] = outside.numpy().tolist() == before
    other = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])

    def mixed():
        with strategy.scope(), other.scope():
            pass

    record("mixed_scopes", mixed)
    record("reduce_plain", lambda: strategy.reduce("SUM", tf.constant([1.0, 2.0]), axis=None))
    found["reduce_plain_axis"] = float(strategy.reduce("SUM", tf.constant([1.0, 2.0]), axis=0))
    record("run_in_run", lambda: strategy.run(lambda: strategy.run(lambda: 1.0)))
    record(
        "foreign_per_replica",
        lambda: other.run(
            lambda x: x, args=(strategy.experimental_distribute_values_from_function(lambda c: 1.0),)
        ),
    )
    return found


def main() -> None:
    mirrored = tf.distribute.MirroredStrategy()
    one = tf.distribute.OneDeviceStrategy("/cpu:0")
    runs = {
        "mirrored/function": train(mirrored, True),
        "mirrored/eager": train(mirrored, False),
        "one/function": train(one, True),
        "one/eager": train(one, False),
        "default/function": train(tf.distribute.get_strategy(), True),
        "mirrored/adam": train(mirrored, True, "adam"),
        "one/adam": train(one, True, "adam"),
    }
    out = {
        "replicas": mirrored.num_replicas_in_sync,
        "runs": runs,
        "collectives": collectives(mirrored),
        "aggregations": aggregations(mirrored),
        "losses": losses(mirrored),
        "errors": errors(mirrored),
    }
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
