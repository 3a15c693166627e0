"""One worker of a MultiWorkerMirroredStrategy cluster on localhost (TF_CONFIG set by
test_distribute_workers.py): TF's custom loop of distribute_step.train, or a loop that a
peer's death interrupts; one JSON line."""

from __future__ import annotations

import json
import os
import sys
import time

from jax._src import xla_bridge

import tapejax as tf

# "early": the program uses JAX's devices before creating the strategy (its fallback restarts
# JAX's backend; the Variable's value survives it)
early = tf.Variable(5.0) if sys.argv[2:] == ["early"] else None
backend_before = xla_bridge.backends_are_initialized()
strategy = tf.distribute.MultiWorkerMirroredStrategy(  # first, as TF asks
    communication_options=tf.distribute.experimental.CommunicationOptions(timeout_seconds=10)
)

import distribute_step as step  # noqa: E402


def faulty() -> dict:
    """Steps until a peer dies (worker 1 exits after 3 steps): the error and how long it took."""
    with strategy.scope():
        v = tf.Variable(0.0)
    dies = int(os.environ.get("TF_CONFIG_TASK_DIES", "-1"))

    @tf.function
    def add(x):
        def replica(x):
            v.assign_add(tf.distribute.get_replica_context().all_reduce("sum", x))
            return v.read_value()

        return strategy.run(replica, args=(x,))

    for i in range(1000):
        if strategy.cluster_resolver.task_id == dies and i == 3:
            os._exit(1)
        start = time.monotonic()
        try:
            float(strategy.experimental_local_results(add(tf.constant(1.0)))[0])
        except Exception as e:  # noqa: BLE001 - what the survivor sees is the result
            return {"step": i, "error": [type(e).__name__, str(e)], "seconds": time.monotonic() - start}
        time.sleep(0.1)
    return {"step": None}


EPOCHS = 8  # one batch each


def resumable(directory: str) -> dict:
    """train's loop, checkpointed every 2 steps as TF's multi-worker tutorial does (the chief
    into ``directory``, the other workers into their own temporary directories) and resumed
    from the chief's latest checkpoint; worker TF_CONFIG_TASK_DIES exits before step 5."""
    task_id = strategy.cluster_resolver.task_id
    dies = int(os.environ.get("TF_CONFIG_TASK_DIES", "-1"))
    train_step, batches, (w, b, opt) = step.training(strategy, True)
    checkpoint = tf.train.Checkpoint(w=w, b=b, optimizer=opt)
    latest = tf.train.latest_checkpoint(directory)
    if latest:
        checkpoint.restore(latest).assert_consumed()
    out = {"restored": latest and os.path.basename(latest), "start": int(opt.iterations), "losses": []}
    own = directory if task_id == 0 else os.path.join(directory, f"workertemp_{task_id}")
    manager = tf.train.CheckpointManager(checkpoint, own, max_to_keep=2)
    batch = next(iter(batches))
    for i in range(out["start"], EPOCHS):
        if task_id == dies and i == 5:
            os._exit(1)
        try:
            out["losses"].append(float(train_step(batch)))
        except tf.errors.UnavailableError as e:
            return {**out, "stopped": i, "error": str(e)}
        if (i + 1) % 2 == 0:
            manager.save()
    return {**out, "w": w.numpy().tolist(), "b": b.numpy().tolist()}


def main() -> None:
    out = {
        "processes": __import__("jax").process_count(),
        "replicas": strategy.num_replicas_in_sync,
        "backend_before": backend_before,
        "early": None if early is None else float(early),
    }
    if sys.argv[1] == "train":
        out["train"] = step.train(strategy, True, epochs=EPOCHS)
    elif sys.argv[1] == "resumable":
        out.update(resumable(sys.argv[2]))
    else:
        out.update(faulty())
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
