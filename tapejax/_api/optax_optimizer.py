"""OptaxOptimizer: an optax ``GradientTransformation`` driving tapejax Variables.

optax transformations are pure functions of pytrees (``init(params)``, ``update(grads, state,
params)``); this adapter keeps their state in non-trainable Variables, so a step is Variable
assignments like any Keras optimizer's: one compiled program per structure (the variables'
shapes and dtypes, which gradients are None or IndexedSlices) updating the variables, the
state and ``iterations`` together, eagerly or traced into a ``tapejax.function``. optax itself is not a dependency:
any object with optax's ``init``/``update`` protocol works.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .._core.caches import identity_key
from .._core.recording.convert import convert_to_tensor
from .._core.recording.purify import no_recording, undo_assignments_on_error
from .._core.recording.state_update import assign_computed
from .._core.recording.variable import Variable, stored_value
from .._core.values import x64
from .._core.values.access import value_of
from .._ops.sparse.indexed_slices import IndexedSlices, rows_of, sum_rows

_TAG = "optax update"  # keeps these keys apart from other compiled structures


class OptaxOptimizer:
    """Applies an optax transformation to tapejax Variables, Keras-style.

    Args:
      transformation: an ``optax.GradientTransformation`` (e.g. ``optax.adamw(1e-3)``).
      name: a name for its Variables.

    >>> import optax
    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, -2.0])
    >>> opt = tf.experimental.OptaxOptimizer(optax.sgd(0.1))
    >>> with tf.GradientTape() as tape:
    ...     loss = tf.reduce_sum(w * w)
    >>> _ = opt.apply_gradients([(tape.gradient(loss, w), w)])
    >>> print(w.numpy())
    [ 0.8 -1.6]
    """

    def __init__(self, transformation, name: str = "optax"):
        if not (
            callable(getattr(transformation, "init", None))
            and callable(getattr(transformation, "update", None))
        ):
            raise TypeError(
                f"OptaxOptimizer expects an optax GradientTransformation (with `init` and "
                f"`update`), got {transformation!r}. Pass e.g. optax.adam(1e-3)."
            )
        self.transformation, self.name = transformation, name
        self.iterations = Variable(np.int64(0), trainable=False, name=f"{name}/iterations")
        self._trained: list = []
        self._state_tree = None
        self._state: list = []

    @property
    def variables(self) -> list:
        """``iterations``, then the optax state's arrays as Variables."""
        return [self.iterations, *self._state]

    def apply_gradients(self, grads_and_vars):
        """One update from ``(gradient, variable)`` pairs; returns ``iterations``."""
        pairs = list(grads_and_vars)
        return self.apply([g for g, _ in pairs], [v for _, v in pairs])

    @x64.enabled
    def apply(self, grads, variables):
        """One update of ``variables`` from ``grads`` (None counts as zeros); returns ``iterations``.

        The optimizer is built on its first call's variables and trains those only.
        """
        grads, variables = list(grads), list(variables)
        if len(grads) != len(variables):
            raise ValueError(
                f"OptaxOptimizer.apply: got {len(grads)} gradients for {len(variables)} "
                "variables; pass one gradient per variable."
            )
        if not self._trained:
            self._build(variables)
        elif [id(v) for v in variables] != [id(v) for v in self._trained]:
            raise ValueError(
                "OptaxOptimizer.apply: this optimizer was built for other variables; "
                "an optax state belongs to one list of variables. Make a new "
                "OptaxOptimizer for these."
            )
        entries = [_gradient_entry(g, v) for g, v in zip(grads, variables, strict=True)]
        key = (_TAG, identity_key(self.transformation), self._state_tree)
        program = functools.partial(_optax_step, self.transformation, self._state_tree)
        with no_recording(), undo_assignments_on_error():
            assign_computed(key, program, [self.iterations, *variables, *self._state], entries)
        return self.iterations

    def _build(self, variables) -> None:
        # The variables' current values, also while tapejax.function traces the first call (as
        # TF's init_scope): the state is made once, as concrete Variables.
        params = [stored_value(v) for v in variables]
        with no_recording(), jax.ensure_compile_time_eval(), x64.for_user_code(params):
            state = self.transformation.init(params)
        leaves, self._state_tree = jax.tree_util.tree_flatten(state)
        self._state = [
            Variable(np.asarray(leaf), trainable=False, name=f"{self.name}/state_{i}")
            for i, leaf in enumerate(leaves)
        ]
        self._trained = variables


def _gradient_entry(grad, variable):
    """None, an IndexedSlices' rows (``values``, ``indices``: summed inside the program), or
    the gradient converted to the variable's dtype."""
    if grad is None:
        return None
    if isinstance(grad, IndexedSlices) and grad.dtype == variable.dtype:
        rows = rows_of(grad)
        if rows is not None and rows[2] == tuple(variable.shape):
            return {"values": rows[0], "indices": rows[1]}
    return value_of(convert_to_tensor(grad, dtype=variable.dtype))


def _optax_step(transformation, state_tree, values, grads):
    """optax's update as a pure function of the Variables' values: the new values of
    ``iterations``, the variables and the state."""
    n = len(grads)
    iterations, params, state = values[0], values[1 : n + 1], values[n + 1 :]
    grads = [_dense(g, p) for g, p in zip(grads, params, strict=True)]
    state = jax.tree_util.tree_unflatten(state_tree, state)
    with x64.for_user_code(params):  # optax computes as it does outside tapejax
        updates, new_state = transformation.update(grads, state, params)
    new_params = [(p + u).astype(p.dtype) for p, u in zip(params, updates, strict=True)]
    return [iterations + 1, *new_params, *jax.tree_util.tree_leaves(new_state)], None


def _dense(grad, param):
    if grad is None:  # counts as zeros
        return jnp.zeros_like(param)
    if isinstance(grad, dict):
        return sum_rows(grad["values"], grad["indices"], param.shape)
    return grad
