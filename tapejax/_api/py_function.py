"""``tf.py_function`` and ``tf.numpy_function``: Python code called from TensorFlow code.

Eagerly the function is simply called: ``py_function`` hands it the input Tensors (a tape
records the tapejax ops it runs, so it is differentiable, as TF's), ``numpy_function`` numpy
arrays (no gradient, as TF's). Inside ``tapejax.function`` the call becomes a host callback in
the compiled program (``jax.pure_callback``; ``jax.experimental.io_callback`` for
``numpy_function(stateful=True)``), run on every call of the function. ``py_function`` there
is differentiable by a ``jax.custom_vjp`` whose backward pass calls the function again under a
GradientTape (inside the callback) and returns that tape's gradient.

JAX needs the result's shape while tracing, where TF leaves it unknown: a ``tf.TensorSpec`` in
``Tout`` gives it; otherwise the function is called once at trace time on zeros of the
inputs' shapes (outside the trace, as ``tf.init_scope``) to learn it.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.recording.state import init_scope
from .._core.values import x64
from .._core.values.access import is_symbolic_tensor, np_dtype, np_shape, value_of
from .._core.values.dtype import as_dtype
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor, TensorLike
from .gradient_args import UnconnectedGradients
from .gradient_tape import GradientTape
from .tensor_spec import TensorSpec


def _touts(Tout) -> tuple[list, bool]:  # noqa: N803 - TF's name
    """(the output specs or dtypes as a list, whether the result is a list)."""
    if isinstance(Tout, (list, tuple)):
        return list(Tout), True
    return [Tout], False


def _dtype_of(tout):
    return tout.dtype if isinstance(tout, TensorSpec) else as_dtype(tout)


def _outputs(result, touts: list, op_name: str) -> list:
    """The function's result as Tensors of the declared dtypes (TF's error otherwise)."""
    values = list(result) if isinstance(result, (list, tuple)) else [result]
    if len(values) != len(touts):
        raise InvalidArgumentError(
            f"The function returned {len(values)} values but Tout declares {len(touts)} [Op:{op_name}]"
        )
    out = []
    for value, tout in zip(values, touts, strict=True):
        dtype = _dtype_of(tout)
        try:
            if isinstance(value, TensorLike) and value.dtype != dtype:
                raise ValueError(
                    f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                    f"{value.dtype.name}: {value!r}"
                )
            out.append(convert_to_tensor(value, dtype=dtype))
        except (TypeError, ValueError) as e:
            raise InvalidArgumentError(f"{type(e).__name__}: {e} [Op:{op_name}]") from None
    return out


def _call(func, arrays, touts, numpy_inputs: bool, op_name: str) -> list:
    args = [np.asarray(a) for a in arrays] if numpy_inputs else [Tensor(jnp.asarray(a)) for a in arrays]
    return _outputs(func(*args), touts, op_name)


def _result_specs(func, inputs, touts, numpy_inputs: bool, op_name: str) -> list:
    if all(isinstance(t, TensorSpec) and None not in tuple(t.shape) for t in touts):
        return [jax.ShapeDtypeStruct(tuple(t.shape), t.dtype._np) for t in touts]
    with init_scope():
        zeros = [np.zeros(np_shape(t), np_dtype(t)) for t in inputs]
        outs = _call(func, zeros, touts, numpy_inputs, op_name)
    return [jax.ShapeDtypeStruct(np_shape(t), np_dtype(t)) for t in outs]


def _host(func, touts, numpy_inputs: bool, op_name: str):
    @x64.enabled
    def run(*arrays):
        return tuple(np.asarray(value_of(t)) for t in _call(func, arrays, touts, numpy_inputs, op_name))

    return run


def _differentiable(func, touts, specs, op_name: str):
    """``arrays -> outputs`` through a host callback, with a custom_vjp that differentiates
    ``func`` with a GradientTape inside the backward callback."""
    forward = _host(func, touts, False, op_name)

    @x64.enabled
    def backward_host(n_in, *arrays):
        xs = [Tensor(jnp.asarray(a)) for a in arrays[:n_in]]
        cts = [Tensor(jnp.asarray(c)) for c in arrays[n_in:]]
        with GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            outs = _outputs(func(*xs), touts, op_name)
        grads = tape.gradient(outs, xs, output_gradients=cts, unconnected_gradients=UnconnectedGradients.ZERO)
        return tuple(np.asarray(value_of(g), np_dtype(x)) for g, x in zip(grads, xs, strict=True))

    @jax.custom_vjp
    def call(*arrays):
        return jax.pure_callback(forward, specs, *arrays)

    def fwd(*arrays):
        return call(*arrays), arrays

    def bwd(arrays, cts):
        inexact = [i for i, a in enumerate(arrays) if jnp.issubdtype(a.dtype, jnp.inexact)]
        wanted = [arrays[i] for i in inexact]
        grads = jax.pure_callback(
            lambda *a: backward_host(len(wanted), *a),
            [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in wanted],
            *wanted,
            *cts,
        )
        by_index = dict(zip(inexact, grads, strict=True))
        return tuple(
            by_index[i] if i in by_index else np.zeros(a.shape, jax.dtypes.float0)
            for i, a in enumerate(arrays)
        )

    call.defvjp(fwd, bwd)
    return call


def _function(func, inp, Tout, numpy_inputs: bool, stateful: bool, op_name: str):  # noqa: N803
    touts, as_list = _touts(Tout)
    inputs = [convert_to_tensor(x) for x in inp]
    if not any(is_symbolic_tensor(t) for t in inputs):  # eagerly: call it
        args = [np.asarray(t.numpy()) for t in inputs] if numpy_inputs else inputs
        outs = _outputs(func(*args), touts, op_name)
    else:
        specs = _result_specs(func, inputs, touts, numpy_inputs, op_name)
        if not numpy_inputs:
            fn = _differentiable(func, touts, specs, op_name)
        elif stateful:
            host = _host(func, touts, True, op_name)
            fn = lambda *a: io_callback(host, specs, *a, ordered=True)  # noqa: E731
        else:
            host = _host(func, touts, True, op_name)
            fn = lambda *a: jax.pure_callback(host, specs, *a)  # noqa: E731
        op = Op(
            op_name,
            lambda *a: tuple(fn(*a)),
            multiple_results=True,
            differentiable=not numpy_inputs,
            input_errors=False,
        )
        outs = list(record(op, tuple(inputs)))
    return outs if as_list else outs[0]


def py_function(func=None, inp=None, Tout=None, name=None):  # noqa: N803 - TF's name
    """Calls ``func`` on the input Tensors (``tf.py_function``): eagerly as it is, inside
    ``tapejax.function`` as a host callback; differentiable through tapejax ops it runs.

    >>> import tapejax as tf
    >>> x = tf.constant([1.0, 2.0])
    >>> with tf.GradientTape() as tape:
    ...     tape.watch(x)
    ...     y = tf.py_function(lambda a: a ** 3, [x], tf.float32)
    >>> tape.gradient(y, x)
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([ 3., 12.], dtype=float32)>
    """
    return _function(func, inp or [], Tout, False, True, "EagerPyFunc")


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):  # noqa: N803
    """Calls ``func`` on the inputs as numpy arrays (``tf.numpy_function``); no gradient.

    >>> import numpy as np
    >>> import tapejax as tf
    >>> tf.numpy_function(lambda a: np.sin(a).astype(np.float32), [tf.constant(0.0)], tf.float32)
    <tf.Tensor: shape=(), dtype=float32, numpy=0.0>
    """
    return _function(func, inp or [], Tout, True, stateful, "PyFunc")
