"""tf.device, Tensor.device, tf.config.list_logical_devices, tf.test's device queries
(issue 14). Expected strings are TF 2.21's on a CPU-only host."""

from __future__ import annotations

import jax
import pytest

import tapejax as tf

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_tensor_and_variable_device():
    assert tf.constant(1.0).device == CPU
    assert tf.Variable(1.0).device == CPU


@pytest.mark.parametrize("spec", ["/CPU:0", "cpu:0", "/device:CPU:0", CPU, None])
def test_device_scope(spec):
    with tf.device(spec):
        y = tf.constant(1.0) + 1.0
    assert y.device == CPU


def test_device_scope_places_on_the_jax_device():
    cpu = jax.devices("cpu")[0]
    with tf.device("/CPU:0"):
        y = tf.constant([1.0]) * 2.0
    assert y._value.devices() == {cpu}


def test_missing_gpu_falls_back_to_the_cpu():
    if jax.devices()[0].platform != "cpu":
        pytest.skip("a GPU is present")
    with tf.device("/GPU:0"):
        y = tf.constant(1.0) + 1.0
    assert y.device == CPU  # TF's soft placement


def test_device_scope_changes_no_global_config():
    before = jax.config.jax_default_device
    with tf.device("/CPU:0"):
        pass
    assert jax.config.jax_default_device == before


@pytest.mark.parametrize(
    "spec, message",
    [
        ("foo", "Unknown attribute 'foo' is encountered while parsing the device spec: 'foo'."),
        ("/XPU:0", "Unknown attribute 'XPU' is encountered while parsing the device spec: '/XPU:0'."),
    ],
)
def test_bad_device_spec(spec, message):
    with pytest.raises(ValueError) as info:  # TF 2.21's class and message
        with tf.device(spec):
            pass
    assert str(info.value) == message


def test_device_of_a_function():
    with pytest.raises(RuntimeError, match="tf.device does not support functions when eager execution"):
        with tf.device(lambda op: "/CPU:0"):
            pass


def test_symbolic_tensor_device_is_empty():
    seen = []

    @tf.function
    def f(x):
        seen.append((x.device, (x * 2).device))
        return x

    f(tf.constant(1.0))
    assert seen == [("", "")]  # TF 2.21


def test_device_lists():
    assert tf.config.list_logical_devices("CPU") == [tf.config.LogicalDevice("/device:CPU:0", "CPU")]
    gpus = tf.config.list_logical_devices("GPU")
    assert tf.test.is_gpu_available() == bool(gpus)
    assert tf.test.gpu_device_name() == (gpus[0].name if gpus else "")
