"""Variable: mutable state that tapes watch by its reads.

Each read of a Variable (any op that uses it) yields a fresh Tensor holding the value at that
moment; the recording tapes are told of the read and treat that Tensor as a leaf. A variable's
gradient is the sum over its reads, and ``assign`` is never differentiated (as in TF).
"""

from __future__ import annotations

import itertools
import threading
import weakref

import jax
import jax.numpy as jnp
import numpy as np

from ..values import dtype as _dtypes
from ..values import x64
from ..values.name_scope import current_scope
from ..values.shape import TensorShape
from ..values.tensor import Tensor, TensorLike
from ..values.variable_enums import VariableAggregation, VariableSynchronization
from .convert import convert_to_tensor, creating
from .leaked import is_leaked, leaked_error
from .state import assign_variable, init_scope, lookup_variable, scope_depth, state

_creation_order = itertools.count()
# Every Variable alive, so that a function being traced can give each one it touches its own
# input (see _api/trace.py). Weak: the registry keeps nothing alive.
_live: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # creation order -> Variable
_live_lock = threading.Lock()


def live_variables() -> list:
    """The Variables alive now, oldest first."""
    with _live_lock:
        items = sorted(_live.items())
    return [v for _, v in items]


def write_back(variables, flat) -> list:
    """The results of a compiled call whose last ``len(variables)`` outputs are the new values
    of ``variables`` (a traced function's assignments): assigns those, returns the others."""
    n_results = len(flat) - len(variables)
    if state.variable_scopes or state.assign_logs:  # inside a trace, or a call that may be undone
        for v, new in zip(variables, flat[n_results:], strict=True):
            v._set(new._value)
    else:  # the common case, a compiled step's new values: what _set does after its checks
        for v, new in zip(variables, flat[n_results:], strict=True):
            v._store(new._value)
    return list(flat[:n_results])


class Variable(TensorLike):
    """A mutable tensor (``tf.Variable``), usable wherever a Tensor is.

    Args:
      initial_value: the value, or a zero-argument callable returning it.
      trainable: whether tapes watch it automatically when it is read.
      validate_shape: accepted for TF compatibility (assignments keep the variable's ``shape``).
      name: its name (``'Variable'`` by default; printed as ``'name:0'``).
      dtype: if given, the initial value is converted to it.
      constraint: a callable an optimizer applies to the variable after each update.
      synchronization, aggregation: how a distribution strategy keeps and combines replicas'
        values (``tf.VariableSynchronization``, ``tf.VariableAggregation``).
      shape: the variable's shape, compatible with the value's; ``None`` dimensions (or
        ``tf.TensorShape(None)``) let assignments change those dimensions, as TF's.

    >>> import tapejax as tf
    >>> tf.Variable(1.0)
    <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>
    """

    __slots__ = (
        "_stored",
        "_shape_dtype",
        "_trainable",
        "_name",
        "_order",
        "_shape",
        "_constraint",
        "_synchronization",
        "_aggregation",
        "__weakref__",
    )

    @x64.enabled
    def __init__(
        self,
        initial_value=None,
        trainable=None,
        validate_shape=True,
        caching_device=None,
        name=None,
        variable_def=None,
        dtype=None,
        import_scope=None,
        constraint=None,
        synchronization=VariableSynchronization.AUTO,
        aggregation=VariableAggregation.NONE,
        shape=None,
        **unused_tf_kwargs,
    ):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        if constraint is not None and not callable(constraint):
            raise ValueError(
                f"Argument `constraint` must be None or a callable. a callable. Got a {type(constraint)}:  {constraint}"
            )
        synchronization = VariableSynchronization(synchronization)
        aggregation = VariableAggregation(aggregation)
        if trainable is None:  # TF: a variable synchronized on read (a metric's) is not trained
            trainable = synchronization != VariableSynchronization.ON_READ
        guards = state.creation_guards
        if guards:
            guards[-1].check_creation()  # the function being traced may forbid it (TF's ValueError)
        if callable(initial_value):
            # As in TF: the initializer runs in init_scope (eagerly, also inside a traced function).
            with init_scope():
                initial_value = initial_value()
        hint = None if isinstance(initial_value, TensorLike) else dtype
        with creating():
            value = convert_to_tensor(initial_value, dtype=hint)
        if isinstance(value._value, jax.core.Tracer):
            raise ValueError(
                "A tf.Variable was created inside a traced function with an initial value computed "
                "from the function's symbolic tensors; its initial value must be known when it is "
                "created. Pass a Python or numpy value (or a callable returning one), or create the "
                "Variable outside the function."
            )
        if dtype is not None and value.dtype != _dtypes.as_dtype(dtype):
            value = Tensor(value._value.astype(_dtypes.as_dtype(dtype)._np))
        declared = value.shape if shape is None else TensorShape(shape)
        if not value.shape.is_compatible_with(declared):
            raise ValueError(
                f"In this `tf.Variable` creation, the initial value's shape ({value.shape}) is not "
                f"compatible with the explicitly supplied `shape` argument ({shape})."
            )
        self._shape = None if declared.is_fully_defined() else declared  # None: the value's
        self._constraint = constraint
        self._synchronization, self._aggregation = synchronization, aggregation
        self._stored = value._value
        self._shape_dtype = (tuple(self._stored.shape), self._stored.dtype)  # assignment keeps both
        self._trainable = bool(trainable)
        self._name = current_scope() + (name.split(":")[0] if name else "Variable")  # as TF
        self._order = next(_creation_order)
        with _live_lock:
            _live[self._order] = self
        if state.variable_policies:  # a distribution strategy places it on its devices
            state.variable_policies[-1].created(self)
        # Every function being traced is told, not only the innermost one whose code created
        # it: an enclosing function that reads it (through the inner function's call) must take
        # it as an input too, or it would bake in today's value.
        for i, guard in enumerate(guards):
            guard.created(self, own=i == len(guards) - 1)

    # The raw stored value: what shape/dtype/numpy read without recording anything.
    @property
    def _value(self):
        if state.variable_scopes:
            tensor = lookup_variable(id(self))
            if tensor is not None:
                return tensor._value
        return self._stored

    @property
    def _np_dtype(self):
        return self._shape_dtype[1]

    @property
    def _np_shape(self) -> tuple:
        return self._shape_dtype[0]

    @property
    def name(self) -> str:
        return f"{self._name}:0"

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._shape_dtype[0]) if self._shape is None else self._shape

    @property
    def constraint(self):
        return self._constraint

    @property
    def synchronization(self) -> VariableSynchronization:
        return self._synchronization

    @property
    def aggregation(self) -> VariableAggregation:
        return self._aggregation

    @property
    def trainable(self) -> bool:
        return self._trainable

    @property
    def initial_value(self) -> Tensor:
        return Tensor(self._stored)

    def _as_tensor(self) -> Tensor:
        """A recorded read: the Tensor that ops see when they use this variable."""
        for collector in state.read_collectors:
            collector.append(self)
        # Each read is a fresh leaf, also inside a traced function (where the value is symbolic).
        tensor = Tensor(self._value, self._shape_dtype)
        if state.variable_policies:  # one replica's code reads its own copy (tapejax/distribute)
            tensor = state.variable_policies[-1].read(self, tensor)
        for recorder in state.recorders:
            recorder.note_read(self, tensor)
        return tensor

    def read_value(self) -> Tensor:
        return self._as_tensor()

    def value(self) -> Tensor:
        return self._as_tensor()

    def numpy(self):
        arr = np.array(self._value)
        return arr[()] if arr.ndim == 0 else arr

    # -- assignment (never differentiated) -------------------------------------------------
    @x64.enabled
    def assign(self, value, use_locking=None, name=None, read_value=True):
        """Replaces the value. The new value must have the variable's shape; dtype is converted."""
        new = self._checked(value, "assign")
        self._set(new)
        return self if read_value else None

    @x64.enabled
    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        self._set(self._value + self._checked(delta, "assign_add"))
        return self if read_value else None

    @x64.enabled
    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        self._set(self._value - self._checked(delta, "assign_sub"))
        return self if read_value else None

    def _checked(self, value, method: str):
        if isinstance(value, TensorLike):
            tensor = value._as_tensor()
            if tensor.dtype != self.dtype:
                # TF's class and message (the value is converted to the variable's dtype).
                raise ValueError(
                    f"Tensor conversion requested dtype {self.dtype.name} for Tensor with dtype "
                    f"{tensor.dtype.name}: {tensor!r}. Variable.{method} keeps the dtype of "
                    f"{self.name!r}; cast the value with tf.cast first."
                )
            new = tensor._value
        else:
            new = convert_to_tensor(value, dtype=self.dtype)._value
        if tuple(new.shape) != tuple(self._value.shape) and not (
            self._shape is not None and self._shape.is_compatible_with(new.shape)
        ):
            raise ValueError(
                f"Cannot {method} to variable {self.name!r}: Shape mismatch. The variable shape "
                f"{self.shape}, and the assigned value shape {tuple(new.shape)} are incompatible."
            )
        if state.variable_policies:  # one replica's value or delta, combined over the replicas
            new = state.variable_policies[-1].assigned(self, new)
        return new

    @x64.enabled
    def _set(self, new) -> None:
        if state.variable_scopes:
            depth = scope_depth(id(self))
            if state.traced_bodies and 0 <= depth < state.traced_bodies[-1].depth:
                raise NotImplementedError(
                    f"Variable {self.name!r} is assigned inside a branch of tf.cond / tf.switch_case or "
                    "the body of tf.while_loop whose condition is symbolic inside tapejax.function; "
                    "tapejax cannot yet carry the new value out of that JAX control flow. Compute "
                    "the new value with tf.where (or return it from the branch) and assign it after."
                )
            if assign_variable(id(self), Tensor(new)):
                return  # inside a traced function: the new value stays symbolic until it returns
        for log in state.assign_logs:
            log.append((self, self._stored))
        self._store(new)

    def _store(self, new) -> None:
        """Stores a concrete new value (``_set`` once no traced scope or undo log wants it)."""
        if isinstance(new, jax.core.Tracer):
            if is_leaked(new):
                raise leaked_error([Tensor(new)])
            if state.read_collectors:  # tapejax.function discovering the variables it touches
                for collector in state.read_collectors:
                    collector.append(self)
                return
            raise RuntimeError(
                f"Variable {self.name!r} was assigned a symbolic value while a JAX transformation "
                "traced it; assign Variables inside tapejax.function, or return the new value and "
                "assign it outside the traced code."
            )
        # A variable placed on devices (a committed array, e.g. replicated over a mesh) keeps
        # its placement; an uncommitted one follows its new value, as JAX's uncommitted arrays
        # do (re-placing it would commit it to one device, which sharded inputs then clash with).
        if isinstance(new, jax.Array) and getattr(self._stored, "committed", False):
            sharding = self._stored.sharding
            if not new.sharding.is_equivalent_to(sharding, new.ndim):
                new = jax.device_put(new, sharding)
        self._stored = new if isinstance(new, jax.Array) else jnp.asarray(new)
        if self._shape is not None:  # a shape with None dimensions: the value's may change
            self._shape_dtype = (tuple(self._stored.shape), self._stored.dtype)

    def __repr__(self) -> str:
        return (
            f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, "
            f"numpy={Tensor(self._value)._numpy_text(True)}>"
        )

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        # TF: f"{v}" is str(v) (a Variable has no __format__ there, and rejects a format spec;
        # tapejax formats the value for one, as for a Tensor).
        return str(self) if not spec else super().__format__(spec)

    def ref(self):
        return Tensor.ref(self)


# ``type(v).__name__`` gives the class name TF's ``tf.Variable(...)`` returns (TF's autodiff
# guide prints it); the class is still ``tapejax.Variable`` (``__qualname__``).
Variable.__name__ = "ResourceVariable"


# -- Variable's internal API for code outside _core (see values/access.py for Tensor's) ---------
def stored_value(variable: Variable):
    """The value ``variable`` stores, ignoring the stand-ins of functions being traced (what a
    compiled call takes as its input, what is saved)."""
    return variable._stored


def restore_value(variable: Variable, value) -> None:
    """Stores ``value`` (a JAX array of the variable's shape and dtype, already checked) as it
    is: no assignment is logged or traced (a checkpoint's restore)."""
    variable._stored = value


def restore_lifted(variable: Variable, value) -> None:
    """``restore_value`` as TF's restore ops run, lifted out of any function being traced
    (init_scope): every such function is told as of a Variable created during it, so a trace
    that touched the Variable runs again with the restored value as its input (no program bakes
    the restore in as an assignment of a constant on every call)."""
    restore_value(variable, value)
    for guard in state.creation_guards:
        guard.created(variable, own=False)


def lifted_variable(initial_value, **kwargs) -> Variable:
    """A Variable created as TF creates its own state on first use (the global random
    generator's) in init_scope: outside every function being traced and every strategy's
    scope, also where a trace may create none; each function being traced is told as of a
    Variable created during it (a trace that touched it runs again, taking it as an input)."""
    guards, policies = state.creation_guards, state.variable_policies
    state.creation_guards, state.variable_policies = [], []
    try:
        with init_scope():
            variable = Variable(initial_value, **kwargs)
    finally:
        state.creation_guards, state.variable_policies = guards, policies
    for guard in guards:
        guard.created(variable, own=False)
    return variable


def assign_value(variable: Variable, value) -> None:
    """Assigns a JAX value of the variable's shape and dtype without converting or checking it
    (inside a traced function, the traced stand-in is rebound)."""
    variable._set(value)


def base_name(variable: Variable) -> str:
    """The name without TF's ``:0`` suffix (``'dense/kernel'``)."""
    return variable._name
