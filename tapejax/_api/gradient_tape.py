"""GradientTape: TensorFlow's tape API over tapejax's recording and JAX's derivatives.

Mirrors ``tensorflow/python/eager/backprop.py``: the same push/pop semantics (a
non-persistent tape stops recording when ``gradient`` is called inside its ``with``), the same
None-vs-zeros rules and the same exception classes and messages, with what to do added.
A call that fails leaves the tape as it was.
"""

from __future__ import annotations

import contextlib
import warnings

import jax.numpy as jnp

from .._core import reference
from .._core.engine import gradients as _derivatives
from .._core.engine.tape import DeferringTape
from .._core.recording import recorders
from .._core.recording.tape import in_creation_order
from .._core.recording.variable import Variable
from .._core.values import x64
from .._core.values.access import as_tensor, np_dtype, np_shape, value_of
from .._core.values.nest import flatten, pack
from .._core.values.tensor import Tensor, TensorLike
from .gradient_args import (
    UnconnectedGradients,
    check_watchable,
    direct_targets,
    flat_sources,
    flat_targets,
    output_gradients_for,
    unconnected_mode,
)
from .sparse_gradients import row_gathers, with_indexed_slices

__all__ = ["GradientTape", "UnconnectedGradients"]

_PERSISTENT_INSIDE = (
    "Calling GradientTape.gradient on a persistent tape inside its context is significantly less "
    "efficient than calling it outside the context (it causes the gradient ops to be recorded on "
    "the tape, leading to increased CPU and memory usage). Only call GradientTape.gradient inside "
    "the context if you actually want to trace the gradient in order to compute higher order "
    "derivatives."
)


def _used_tape_error(method: str) -> RuntimeError:
    return RuntimeError(
        "A non-persistent GradientTape can only be used to compute one set of gradients (or "
        f"jacobians); GradientTape.{method} was called on a tape that already computed them. "
        "Create the tape with GradientTape(persistent=True) to call it more than once."
    )


class GradientTape:
    """Records operations for automatic differentiation (``tf.GradientTape``).

    Operations are recorded when they run inside the ``with`` block and one of their inputs is
    watched: tensors given to :meth:`watch`, and trainable Variables read inside the block
    (unless ``watch_accessed_variables=False``). Tapes nest: a gradient computed while an
    outer tape records is recorded there too, so it can be differentiated again.

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
        self._tape: DeferringTape | reference.Tape | None = None
        self._path = _derivatives  # the engine; the plain path under reference.plain()
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
            self._tape = self._new_tape()
        recorders.start(self._tape)
        self._recording = True

    def _new_tape(self):
        if reference.mode.plain:  # the plain path (the engine's reference, see _core/reference.py)
            self._path = reference
            return reference.Tape(self._watch_accessed_variables)
        self._path = _derivatives
        return DeferringTape(self._watch_accessed_variables)

    def _pop_tape(self) -> None:
        if not self._recording:
            raise ValueError("Tape is not recording. Call this inside the tape's `with` block.")
        self._recording = False
        recorders.stop(self._tape)

    @contextlib.contextmanager
    def _ensure_recording(self):
        if self._recording:
            yield
            return
        self._push_tape()
        try:
            yield
        finally:
            self._pop_tape()

    @contextlib.contextmanager
    def stop_recording(self):
        """Temporarily stops recording operations on this tape (a context manager).

        >>> import tapejax as tf
        >>> x = tf.constant(4.0)
        >>> with tf.GradientTape() as tape:
        ...   with tape.stop_recording():
        ...     y = x ** 2
        >>> print(tape.gradient(y, x))
        None

        Raises:
          RuntimeError: the tape was never entered, or was used up by ``gradient``.
          ValueError: the tape is not recording (outside its ``with``, or already stopped).
        """
        if self._tape is None:
            raise RuntimeError(
                "Trying to stop recording a tape which is not recording. Call stop_recording() "
                "inside the tape's `with` block."
            )
        self._pop_tape()
        try:
            yield
        finally:
            self._push_tape()  # back at its level

    def reset(self) -> None:
        """Clears everything recorded so far, as if the block were exited and entered anew.

        Raises:
          ValueError: the tape is not recording (call it inside the ``with`` block).
        """
        old = self._tape
        self._pop_tape()
        self._tape = self._new_tape()
        self._tape.level = old.level  # the new recording takes the old one's place
        self._push_tape()

    # -- watching ---------------------------------------------------------------------------
    def watch(self, tensor) -> None:
        """Ensures ``tensor`` (a Tensor, Variable, or a nest of them) is traced by this tape.

        Raises:
          ValueError: something in ``tensor`` is not a Tensor or Variable.
        """
        if self._tape is None:
            raise RuntimeError(
                "GradientTape.watch was called on a tape that is not active (never entered, or "
                "already used by gradient()). Call watch() inside the tape's `with` block."
            )
        leaves, _ = flatten(tensor)
        for obj in leaves:
            check_watchable(obj)
        for obj in leaves:
            if not obj.dtype.is_differentiable:
                warnings.warn(
                    f"The dtype of the watched tensor must be floating (e.g. tf.float32), got "
                    f"{obj.dtype!r}; its gradient will be None.",
                    stacklevel=2,
                )
            if isinstance(obj, Variable):
                self._tape.watch_variable(obj)
            else:
                self._tape.watch_tensor(obj)

    def watched_variables(self) -> tuple:
        """The Variables watched by this tape, in order of construction."""
        if self._tape is not None:
            self._watched_variables = self._tape.watched_variables()
        elif isinstance(self._watched_variables, dict):  # a used-up tape's
            self._watched_variables = in_creation_order(self._watched_variables)
        return self._watched_variables

    # -- derivatives ------------------------------------------------------------------------
    def _derivative_call(self, method: str) -> _DerivativeCall:
        """A context for one derivative: stops a non-persistent recording tape first (as TF
        does), and on failure puts it back as it was; on success a non-persistent tape is used
        up."""
        if self._tape is None:
            raise _used_tape_error(method)
        paused = False
        if self._recording:
            if self._persistent:
                warnings.warn(_PERSISTENT_INSIDE, stacklevel=3)
            else:
                self._pop_tape()
                paused = True
        return _DerivativeCall(self, paused)

    @x64.enabled
    def gradient(
        self, target, sources, output_gradients=None, unconnected_gradients=UnconnectedGradients.NONE
    ):
        """Computes the gradient of ``target`` with respect to ``sources``.

        Args:
          target: a Tensor/Variable or nest of them; a non-scalar target is summed (so is a
            nest).
          sources: a Tensor/Variable or nest of them; the result has this structure.
          output_gradients: optional nest, flattened and matched with the flattened target:
            the gradients of some downstream quantity with respect to each target (targets
            past its end get ones). Each must have its target's dtype.
          unconnected_gradients: ``'none'`` (default: None for a source the target does not
            depend on) or ``'zero'`` (zeros shaped like the source).

        Returns:
          A nest like ``sources`` of Tensors (or None).

        Raises:
          RuntimeError: called twice on a non-persistent tape.
          TypeError: ``target`` or a source is None (or not a tensor).
          ValueError: unknown ``unconnected_gradients``, or None in ``output_gradients``.
          InvalidArgumentError: an output gradient's dtype or shape does not fit its target.
        """
        with self._derivative_call("gradient"):
            targets = flat_targets(target)
            sources_flat, tree = flat_sources(sources)
            cotangents = output_gradients_for(targets, output_gradients)
            mode = unconnected_mode(unconnected_gradients)
            groups = [self._tape.leaves_of(s) for s in sources_flat]
            direct = direct_targets(targets, sources_flat, self._tape)
            placeholders = [Tensor(value_of(t)) if isinstance(t, Variable) else t for t in targets]
            gathers = row_gathers(self._tape, groups, direct)

            def derive(groups, direct):
                return self._path.gradient(
                    self._tape, placeholders, groups, cotangents, direct, last_use=not self._persistent
                )

            if gathers is None:  # no source is read by gathers alone: the common case
                grads = derive(groups, direct)
            else:
                grads = with_indexed_slices(derive, groups, direct, gathers, sources_flat)
        return pack(tree, [_fill(g, s, mode, ()) for g, s in zip(grads, sources_flat, strict=True)])

    @x64.enabled
    def jacobian(
        self,
        target,
        sources,
        unconnected_gradients=UnconnectedGradients.NONE,
        parallel_iterations=None,
        experimental_use_pfor=True,
    ):
        """Computes the Jacobian of ``target`` with respect to each of ``sources``.

        Each result has shape ``target.shape + source.shape``; None for a source ``target``
        does not depend on (zeros with ``unconnected_gradients='zero'``). tapejax picks forward
        or reverse mode (``jax.jacfwd`` / ``jax.jacrev``) by which needs fewer passes;
        ``parallel_iterations`` and ``experimental_use_pfor`` change nothing else.

        >>> import tapejax as tf
        >>> x = tf.constant([1.0, 2.0])
        >>> with tf.GradientTape() as g:
        ...   g.watch(x)
        ...   y = x * x
        >>> print(g.jacobian(y, x))
        tf.Tensor(
        [[2. 0.]
         [0. 4.]], shape=(2, 2), dtype=float32)
        """
        if self._tape is None:
            raise _used_tape_error("jacobian")
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the jacobian with "
                "eager execution enabled and with experimental_use_pfor set to False."
            )
        mode = unconnected_mode(unconnected_gradients)
        sources_flat, tree = flat_sources(sources)
        target = self._single_target(target, "jacobian")  # may record a read: checks go first
        with self._derivative_call("jacobian"):
            groups = [self._tape.leaves_of(s) for s in sources_flat]
            jacs = self._path.jacobian(self._tape, target, groups, last_use=not self._persistent)
        return pack(
            tree, [_fill(j, s, mode, np_shape(target)) for j, s in zip(jacs, sources_flat, strict=True)]
        )

    @x64.enabled
    def batch_jacobian(
        self,
        target,
        source,
        unconnected_gradients=UnconnectedGradients.NONE,
        parallel_iterations=None,
        experimental_use_pfor=True,
    ):
        """Computes ``out[b, i, x] = sum over b' of d target[b', i] / d source[b, x]``.

        For examples that are independent across the batch this is the per-example Jacobian,
        of shape ``target.shape + source.shape[1:]``. As in TF, an unconnected source gives
        zeros whatever ``unconnected_gradients`` says.

        >>> import tapejax as tf
        >>> x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        >>> with tf.GradientTape() as g:
        ...   g.watch(x)
        ...   y = x * x
        >>> print(g.batch_jacobian(y, x))
        tf.Tensor(
        [[[2. 0.]
          [0. 4.]]
        <BLANKLINE>
         [[6. 0.]
          [0. 8.]]], shape=(2, 2, 2), dtype=float32)

        Raises:
          ValueError: ``target`` or ``source`` has rank < 2, or their first dimensions differ.
        """
        if self._tape is None:
            raise _used_tape_error("batch_jacobian")
        _check_single_target(target, "batch_jacobian")
        check_watchable(source)
        ts, ss = np_shape(target), np_shape(source)
        if not (len(ts) >= 2 and len(ss) >= 2 and ts[0] == ss[0]) and not (
            target.shape.with_rank_at_least(2)
            and source.shape.with_rank_at_least(2)
            and target.shape[0] == source.shape[0]
        ):
            raise ValueError(
                f"Need first dimension of target shape ({target.shape}) and source shape "
                f"({source.shape}) to match."
            )
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the batch_jacobian "
                "with eager execution enabled and with experimental_use_pfor set to False."
            )
        mode = unconnected_mode(unconnected_gradients)
        target = self._single_target(target, "batch_jacobian")  # may record a read: checks go first
        with self._derivative_call("batch_jacobian"):
            group = self._tape.leaves_of(source)
            result = self._path.batch_jacobian(
                self._tape, target, group, tuple(source.shape), last_use=not self._persistent
            )
        if result is None:
            # TF: zeros even for 'none'; in the target's dtype, or the source's for 'zero' (its
            # per-row gradients are zeros like the source).
            like = source if mode is UnconnectedGradients.ZERO else target
            result = Tensor(jnp.zeros(target.shape + source.shape[1:], value_of(like).dtype))
        return result

    def _single_target(self, target, method: str) -> Tensor:
        _check_single_target(target, method)
        if isinstance(target, Variable):
            # TF reads the variable with this tape recording (so the read is watched as usual).
            with self._ensure_recording():
                return as_tensor(target)
        return target


def _check_single_target(target, method: str) -> None:
    if not isinstance(target, TensorLike):
        raise TypeError(
            f"GradientTape.{method} takes a single Tensor as target, got {type(target).__name__}; "
            "stack several targets into one tensor, or call it once per target."
        )


class _DerivativeCall:
    """See ``GradientTape._derivative_call``."""

    __slots__ = ("tape", "paused")

    def __init__(self, tape: GradientTape, paused: bool):
        self.tape, self.paused = tape, paused

    def __enter__(self) -> None:
        pass

    def __exit__(self, typ, value, traceback) -> None:
        tape = self.tape
        if typ is not None:
            if self.paused:
                tape._push_tape()  # back at its level
            return
        if not tape._persistent:
            # The used-up tape's watched Variables, ordered only if asked for (id -> Variable).
            tape._watched_variables = tape._tape.watched_vars
            tape._tape = None


def _fill(result, source, mode: UnconnectedGradients, prefix: tuple):
    """TF's ``unconnected_gradients='zero'``: zeros of ``prefix + source.shape`` in the
    source's dtype."""
    if result is None and mode is UnconnectedGradients.ZERO:
        return Tensor(jnp.zeros((*prefix, *np_shape(source)), np_dtype(source)))
    return result
