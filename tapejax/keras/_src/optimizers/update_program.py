"""A Keras optimizer's ``apply`` as one pure function, compiled once per structure.

The whole update (loss scale, clipping, weight decay, the optimizer's rule for every
variable and its slots, the moving averages of ``use_ema``, ``iterations``) is one function of
the optimizer's Variables and the gradients, run by ``assign_computed`` as one ``jax.jit``
program: eagerly one compile per structure and one dispatch per step; inside a traced
function the same function is traced in. Its key holds what is structural (the class, options
that change the code, which variables decay, where each variable's slots are, a built-in
schedule's configuration); every number that may change between steps is an input: the
learning rate (a Variable's value, a callable's value, or a built-in schedule computed from
``iterations`` inside), and the float hyperparameters (``beta_1``, ``weight_decay``,
``clipnorm``...), given as float64 so that Keras' Python arithmetic on them (``1 - beta_1``)
rounds as in Python.
"""

from __future__ import annotations

import functools
import numbers

import jax.numpy as jnp
import numpy as np

from ..backend.core import Tensor, convert_to_tensor, read, value
from ..backend.ops import sum_rows
from ..backend.recording import assign_computed
from .gradient_clipping import clip_gradients
from .hyperparameters import Hyper, as_float
from .schedules import learning_rate_schedule

_TAG = "keras optimizer update"  # keeps these keys apart from other compiled structures


def run(optimizer, entries: list, trained: list, variables: list) -> None:
    """Applies one update: ``entries[i]`` is the gradient of ``trained[i]`` (see
    ``Optimizer._gradient_entry``); ``variables`` are the call's variables."""
    # Every variable the update reads: the call's, and with use_ema all the trained ones.
    ema_of = optimizer._trained if optimizer.use_ema else []
    tracked = list({id(v): v for v in [*variables, *ema_of]}.values())
    position = {id(v): i for i, v in enumerate(tracked)}
    present = tuple(position[id(v)] for v in trained)
    slotted = tuple(dict.fromkeys(present))  # a variable given twice is updated twice
    slots = [optimizer._slots_of(tracked[p]) for p in slotted]
    extra = optimizer._extra_variables()
    averages = [optimizer._averages[id(v)] for v in ema_of]
    ema = (
        (tuple(position[id(v)] for v in ema_of), bool(optimizer.ema_overwrite_frequency)) if ema_of else None
    )
    decays = tuple(optimizer._decay_rate(v) for v in trained)
    clip = _clip_kind(optimizer)
    schedule, lr = optimizer._learning_rate, None
    frozen = _frozen(schedule)
    if frozen is None:  # read now, as Keras reads it before each step
        schedule, lr = None, read(convert_to_tensor(optimizer.learning_rate))
    structure = (
        type(optimizer),
        optimizer._options(),
        clip,
        optimizer.loss_scale_factor is not None,
        decays,
        (len(extra), len(tracked), present, slotted, tuple(len(s) for s in slots), ema),
    )
    key = (_TAG, structure, None if schedule is None else (type(schedule), frozen))
    program = functools.partial(_keras_optimizer_step, structure, schedule)
    state = [optimizer._iterations, *extra, *tracked, *(s for group in slots for s in group), *averages]
    hyper = _hyperparameters(optimizer, decays, clip, ema)
    assign_computed(key, program, state, {"lr": lr, "hyper": hyper, "grads": entries})


def _hyperparameters(optimizer, decays: tuple, clip, ema) -> dict:
    """The numbers the program takes as inputs (float64: Keras computes with Python floats)."""
    hyper = {name: np.float64(getattr(optimizer, name)) for name in optimizer._hyperparameters}
    for name in filter(None, decays):  # the rate each decayed variable uses ('weight_decay')
        hyper[name] = np.float64(getattr(optimizer, name))
    if clip is not None:
        hyper["clip"] = np.float64(getattr(optimizer, clip))
    if optimizer.loss_scale_factor is not None:
        hyper["loss_scale_factor"] = np.float64(optimizer.loss_scale_factor)
    if ema is not None:
        hyper["ema_momentum"] = np.float64(optimizer.ema_momentum)
        if ema[1]:
            hyper["ema_overwrite_frequency"] = np.int64(optimizer.ema_overwrite_frequency)
    return hyper


def _keras_optimizer_step(structure, schedule, values, inputs):
    cls, options, clip, scaled, decays, layout = structure
    n_extra, n_tracked, present, slotted, slot_counts, ema = layout
    iterations, rest = values[0], values[1:]
    extra, rest = rest[:n_extra], rest[n_extra:]
    old, rest = rest[:n_tracked], rest[n_tracked:]
    slots = {}
    for p, n in zip(slotted, slot_counts, strict=True):
        slots[p], rest = list(rest[:n]), rest[n:]
    averages, tracked = list(rest), list(old)
    lr = inputs["lr"] if schedule is None else _read_schedule(schedule, iterations)
    h = Hyper(**dict(options), **inputs["hyper"], lr=lr, step=iterations + 1)
    grads, squares = [], []
    for entry, p in zip(inputs["grads"], present, strict=True):
        grad, square = _gradient(entry, tracked[p], rows_squared=not (scaled or clip))
        grads.append(grad)
        squares.append(square)
    if scaled:
        grads = [g / as_float(h.loss_scale_factor, g) for g in grads]
    grads = clip_gradients(grads, clip, h.clip) if clip else grads
    for p, decay in zip(present, decays, strict=True):
        if decay:
            value = tracked[p]
            rate = as_float(getattr(h, decay), value)
            tracked[p] = value - value * rate * lr.astype(value.dtype)
    h.extra = cls.prepare(h, list(extra))
    for grad, rows_square, p in zip(grads, squares, present, strict=True):
        square = jnp.square(grad) if rows_square is None else rows_square
        tracked[p], slots[p] = cls.update(h, grad, tracked[p], slots[p], square)
    if ema is not None:
        _update_averages(h, iterations, tracked, averages, ema)
    new = [h.step, *h.extra, *(t if t is not o else None for t, o in zip(tracked, old, strict=True))]
    return [*new, *(s for p in slotted for s in slots[p]), *averages], None


def _gradient(entry, var, rows_squared: bool):
    """The gradient in ``var``'s dtype, and Keras' square of it where an IndexedSlices is
    squared row by row before repeated rows add up (None: the square of the dense gradient)."""
    if "indices" not in entry:
        return entry["dense"].astype(var.dtype), entry["square"]
    values, indices = entry["values"], entry["indices"]
    grad = sum_rows(values, indices, var.shape).astype(var.dtype)
    square = sum_rows(jnp.square(values), indices, var.shape).astype(var.dtype) if rows_squared else None
    return grad, square


def _update_averages(h, iterations, tracked, averages, ema) -> None:
    positions, overwrite = ema
    for k, p in enumerate(positions):
        value, average = tracked[p], averages[k]
        momentum = (iterations != 0).astype(value.dtype) * as_float(h.ema_momentum, value)
        averages[k] = momentum * average + (1 - momentum) * value
        if overwrite:
            due = (iterations + 1) % h.ema_overwrite_frequency == 0
            tracked[p] = jnp.where(due, averages[k], value)


def _clip_kind(optimizer):
    """Which clipping option applies (at most one is set), as Keras tests them."""
    for name in ("clipnorm", "global_clipnorm", "clipvalue"):
        value = getattr(optimizer, name)
        if value and value > 0:
            return name
    return None


def _read_schedule(schedule, iterations):
    return value(schedule(Tensor(iterations)))


def _frozen(schedule):
    """The configuration of a schedule computed inside the program, or None: a built-in
    schedule whose configuration is plain numbers (its code then depends on nothing else); a
    user's schedule, a callable, or one holding Tensors is read before each step instead."""
    if not type(schedule).__module__.startswith(learning_rate_schedule.__name__.rpartition(".")[0]):
        return None
    try:
        return tuple(sorted((k, _plain(v)) for k, v in schedule.get_config().items()))
    except (TypeError, NotImplementedError):
        return None


def _plain(value):
    """A configuration value with its type (1 and 1.0 make different programs), or TypeError."""
    if value is None or isinstance(value, (str, bool, numbers.Number, np.number)):
        return type(value).__name__, value
    if isinstance(value, (list, tuple)):
        return type(value).__name__, tuple(_plain(v) for v in value)
    raise TypeError(value)
