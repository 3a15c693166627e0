"""GradientTape: TensorFlow's tape API over tapejax's recording and JAX's derivatives."""

from __future__ import annotations

import contextlib
import enum
import warnings

from . import _derivatives
from ._nest import flatten, pack
from ._tape import Tape, is_differentiable
from ._tensor import Tensor, TensorLike, convert_to_tensor
from ._variable import Variable


class UnconnectedGradients(enum.Enum):
    """What a derivative is for a source that the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def _unconnected_mode(value) -> UnconnectedGradients:
    try:
        return UnconnectedGradients(value.value if isinstance(value, UnconnectedGradients) else value)
    except ValueError:
        raise ValueError(
            f"Unknown value for unconnected_gradients: {value!r}. Use "
            "tapejax.UnconnectedGradients.NONE ('none') or tapejax.UnconnectedGradients.ZERO ('zero')."
        ) from None


def _check_watchable(obj) -> None:
    if not isinstance(obj, TensorLike):
        raise ValueError(
            f"Passed in object {obj!r} of type {type(obj).__name__!r}, not tf.Tensor or tf.Variable "
            "or ExtensionType. Convert it first, e.g. x = tapejax.constant(value)."
        )


def _zeros_like(source):
    import jax.numpy as jnp  # noqa: PLC0415 - keeps this module's top free of JAX details

    return Tensor(jnp.zeros(source._value.shape, source._value.dtype))


class GradientTape:
    """Records operations for automatic differentiation (``tf.GradientTape``).

    Operations are recorded when they run inside the ``with`` block and one of their inputs is
    watched: tensors given to :meth:`watch`, and trainable Variables read inside the block
    (unless ``watch_accessed_variables=False``).

    Args:
      persistent: allow several ``gradient``/``jacobian`` calls on this tape.
      watch_accessed_variables: watch every trainable Variable read while recording.

    >>> import tapejax as tf
    >>> x = tf.constant(3.0)
    >>> with tf.GradientTape() as g:
    ...   g.watch(x)
    ...   y = x * x
    >>> print(g.gradient(y, x))
    tf.Tensor(6.0, shape=(), dtype=float32)
    """

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._tape: Tape | None = None
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._watched_variables: tuple = ()
        self._recording = False

    # -- context ----------------------------------------------------------------------------
    def __enter__(self) -> GradientTape:
        self._push_tape()
        return self

    def __exit__(self, typ, value, traceback) -> None:
        if self._recording:
            self._pop_tape()

    def _push_tape(self) -> None:
        if self._recording:
            raise ValueError(
                "Tape is still recording, This can happen if you try to re-enter an already-active "
                "tape. Use a new GradientTape for the inner block instead."
            )
        if self._tape is None:
            self._tape = Tape(self._watch_accessed_variables)
        self._tape.push()
        self._recording = True

    def _pop_tape(self) -> None:
        if not self._recording:
            raise ValueError("Tape is not recording. Call this inside the tape's `with` block.")
        self._tape.pop()
        self._recording = False

    @contextlib.contextmanager
    def stop_recording(self):
        """Temporarily stops recording operations on this tape (a context manager)."""
        if self._tape is None:
            raise RuntimeError(
                "Trying to stop recording a tape which is not recording. Call stop_recording() "
                "inside the tape's `with` block."
            )
        self._pop_tape()
        try:
            yield
        finally:
            self._push_tape()

    def reset(self) -> None:
        """Clears everything recorded so far, as if the block were exited and entered anew."""
        self._pop_tape()
        self._tape = None
        self._push_tape()

    # -- watching ---------------------------------------------------------------------------
    def watch(self, tensor) -> None:
        """Ensures ``tensor`` (a Tensor, Variable, or a nest of them) is traced by this tape."""
        if self._tape is None:
            raise RuntimeError(
                "GradientTape.watch was called on a tape that is not active (never entered, or "
                "already used by gradient()). Call watch() inside the tape's `with` block."
            )
        leaves, _ = flatten(tensor)
        for obj in leaves:
            _check_watchable(obj)
        for obj in leaves:
            if not obj.dtype.is_differentiable:
                warnings.warn(
                    f"The dtype of the watched tensor must be floating (e.g. tf.float32), got "
                    f"{obj.dtype!r}; its gradient will be None.", stacklevel=2)
            if isinstance(obj, Variable):
                self._tape.watch_variable(obj)
            else:
                self._tape.watch_tensor(obj)

    def watched_variables(self) -> tuple:
        """The Variables watched by this tape, in order of construction."""
        if self._tape is not None:
            self._watched_variables = self._tape.watched_variables()
        return self._watched_variables

    # -- derivatives ------------------------------------------------------------------------
    def _begin(self, method: str) -> bool:
        """Checks the tape can be used; pops a non-persistent recording tape (as TF does)."""
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients "
                f"(or jacobians); {method} was called again. Create the tape with "
                "GradientTape(persistent=True) to call it more than once."
            )
        if not self._recording:
            return False
        if not self._persistent:
            self._pop_tape()
            return True
        warnings.warn(
            "Calling GradientTape.gradient on a persistent tape inside its context is significantly "
            "less efficient than calling it outside the context (it causes the gradient ops to be "
            "recorded on the tape, leading to increased CPU and memory usage). Only call "
            "GradientTape.gradient inside the context if you actually want to trace the gradient "
            "in order to compute higher order derivatives.", stacklevel=3)
        return False

    def _finish(self) -> None:
        if not self._persistent:
            self._watched_variables = self._tape.watched_variables()
            self._tape = None

    @contextlib.contextmanager
    def _derivative_call(self, method: str):
        popped = self._begin(method)
        try:
            yield
        except BaseException:
            if popped:  # a failed call leaves the tape as it was
                self._push_tape()
            raise
        self._finish()

    def _target_tensor(self, target) -> Tensor:
        if isinstance(target, Variable):
            reads = self._tape.var_reads.get(id(target))
            return reads[-1] if reads else target._as_tensor()
        if isinstance(target, TensorLike):
            return target
        return convert_to_tensor(target)

    def _leaf_groups(self, flat_sources) -> list:
        for s in flat_sources:
            _check_watchable(s)
        return [self._tape.leaves_of(s) for s in flat_sources]

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """Computes the gradient of ``target`` with respect to ``sources``.

        Args:
          target: a Tensor or nest of Tensors; a non-scalar target is summed (so is a nest).
          sources: a Tensor/Variable or nest of them; the result has this structure.
          output_gradients: optional nest like ``target``: the gradients of some downstream
            quantity with respect to each target (the cotangents); None entries mean ones.
          unconnected_gradients: ``'none'`` (default: None for a source the target does not
            depend on) or ``'zero'`` (zeros shaped like the source).

        Returns:
          A nest like ``sources`` of Tensors (or None).

        Raises:
          RuntimeError: called twice on a non-persistent tape.
          TypeError: ``target`` is None.
          ValueError: a source is not a tensor; unknown ``unconnected_gradients``.
        """
        with self._derivative_call("gradient"):
            if target is None:
                raise TypeError(
                    "Argument `target` should be a list or nested structure of Tensors, Variables "
                    "or CompositeTensors to be differentiated, but received None.")
            mode = _unconnected_mode(unconnected_gradients)
            targets = [self._target_tensor(t) for t in flatten(target)[0] if t is not None]
            flat_sources, tree = flatten(sources)
            groups = self._leaf_groups(flat_sources)
            grads_in = None
            if output_gradients is not None:
                flat_og = flatten(output_gradients)[0]
                if len(flat_og) != len(targets):
                    raise ValueError(
                        f"GradientTape.gradient: output_gradients has {len(flat_og)} entries but "
                        f"target has {len(targets)}; give one per target (None for ones).")
                grads_in = [None if g is None else convert_to_tensor(g, dtype=t.dtype)
                            if not isinstance(g, TensorLike) else g._as_tensor()
                            for g, t in zip(flat_og, targets)]
            grads = _derivatives.gradient(self._tape.nodes, targets, groups, grads_in)
        grads = [_fill(g, s, mode) for g, s in zip(grads, flat_sources)]
        return pack(tree, grads)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """Computes the Jacobian of ``target`` with respect to ``sources``.

        Each result has shape ``target.shape + source.shape``. tapejax picks forward or reverse
        mode (``jax.jacfwd`` / ``jax.jacrev``) by which needs fewer passes;
        ``parallel_iterations`` and ``experimental_use_pfor`` are accepted for compatibility.
        """
        if self._tape is not None and not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the jacobian with "
                "eager execution enabled and with experimental_use_pfor set to False.")
        with self._derivative_call("jacobian"):
            mode = _unconnected_mode(unconnected_gradients)
            target = self._single_target(target, "jacobian")
            flat_sources, tree = flatten(sources)
            groups = self._leaf_groups(flat_sources)
            jacs = _derivatives.jacobian(self._tape.nodes, target, groups)
        out = []
        for j, s in zip(jacs, flat_sources):
            if j is None and mode is UnconnectedGradients.ZERO:
                import jax.numpy as jnp  # noqa: PLC0415

                j = Tensor(jnp.zeros(target.shape + s.shape, s._value.dtype))
            out.append(j)
        return pack(tree, out)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Computes ``out[b, i, x] = sum over b' of d target[b', i] / d source[b, x]``.

        For examples that are independent across the batch this is the per-example Jacobian,
        of shape ``target.shape + source.shape[1:]``. As in TF, an unconnected source gives
        zeros.
        """
        if self._tape is None:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute one set of gradients "
                "(or jacobians); batch_jacobian was called again. Create the tape with "
                "GradientTape(persistent=True) to call it more than once.")
        target = self._single_target(target, "batch_jacobian")
        _check_watchable(source)
        if not (target.shape.with_rank_at_least(2) and source.shape.with_rank_at_least(2)
                and target.shape[0] == source.shape[0]):
            raise ValueError(
                f"Need first dimension of target shape ({target.shape}) and source shape "
                f"({source.shape}) to match.")
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the batch_jacobian "
                "with eager execution enabled and with experimental_use_pfor set to False.")
        with self._derivative_call("batch_jacobian"):
            _unconnected_mode(unconnected_gradients)
            (group,) = self._leaf_groups([source])
            result = _derivatives.batch_jacobian(self._tape.nodes, target, group, tuple(source.shape))
        if result is None:
            import jax.numpy as jnp  # noqa: PLC0415

            result = Tensor(jnp.zeros(target.shape + source.shape[1:], target._value.dtype))
        return result

    def _single_target(self, target, method: str) -> Tensor:
        if not isinstance(target, TensorLike):
            raise TypeError(
                f"GradientTape.{method} takes a single Tensor as target, got {type(target).__name__}; "
                "stack several targets into one tensor, or call it once per target.")
        return self._target_tensor(target)


def _fill(grad, source, mode: UnconnectedGradients):
    if grad is None and mode is UnconnectedGradients.ZERO:
        return _zeros_like(source)
    return grad
