"""Optimizer: the Keras 3 base optimizer (``iterations``, ``learning_rate``, slot variables).

Subclasses define ``build_slots(variable)`` (the zero-initialised slots one variable needs) and
``update(gradient, variable, slots, lr, step)`` (the new values, as JAX arrays). The base class
filters missing gradients as Keras does, checks shapes before anything is assigned, and applies
every update with ``Variable.assign`` while no tape records, so training steps are never
differentiated.
"""

from __future__ import annotations

import warnings

import jax.numpy as jnp
import numpy as np

from .._core import dtype as _dtypes
from .._core import x64
from .._core.convert import convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.purify import no_recording, undo_assignments_on_error
from ._layer import _auto_name
from ._variable import KerasVariable

_UNSUPPORTED = ("weight_decay", "clipnorm", "clipvalue", "global_clipnorm", "use_ema",
                "ema_overwrite_frequency", "loss_scale_factor", "gradient_accumulation_steps")


class Optimizer:
    """Base class of Keras optimizers (``tf.keras.optimizers.Optimizer``), as in Keras 3.

    Args:
      learning_rate: a float; readable and settable as ``optimizer.learning_rate``.
      name: the optimizer's name; by default the class name in snake case, made unique.
    """

    _slot_names: tuple[str, ...] = ()

    def __init__(self, learning_rate, name: str | None = None, **kwargs):
        _check_options(type(self).__name__, kwargs)
        self.name = name or _auto_name(type(self).__name__)
        self._iterations = self._own_variable(np.int64(0), "iteration", _dtypes.int64)
        self._learning_rate = self._own_variable(_float(learning_rate), "learning_rate", _dtypes.float32)
        self._slots: dict[int, list] = {}  # id(trained variable) -> its slot variables
        self._slot_variables: list = []
        self._trained: list = []  # the variables it was built for

    def _own_variable(self, value, name: str, dtype) -> KerasVariable:
        return KerasVariable(value, trainable=False, name=name, path=f"{self.name}/{name}", dtype=dtype)

    @property
    def iterations(self) -> KerasVariable:
        """The number of updates applied so far (an int64 Variable)."""
        return self._iterations

    @property
    def learning_rate(self) -> KerasVariable:
        """The learning rate, a float32 Variable; assigning a float sets it."""
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value) -> None:
        self._learning_rate.assign(_float(value))

    @property
    def variables(self) -> list:
        """``iterations``, ``learning_rate``, then the slot variables in creation order."""
        return [self._iterations, self._learning_rate, *self._slot_variables]

    def build(self, var_list) -> None:
        """Creates the slot variables of every variable in ``var_list`` (zeros, like it).

        As in Keras, only the first build counts: the optimizer then trains those variables.
        """
        if self._trained:
            return
        self._trained = list({id(v): v for v in var_list}.values())  # also keeps their ids theirs
        for variable in self._trained:
            self._slots[id(variable)] = [self._slot(variable, s) for s in self._slot_names]
        for slot_name in self._late_slot_names():  # after all the others, as Keras orders them
            for variable in self._trained:
                self._slots[id(variable)].append(self._slot(variable, slot_name))

    def _late_slot_names(self) -> tuple[str, ...]:
        return ()  # slots Keras creates after all the others (Adam's velocity_hat)

    def _slot(self, variable, slot_name: str) -> KerasVariable:
        base = getattr(variable, "path", None)
        base = base.replace("/", "_") if base else variable.name.replace("/", "_").replace(":", "_")
        name = f"{base}_{slot_name}"
        slot = KerasVariable(np.zeros(variable._np_shape, variable._np_dtype), trainable=False,
                             name=name, path=f"{self.name}/{name}")
        self._slot_variables.append(slot)
        return slot

    def apply_gradients(self, grads_and_vars):
        """Applies one update from ``(gradient, variable)`` pairs; returns ``iterations``.

        A pair whose gradient is None is skipped with a warning, as in Keras; if every
        gradient is None this raises ValueError.
        """
        pairs = list(grads_and_vars)
        return self.apply([g for g, _ in pairs], [v for _, v in pairs])

    @x64.enabled
    def apply(self, grads, trainable_variables=None):
        """Applies one update of ``trainable_variables`` from ``grads``; returns ``iterations``.

        Without ``trainable_variables``, the gradients are for the variables it was built with.
        """
        grads = list(grads)
        if trainable_variables is None and not self._trained:
            raise ValueError(f"{type(self).__name__}.apply: when passing `grads` without `variables`, "
                             "the optimizer must already be built on a list of variables. Call "
                             "`optimizer.build(trainable_variables)` first.")
        variables = self._trained if trainable_variables is None else list(trainable_variables)
        if len(grads) != len(variables):
            raise ValueError(f"{type(self).__name__}.apply: got {len(grads)} gradients for "
                             f"{len(variables)} variables; pass one gradient per variable.")
        self.build(variables)
        for variable in variables:
            self._slots_of(variable)
        pairs = _present(grads, variables)
        checked = [(self._checked(g, v), v) for g, v in pairs]
        with no_recording(), undo_assignments_on_error():
            lr = self._learning_rate._as_tensor()._value
            step = self._iterations._as_tensor()._value + 1
            for grad, variable in checked:
                slots = self._slots_of(variable)
                values = [s._as_tensor()._value for s in slots]
                new_var, new_slots = self.update(grad, variable._as_tensor()._value, values, lr, step)
                for slot, value in zip(slots, new_slots, strict=True):
                    slot.assign(convert_to_tensor(value))
                variable.assign(convert_to_tensor(new_var))
            self._iterations.assign(convert_to_tensor(step))
        return self._iterations

    def _slots_of(self, variable) -> list:
        if id(variable) not in self._slots:
            raise ValueError(
                f"{type(self).__name__}.apply: unknown variable {variable.name!r}. This optimizer can "
                "only be called for the variables it was originally built with; create a new "
                "optimizer to train other variables (or build it with all of them first).")
        return self._slots[id(variable)]

    def _checked(self, grad, variable):
        grad = convert_to_tensor(grad)
        if tuple(grad.shape) != tuple(variable._np_shape):
            raise InvalidArgumentError(
                f"{type(self).__name__}.apply_gradients: cannot update variable {variable.name!r} "
                f"with shape {list(variable._np_shape)} using a gradient with shape {list(grad.shape)}, "
                "shapes must be equal. Pass each gradient with the variable it was computed for.")
        return grad._value.astype(variable._np_dtype)  # Keras casts the gradient to the variable's dtype

    def update(self, grad, var, slots, lr, step):
        """The new value of one variable and of its slots (JAX arrays); subclasses define it."""
        raise NotImplementedError


def _present(grads, variables) -> list:
    """The pairs that have a gradient; warns about the others, as Keras 3."""
    pairs = [(g, v) for g, v in zip(grads, variables, strict=True) if g is not None]
    if not pairs:
        raise ValueError("No gradients provided for any variable.")
    missing = [v.name for g, v in zip(grads, variables, strict=True) if g is None]
    if missing:
        warnings.warn(f"Gradients do not exist for variables {missing} when minimizing the loss. If "
                      "using `model.compile()`, did you forget to provide a `loss` argument?", stacklevel=3)
    return pairs


def _float(value):
    if callable(value) or isinstance(value, bool):
        raise NotImplementedError(
            f"learning_rate={value!r} is not supported by tapejax.keras optimizers (no schedules); "
            "pass a float and set optimizer.learning_rate between steps.")
    return np.float32(value)


def _check_options(class_name: str, options: dict) -> None:
    for key, value in options.items():
        if key not in _UNSUPPORTED:
            raise ValueError(f"Argument(s) not recognized: {{'{key}': {value!r}}} (in {class_name}).")
        if value is not None and value is not False:
            raise NotImplementedError(
                f"{class_name}: `{key}` is not supported by tapejax.keras; leave it unset and apply it "
                "to the gradients in your own training step.")


def as_float(value, like):
    """A Python hyperparameter as a scalar of ``like``'s dtype (Keras casts them so)."""
    return jnp.asarray(value, like.dtype)
