"""Tensor: an immutable TensorFlow-style value over a JAX array (or a JAX tracer).

A Tensor holds one JAX value and nothing else. It owns no gradient state: tapes refer to
tensors by identity. Its operators (``a + b``) are the op functions themselves, set on
TensorLike by ``tapejax._ops.operators`` when tapejax is imported.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtype as _dtypes
from . import x64
from .errors import OperatorNotAllowedInGraphError, lost_worker
from .shape import TensorShape


class SymbolicNumpyError(AttributeError, NotImplementedError):
    """``numpy()`` of a symbolic tensor. TF raises AttributeError there (a SymbolicTensor has
    no ``numpy``; TF's tf.function guide catches it); eager TF code catches
    NotImplementedError: it is both."""


class TensorLike:
    """Operators and numpy/JAX interop shared by Tensor and Variable.

    Subclasses provide ``_value`` (the JAX array, read without recording) and ``_as_tensor()``.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        # Every Tensor and Variable class is a JAX pytree node over its current value, so
        # jax.jit/grad/vmap/device_put and jax.numpy take them. Unflattening gives a Tensor: what
        # comes back from a JAX transformation is a value, never a Variable's state.
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, _flatten, _unflatten)

    # numpy defers to our reflected operators (``np_array * tensor`` gives a Tensor, as in TF),
    # and numpy functions take a Tensor as an array (``np.square(t)`` is an ndarray, as in TF).
    __array_priority__ = 100

    def __pos__(self):
        # TF raises TypeError for unary +; tapejax returns the tensor (harmless, and what
        # numpy and JAX users expect).
        return self._as_tensor()

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    # -- static facts ---------------------------------------------------------------------
    # Shape and dtype never force a pending value (see Tensor): ``_np_dtype``/``_np_shape``.
    @property
    def _np_dtype(self):
        return self._value.dtype

    @property
    def _shape_dtype(self) -> tuple:
        return (self._np_shape, self._np_dtype)

    @property
    def _np_shape(self) -> tuple:
        return self._value.shape

    @property
    def dtype(self) -> _dtypes.DType:
        return _dtypes.as_dtype(self._np_dtype)

    @property
    def __numpy_dtype__(self):
        # numpy's dtype protocol: ``.dtype`` is a tapejax DType (TF's API), which numpy does not
        # take from an array-like, so numpy and JAX (``jnp.zeros_like(t)``) read this instead.
        return self._np_dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._np_shape)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int:
        return len(self._np_shape)

    @property
    def device(self) -> str:
        """TF's name of the device holding the value (``''`` for a symbolic tensor, as TF's
        graph tensors without a placement)."""
        value = self._value
        if isinstance(value, jax.core.Tracer):
            return ""
        return device_name(next(iter(value.devices())))

    # -- values -------------------------------------------------------------------------
    def numpy(self):
        """The value as a new numpy array (a numpy scalar for rank 0), as ``tf.Tensor.numpy``."""
        if isinstance(self._value, jax.core.Tracer):
            # TF's message (its tf.function guide catches the AttributeError).
            raise SymbolicNumpyError("'SymbolicTensor' object has no attribute 'numpy'")
        arr = _on_host(self._value, np.array)
        return arr[()] if arr.ndim == 0 else arr

    def __array__(self, dtype=None, copy=None):
        arr = _on_host(self._value, np.asarray)
        return arr if dtype is None else arr.astype(dtype)

    def __jax_array__(self):
        return self._value

    def __len__(self) -> int:
        if not self._np_shape:
            raise TypeError("Scalar tensor has no `len()`")
        return self._np_shape[0]

    def __iter__(self):
        if not self._np_shape:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._np_shape[0]))

    def __bool__(self) -> bool:
        return bool(self._concrete())

    def __float__(self) -> float:
        return float(self._concrete())

    def __int__(self) -> int:
        return int(self._concrete())

    def __index__(self) -> int:
        if not (self.dtype.is_integer or self.dtype.is_bool) or self._np_shape:
            raise TypeError(
                f"Only scalar integer tensors can be used as an index, got a "
                f"{self.dtype.name} tensor of shape {self.shape}; cast it with "
                "tapejax.cast(x, tapejax.int32)."
            )
        return int(self._concrete())

    def __complex__(self) -> complex:
        return complex(self._concrete())

    def __format__(self, spec: str) -> str:
        # As TF: formats the numpy value (f"{t}" is "1.5", f"{t:.3f}" is "1.500"); a symbolic
        # tensor (traced) formats as its str, Tensor("a:0", shape=(), dtype=int32).
        if not spec and self._is_symbolic():
            return str(self)
        return format(self.numpy(), spec)

    def _concrete(self):
        try:
            return _on_host(self._value, np.asarray)
        except (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError):
            raise OperatorNotAllowedInGraphError(
                "Using a symbolic tapejax Tensor as a Python bool/int/float is not allowed: its value "
                "is unknown while tapejax.function traces it. Use tapejax.where / tapejax.cond-style "
                "ops on tensors, or mark the argument static."
            ) from None

    def _numpy_text(self, is_repr: bool = False) -> str:
        arr = self.numpy()
        if is_repr:
            # TF's repr of a scalar is its Python value's: numpy=0.10000000149011612 for float32 0.1.
            text = repr(arr) if np.ndim(arr) else repr(np.asarray(arr).item())
        else:
            text = str(arr)
        return "\n" + text if "\n" in text else text

    def _is_symbolic(self) -> bool:
        return isinstance(self._value, jax.core.Tracer)


_DEVICE_KINDS = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU", "tpu": "TPU"}


def device_name(device) -> str:
    """TF's full name of a JAX device: ``/job:localhost/replica:0/task:0/device:CPU:0``."""
    index = jax.devices(device.platform).index(device) if device.platform != "cpu" else 0
    kind = _DEVICE_KINDS.get(device.platform, device.platform.upper())
    return f"/job:localhost/replica:0/task:0/device:{kind}:{index}"


def _flatten(x):
    return (x._value,), None


def _unflatten(_, children):
    return Tensor(children[0])


class Tensor(TensorLike):
    """An immutable multidimensional array (``tf.Tensor``) over a JAX value.

    >>> import tapejax as tf
    >>> tf.constant([1.0, 2.0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>
    >>> print(tf.constant(4.0))
    tf.Tensor(4.0, shape=(), dtype=float32)
    """

    # A Tensor is either concrete (``_v`` holds its JAX value) or *pending*: produced by an op
    # that a tape recorded and deferred (``_pending`` = (node, output index)).
    # ``_shape_dtype`` = (shape, dtype), set at once for a pending tensor, else on first read
    # (``__getattr__``): the hot paths read it for every op as a plain slot (a JAX array's own
    # ``shape``/``dtype`` are Python properties).
    # Shape and dtype are known at once; the value is computed on first use: the tensor forces
    # itself through its node (``node.force([tensor])``, which fills in ``_v``; the engine's
    # nodes replay the pending ops as one compiled program), or a gradient that needs it
    # computes it fused with itself. Nothing here knows how: a Tensor imports no engine.
    # ``_keras_mask``: the Keras mask a layer attached to its output (Keras 3 sets it on TF's
    # tensors as an attribute; users read ``x._keras_mask``); unset for all other tensors.
    __slots__ = ("_v", "_pending", "_shape_dtype", "_keras_mask", "__weakref__")

    def __init__(self, value, aval: tuple | None = None):
        self._v = value
        self._pending = None
        if aval is not None:
            self._shape_dtype = aval

    def __getattr__(self, name: str):
        # Reached only for a name no slot or class attribute holds: an unset ``_shape_dtype``
        # slot (a concrete tensor's, read for the first time) is filled in here, so that every
        # later read is a plain slot read (the hot paths read it for every op).
        if name == "_shape_dtype":
            v = self._v
            aval = self._shape_dtype = (v.shape, v.dtype)
            return aval
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    @classmethod
    def _deferred(cls, node, index: int, aval: tuple) -> Tensor:
        t = cls.__new__(cls)
        t._v = None
        t._pending = (node, index)
        t._shape_dtype = aval
        return t

    @property
    def _value(self):
        if self._v is None:
            self._pending[0].force([self])
        return self._v

    def _fill(self, value) -> None:
        self._v = value
        self._pending = None

    @property
    def _np_dtype(self):
        return self._shape_dtype[1]

    @property
    def _np_shape(self) -> tuple:
        return self._shape_dtype[0]

    def _is_symbolic(self) -> bool:
        return isinstance(self._v, jax.core.Tracer)

    def _as_tensor(self) -> Tensor:
        return self

    def ref(self):
        return _Reference(self)

    def experimental_ref(self):
        return self.ref()

    def __repr__(self) -> str:
        if self._is_symbolic():
            return f"<tf.Tensor shape={self.shape} dtype={self.dtype.name}>"
        return f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, numpy={self._numpy_text(True)}>"

    def __str__(self) -> str:
        if self._is_symbolic():
            return f"Tensor(shape={self.shape}, dtype={self.dtype.name})"
        return f"tf.Tensor({self._numpy_text()}, shape={self.shape}, dtype={self.dtype.name})"

    def __reduce__(self):
        return (_from_numpy, (self.numpy(),))


# ``type(t).__name__`` gives TF eager's class name (TF's autodiff guide prints it); the class is
# still ``tapejax.Tensor`` (``__qualname__``), so isinstance checks and pickling are unchanged.
Tensor.__name__ = "EagerTensor"


@x64.enabled
def _from_numpy(value) -> Tensor:
    """Unpickles a Tensor (pickled as its numpy value)."""
    return Tensor(jnp.asarray(value))


class _Reference:
    """A hashable handle to a Tensor or Variable (``tensor.ref()``)."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __hash__(self):
        return id(self._obj)

    def __eq__(self, other):
        return isinstance(other, _Reference) and other._obj is self._obj


def _on_host(value, copy):
    """``copy(value)`` (np.array or np.asarray); a lost peer's error is TF's UnavailableError."""
    try:
        return copy(value)
    except (ValueError, jax.errors.JaxRuntimeError) as e:  # a failed collective's result
        raise lost_worker(e) or e  # noqa: B904 - TF's class (caused by e), or e as it is
