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
from ..values.tensor import Tensor, TensorLike
from .convert import convert_to_tensor
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
      name: its name (``'Variable'`` by default; printed as ``'name:0'``).
      dtype: if given, the initial value is converted to it.
      shape: accepted for TF compatibility; must match the value's shape if given.

    >>> import tapejax as tf
    >>> tf.Variable(1.0)
    <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>
    """

    __slots__ = ("_stored", "_aval", "_trainable", "_name", "_order", "__weakref__")

    @x64.enabled
    def __init__(
        self, initial_value=None, trainable=True, name=None, dtype=None, shape=None, **unused_tf_kwargs
    ):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        guard = state.creation_guards[-1] if state.creation_guards else None
        if guard is not None:
            guard.check_creation()  # a function being traced may forbid it (TF's ValueError)
        if callable(initial_value):
            # As in TF: the initializer runs in init_scope (eagerly, also inside a traced function).
            with init_scope():
                initial_value = initial_value()
        hint = None if isinstance(initial_value, TensorLike) else dtype
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
        if shape is not None and tuple(shape) != tuple(value.shape):
            raise ValueError(
                f"Variable shape {tuple(shape)} does not match the initial value's shape {value.shape}."
            )
        self._stored = value._value
        self._aval = (tuple(self._stored.shape), self._stored.dtype)  # assignment keeps both
        self._trainable = bool(trainable) if trainable is not None else True
        self._name = current_scope() + (name.split(":")[0] if name else "Variable")  # as TF
        self._order = next(_creation_order)
        with _live_lock:
            _live[self._order] = self
        if guard is not None:
            guard.created(self)

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
        return self._aval[1]

    @property
    def _np_shape(self) -> tuple:
        return self._aval[0]

    @property
    def _shape_dtype(self) -> tuple:
        return self._aval

    @property
    def name(self) -> str:
        return f"{self._name}:0"

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
        tensor = Tensor(self._value, self._aval)
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
        if tuple(new.shape) != tuple(self._value.shape):
            raise ValueError(
                f"Cannot {method} to variable {self.name!r}: Shape mismatch. The variable shape "
                f"{self.shape}, and the assigned value shape {tuple(new.shape)} are incompatible."
            )
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


def assign_value(variable: Variable, value) -> None:
    """Assigns a JAX value of the variable's shape and dtype without converting or checking it
    (inside a traced function, the traced stand-in is rebound)."""
    variable._set(value)


def base_name(variable: Variable) -> str:
    """The name without TF's ``:0`` suffix (``'dense/kernel'``)."""
    return variable._name
