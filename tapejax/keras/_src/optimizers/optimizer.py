"""Optimizer: the Keras 3 base optimizer (``iterations``, ``learning_rate``, slot variables).

Subclasses name their slots with ``_slot_groups()`` (groups of slot names, each created for
every variable in turn, as Keras' ``add_optimizer_variables``), their float hyperparameters
(``_hyperparameters``) and code-changing options (``_options``), and define the pure
``update(h, gradient, variable, slots, square)`` (the new values, as JAX arrays, from what
``h`` holds: options, hyperparameters, ``lr``, ``step``). The base class filters missing
gradients as Keras does and checks shapes before anything is assigned; then one compiled
program (``update_program``) clips the gradients (``clipnorm``, ``clipvalue``,
``global_clipnorm``), applies ``weight_decay`` and every variable's update, keeps the moving
averages of ``use_ema`` and counts ``iterations``, and its results are assigned while no tape
records, so training steps are never differentiated.
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np

from ..backend import core as backend
from ..backend.core import InvalidArgumentError, convert_to_tensor, x64
from ..backend.core import dtype as _dtypes
from ..backend.distribute import optimizer_update
from ..backend.ops import IndexedSlices, math_ops, rows_of
from ..backend.recording import no_recording, undo_assignments_on_error
from ..backend.variables import KerasVariable
from ..utils.naming import auto_name
from . import update_program
from .schedules.learning_rate_schedule import LearningRateSchedule
from .schedules.lookup import deserialize as deserialize_schedule
from .schedules.lookup import serialize as serialize_schedule

_UNSUPPORTED = ("gradient_accumulation_steps",)
# The base options of every optimizer's config, in Keras 3's order (after name, learning_rate).
_BASE_OPTIONS = (
    "weight_decay",
    "clipnorm",
    "global_clipnorm",
    "clipvalue",
    "use_ema",
    "ema_momentum",
    "ema_overwrite_frequency",
    "loss_scale_factor",
    "gradient_accumulation_steps",
)


class Optimizer:
    """Base class of Keras optimizers (``tf.keras.optimizers.Optimizer``), as in Keras 3.

    Args:
      learning_rate: a float (readable and settable as ``optimizer.learning_rate``), a
        ``LearningRateSchedule`` (read at ``iterations`` on every step), or a callable taking
        no argument.
      weight_decay: if set, each variable is first decayed: ``w -= w * weight_decay * lr``.
      clipnorm, clipvalue, global_clipnorm: clip each gradient's norm, each gradient's
        values, or the norm of all gradients together (at most one of the three).
      use_ema, ema_momentum, ema_overwrite_frequency: keep a moving average of the
        variables, copied into them every ``ema_overwrite_frequency`` steps or by
        ``finalize_variable_values``.
      loss_scale_factor: the gradients are divided by it before anything else.
      name: the optimizer's name; by default the class name in snake case, made unique.
    """

    _keras_module = "keras.optimizers"  # the module a serialized optimizer names

    def __init__(
        self,
        learning_rate,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        name: str | None = None,
        **kwargs,
    ):
        _check_options(type(self).__name__, kwargs)
        self.name = name or auto_name(type(self).__name__)
        self.weight_decay, self.loss_scale_factor = weight_decay, loss_scale_factor
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self.use_ema, self.ema_momentum = use_ema, ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        _check_ema(use_ema, ema_momentum, ema_overwrite_frequency)
        if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. "
                f"Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                f"global_clipnorm={global_clipnorm}"
            )
        self._iterations = self._own_variable(np.int64(0), "iteration", _dtypes.int64)
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            self._learning_rate = self._own_variable(_float(learning_rate), "learning_rate", _dtypes.float32)
        self._slots: dict[int, list] = {}  # id(trained variable) -> its slot variables
        self._averages: dict[int, KerasVariable] = {}  # id(trained variable) -> its moving average
        self._slot_variables: list = []
        self._trained: list = []  # the variables it was built for
        self._excluded_ids: set = set()
        self._excluded_names: tuple = ()

    def _own_variable(self, value, name: str, dtype) -> KerasVariable:
        return KerasVariable(value, trainable=False, name=name, path=f"{self.name}/{name}", dtype=dtype)

    @property
    def iterations(self) -> KerasVariable:
        """The number of updates applied so far (an int64 Variable)."""
        return self._iterations

    @property
    def learning_rate(self):
        """The learning rate: a float32 Variable (assigning a float sets it), or the schedule's
        value at ``iterations`` (a Tensor), or the callable's value."""
        if isinstance(self._learning_rate, KerasVariable):
            return self._learning_rate
        if isinstance(self._learning_rate, LearningRateSchedule):
            return self._learning_rate(self._iterations)
        return self._learning_rate()

    @learning_rate.setter
    def learning_rate(self, value) -> None:
        if isinstance(value, LearningRateSchedule) or callable(value):
            self._learning_rate = value
        elif isinstance(self._learning_rate, LearningRateSchedule):
            raise TypeError(
                "This optimizer was created with a `LearningRateSchedule` object as its "
                "`learning_rate` constructor argument, hence its learning rate is not settable. "
                "If you need the learning rate to be settable, you should instantiate the "
                "optimizer with a float `learning_rate` argument."
            )
        elif isinstance(self._learning_rate, KerasVariable):
            self._learning_rate.assign(np.float32(value))
        else:
            self._learning_rate = self._own_variable(np.float32(value), "learning_rate", _dtypes.float32)

    @property
    def variables(self) -> list:
        """``iterations``, ``learning_rate`` (unless a schedule), then the slot variables in
        creation order."""
        lr = [self._learning_rate] if isinstance(self._learning_rate, KerasVariable) else []
        return [self._iterations, *lr, *self._slot_variables]

    def _slot_groups(self) -> list:
        """``(names, initial value)`` groups of slots, in Keras' creation order (the initial
        value may be a tuple: one per name)."""
        return []

    def _build_extra(self, variables) -> None:
        """Creates optimizer-wide variables after the slots (Nadam's ``u_product``)."""

    def build(self, var_list) -> None:
        """Creates the slot variables of every variable in ``var_list``, as Keras orders them.

        As in Keras, only the first build counts: the optimizer then trains those variables.
        """
        if self._trained:
            return
        self._trained = list({id(v): v for v in var_list}.values())  # also keeps their ids theirs
        if self.use_ema:
            for variable in self._trained:
                self._averages[id(variable)] = self._slot(variable, "average", 0.0)
        for variable in self._trained:
            self._slots[id(variable)] = []
        for names, initial in self._slot_groups():
            initials = initial if isinstance(initial, tuple) else (initial,) * len(names)
            for variable in self._trained:  # interleaved per variable, as Keras
                self._slots[id(variable)] += [
                    self._slot(variable, n, i) for n, i in zip(names, initials, strict=True)
                ]
        self._build_extra(self._trained)

    def _slot(self, variable, slot_name: str, initial=0.0) -> KerasVariable:
        base = getattr(variable, "path", None)
        base = base.replace("/", "_") if base else variable.name.replace("/", "_").replace(":", "_")
        name = f"{base}_{slot_name}"
        slot = KerasVariable(
            np.full(backend.shape_of(variable), initial, backend.dtype_of(variable)),
            trainable=False,
            name=name,
            path=f"{self.name}/{name}",
        )
        self._slot_variables.append(slot)
        return slot

    def exclude_from_weight_decay(self, var_list=None, var_names=None) -> None:
        """Leaves these variables (or those whose name contains one of ``var_names``) undecayed."""
        if self._trained:
            raise ValueError(
                "`exclude_from_weight_decay()` can only be configured before the optimizer is built."
            )
        self._excluded_ids = {id(v) for v in var_list or ()}
        self._excluded_names = tuple(var_names or ())

    def _decay_rate(self, variable) -> str | None:
        """The name of the hyperparameter ``variable`` is decayed by, or None: not decayed."""
        return "weight_decay" if self.weight_decay is not None and self._decays(variable) else None

    def _decays(self, variable) -> bool:
        return id(variable) not in self._excluded_ids and not any(
            n in variable.name for n in self._excluded_names
        )

    def scale_loss(self, loss):
        """``loss * loss_scale_factor`` (the loss itself without one): what a train step
        differentiates, so that ``apply`` dividing the gradients by the factor undoes it."""
        return loss if self.loss_scale_factor is None else loss * self.loss_scale_factor

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
        The whole update is one compiled program (``update_program``); a call that fails
        changes no Variable.
        """
        grads = list(grads)
        if trainable_variables is None and not self._trained:
            raise ValueError(
                f"{type(self).__name__}.apply: when passing `grads` without `variables`, "
                "the optimizer must already be built on a list of variables. Call "
                "`optimizer.build(trainable_variables)` first."
            )
        variables = self._trained if trainable_variables is None else list(trainable_variables)
        if len(grads) != len(variables):
            raise ValueError(
                f"{type(self).__name__}.apply: got {len(grads)} gradients for "
                f"{len(variables)} variables; pass one gradient per variable."
            )
        self.build(variables)
        for variable in variables:
            self._slots_of(variable)
        # Under a tf.distribute strategy: the replicas' gradients summed, the update cross-replica.
        grads, update_scope = optimizer_update(grads, variables)
        pairs = _present(grads, variables)
        entries = [self._gradient_entry(g, v) for g, v in pairs]
        with update_scope, no_recording(), undo_assignments_on_error():
            update_program.run(self, entries, [v for _, v in pairs], variables)
            # Keras 3 projects every variable that has a constraint (``kernel_constraint``...)
            # after the update, whether or not it had a gradient.
            for variable in variables:
                constraint = getattr(variable, "constraint", None)
                if constraint is not None:
                    variable.assign(convert_to_tensor(constraint(variable)))
        return self._iterations

    # -- what a subclass defines (pure functions of ``h``, see update_program.Hyper) ----------
    _hyperparameters: tuple = ()  # its float options, inputs of the compiled update
    _config_keys: tuple = ()  # its own options in Keras' config order, if not its signature's

    def _options(self) -> tuple:
        """``(name, value)`` of the options that change the update's code (``amsgrad``...)."""
        return ()

    def _extra_variables(self) -> list:
        """Optimizer-wide variables the update reads and writes (Nadam's ``u_product``)."""
        return []

    @staticmethod
    def prepare(h, extra: list) -> list:
        """The new values of ``_extra_variables`` before the per-variable updates."""
        return extra

    @staticmethod
    def update(h, grad, var, slots, square):
        """The new value of one variable and of its slots (JAX arrays), from ``h`` and the
        gradient (``square``: its square as Keras computes it); subclasses define it."""
        raise NotImplementedError

    def get_config(self) -> dict:
        """The constructor arguments, as Keras 3's ``get_config``: the base options in Keras'
        order, then the subclass's own (values that are not plain numbers, strings or schedules
        are left out)."""
        config = {"name": self.name, "learning_rate": None}
        config.update({k: getattr(self, k, None) for k in _BASE_OPTIONS})
        for param in self._config_keys or _own_parameters(type(self)):
            if param not in config and hasattr(self, param):
                config[param] = getattr(self, param)
        rate = self._learning_rate
        if isinstance(rate, LearningRateSchedule):
            config["learning_rate"] = serialize_schedule(rate)
        elif isinstance(rate, KerasVariable):
            config["learning_rate"] = float(backend.value(backend.read(rate)))
        else:
            del config["learning_rate"]
        return {
            k: v for k, v in config.items() if isinstance(v, (bool, int, float, str, dict, list, type(None)))
        }

    @classmethod
    def from_config(cls, config: dict, custom_objects=None):
        """The optimizer ``get_config`` describes (a serialized schedule is rebuilt)."""
        config = dict(config)
        rate = config.get("learning_rate")
        if isinstance(rate, dict):
            config["learning_rate"] = deserialize_schedule(rate, custom_objects)
        if config.get("gradient_accumulation_steps", 0) is None:
            del config["gradient_accumulation_steps"]
        return cls(**config)

    def finalize_variable_values(self, var_list) -> None:
        """With ``use_ema``, sets each variable to its moving average (``fit`` does it at the end)."""
        if self.use_ema:
            with no_recording():
                for variable in var_list:
                    variable.assign(self._averages[id(variable)])

    def _slots_of(self, variable) -> list:
        if id(variable) not in self._slots:
            raise ValueError(
                f"{type(self).__name__}.apply: unknown variable {variable.name!r}. This optimizer can "
                "only be called for the variables it was originally built with; create a new "
                "optimizer to train other variables (or build it with all of them first)."
            )
        return self._slots[id(variable)]

    def _gradient_entry(self, grad, variable) -> dict:
        """The gradient as the compiled update takes it, its shape checked: an IndexedSlices'
        rows (``values``, ``indices``), or the dense gradient and, for an IndexedSlices that
        must be converted here, the square Keras takes of it row by row."""
        if isinstance(grad, IndexedSlices):
            rows = rows_of(grad)
            if rows is not None:
                self._check_shape(rows[2], variable)
                return {"values": rows[0], "indices": rows[1]}
        dense = convert_to_tensor(grad)
        self._check_shape(backend.shape_of(dense), variable)
        return {"dense": backend.value(dense), "square": self._row_squares(grad, variable)}

    def _check_shape(self, shape, variable) -> None:
        if tuple(shape) != tuple(backend.shape_of(variable)):
            raise InvalidArgumentError(
                f"{type(self).__name__}.apply_gradients: cannot update variable {variable.name!r} "
                f"with shape {list(backend.shape_of(variable))} using a gradient with shape {list(shape)}, "
                "shapes must be equal. Pass each gradient with the variable it was computed for."
            )

    def _row_squares(self, grad, variable):
        rescaled = (
            self.loss_scale_factor is not None or self.clipnorm or self.clipvalue or self.global_clipnorm
        )
        if rescaled or not isinstance(grad, IndexedSlices):
            return None
        rows = IndexedSlices(math_ops.square(grad.values), grad.indices, grad.dense_shape)
        return backend.value(convert_to_tensor(rows)).astype(backend.dtype_of(variable))


def _own_parameters(cls) -> list:
    """The constructor parameters of ``cls`` and its bases below ``Optimizer``, bases first."""
    names = []
    for klass in reversed(cls.__mro__):
        if "__init__" in klass.__dict__ and klass is not Optimizer and issubclass(klass, Optimizer):
            names += [
                p
                for p in list(inspect.signature(klass.__init__).parameters)[1:]
                if p not in ("kwargs", "args")
            ]
    return names


def _present(grads, variables) -> list:
    """The pairs that have a gradient; warns about the others, as Keras 3."""
    pairs = [(g, v) for g, v in zip(grads, variables, strict=True) if g is not None]
    if not pairs:
        raise ValueError("No gradients provided for any variable.")
    missing = [v.name for g, v in zip(grads, variables, strict=True) if g is None]
    if missing:
        warnings.warn(
            f"Gradients do not exist for variables {missing} when minimizing the loss. If "
            "using `model.compile()`, did you forget to provide a `loss` argument?",
            stacklevel=3,
        )
    return pairs


def _float(value):
    if not isinstance(value, float):  # Keras 3 takes Python floats only (not 1, not np.float32)
        raise ValueError(
            "Argument `learning_rate` should be float, or an instance of LearningRateSchedule, "
            "or a callable (that takes in the current iteration value and returns the "
            f"corresponding learning rate value). Received instead: learning_rate={value}"
        )
    return np.float32(value)


def _check_ema(use_ema, ema_momentum, ema_overwrite_frequency) -> None:
    if not use_ema:
        return
    if ema_momentum > 1 or ema_momentum < 0:
        raise ValueError(f"`ema_momentum` must be in the range [0, 1]. Received: ema_momentum={ema_momentum}")
    frequency = ema_overwrite_frequency
    if frequency and (not isinstance(frequency, int) or frequency < 1):
        raise ValueError(
            "`ema_overwrite_frequency` must be an integer >= 1 or None. Received: "
            f"ema_overwrite_frequency={frequency}"
        )


def _check_options(class_name: str, options: dict) -> None:
    for key, value in options.items():
        if key not in _UNSUPPORTED:
            raise ValueError(f"Argument(s) not recognized: {{'{key}': {value!r}}} (in {class_name}).")
        if value is not None and value is not False:
            raise NotImplementedError(
                f"{class_name}: `{key}` is not supported by tapejax.keras; leave it unset and apply it "
                "to the gradients in your own training step."
            )
