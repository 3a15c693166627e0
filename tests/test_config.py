"""tf.config (tapejax/config.py): running functions eagerly, listing devices."""

import jax

import tapejax as tf


def test_run_functions_eagerly_skips_tracing():
    seen = []

    @tf.function
    def f(x):
        seen.append(type(x).__name__)
        return x + 1

    tf.config.run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly()
        assert float(f(tf.constant(1.0))) == 2.0 and float(f(tf.constant(2.0))) == 3.0
    finally:
        tf.config.run_functions_eagerly(False)
    f(tf.constant(3.0))
    f(tf.constant(4.0))
    assert seen == ["EagerTensor", "EagerTensor", "SymbolicTensor"]
    assert f.experimental_get_tracing_count() == 1


def test_list_physical_devices():
    cpus = tf.config.list_physical_devices("CPU")
    assert [(d.name, d.device_type) for d in cpus] == [("/physical_device:CPU:0", "CPU")]
    accelerators = [d for d in jax.devices() if d.platform != "cpu"]
    assert len(tf.config.list_physical_devices()) == 1 + len(accelerators)
