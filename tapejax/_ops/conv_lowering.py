"""How a convolution is lowered: XLA's own, or on the CPU forms that XLA:CPU runs fast.

Every convolution in tapejax (``tf.nn.conv*``, the Keras convolution layers, transposed,
depthwise and separable ones) calls :func:`conv`, which has
``jax.lax.conv_general_dilated``'s meaning. On a GPU or TPU it *is* that call: cuDNN and the
TPU compiler run every convolution well. XLA's CPU backend does not. Measured
(``benchmarks/convs.py``, RESULTS.md "Convolutions on CPU"): the kernel gradient of an
input-dilated (transposed) convolution runs ~35x slower than the same arithmetic as stride-1
convolutions, the input gradient of a strided convolution (an input-dilated convolution
itself) up to ~2x slower, and grouped (depthwise) convolutions 5-50x slower than the same
products done elementwise. So on the CPU these cases are rewritten, at trace time, over
stride-1 undilated convolutions of rearranged arrays (strided slices, pads, reshapes), and JAX
differentiates the rewritten function as it is: the derivatives are JAX's, of the same
function, only lowered through ops XLA:CPU is fast at.

- input-dilated (transposed, ``lhs_dilation=s``): each of the ``s**n`` output phases is a
  stride-1 convolution of the undilated input by the taps that reach it (sub-pixel
  convolution), interleaved; the zeros of the dilated input are never multiplied, and the
  kernel gradient is stride-1 kernel gradients.
- strided (stride ``s``): XLA's own convolution for the value and the kernel gradient (both
  fast), with a ``jax.custom_jvp`` whose tangent is the same bilinear map with the part
  linear in the input written as a sum over the ``s**n`` input phases (``x[a::s]`` convolved
  with ``w[a::s]``, stride 1): its transpose, the input gradient, is then stride-1 transposed
  convolutions. The rule exists only because of XLA:CPU's lowering of that transpose; JAX's
  math is not wrong. Forward mode and higher orders go through it unchanged.
- depthwise (one input channel per group): a sum over kernel taps of strided slices times
  the tap's weights, elementwise (XLA fuses it into loops).
- max pooling (:func:`max_pool`): each window's first maximum chosen elementwise with
  ``where``, instead of XLA's select-and-scatter gradient (5-16x slower).

Kept as XLA's own, as measured faster: stride-1 convolutions, kernel-dilated (atrous) ones
(space-to-batch, ``tf.nn.atrous_conv2d``'s form, was 1.7-4x slower in value and gradients),
a whole strided convolution as phases or as space-to-depth (its kernel gradient 1.8-2.5x
slower), and the combinations these forms do not cover (a stride with a dilation, other
groupings). The choice depends only on the platform and on static shapes and arguments, so it
is made once per trace.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.custom_derivatives import SymbolicZero


def conv(
    x,
    w,
    strides,
    padding,
    *,
    lhs_dilation=None,
    rhs_dilation=None,
    dimension_numbers,
    feature_group_count: int = 1,
):
    """``jax.lax.conv_general_dilated`` (same arguments, same values), lowered for the CPU.

    ``padding`` is ``'SAME'``, ``'VALID'`` or explicit ``(low, high)`` pairs, one per spatial
    dimension; ``dimension_numbers`` are layout strings such as ``('NHWC', 'HWIO', 'NHWC')``.
    ``TAPEJAX_CONV_LOWERING=xla`` in the environment keeps XLA's own lowering everywhere
    (convolutions and max pooling; to compare, or to debug); it is read when a convolution is
    traced, and compiled derivatives are cached by structure, so set it before the program
    starts.
    """
    n = x.ndim - 2
    return _conv(
        x,
        w,
        strides=tuple(int(v) for v in strides),
        padding=padding if isinstance(padding, str) else tuple(tuple(int(v) for v in p) for p in padding),
        lhs_dilation=tuple(int(v) for v in lhs_dilation or (1,) * n),
        rhs_dilation=tuple(int(v) for v in rhs_dilation or (1,) * n),
        dimension_numbers=tuple(dimension_numbers),
        feature_group_count=int(feature_group_count),
        cpu=_cpu_lowering(x, w),
    )


@partial(jax.jit, static_argnums=tuple(range(2, 9)))
def _conv(x, w, strides, padding, lhs_dilation, rhs_dilation, dimension_numbers, feature_group_count, cpu):
    # jitted so that an eager call is one dispatch, not one per op of a form
    native = partial(
        lax.conv_general_dilated,
        x,
        w,
        strides,
        padding,
        lhs_dilation=lhs_dilation,
        rhs_dilation=rhs_dilation,
        dimension_numbers=dimension_numbers,
        feature_group_count=feature_group_count,
    )
    if not cpu or x.size == 0 or w.size == 0 or math.prod(jax.eval_shape(native).shape) == 0:
        return native()
    numbers = lax.conv_dimension_numbers(x.shape, w.shape, dimension_numbers)
    xc, wc = _to_channels_last(x, w, numbers)
    form = _form(xc, wc, strides, lhs_dilation, rhs_dilation, feature_group_count)
    if form is None:
        return native()
    pads = _explicit_pads(xc, wc, strides, padding, lhs_dilation, rhs_dilation)
    y = form(xc, wc, strides, pads, lhs_dilation, rhs_dilation)
    return _from_channels_last(y, numbers)


def conv_transpose(x, w, out_shape, strides, padding, *, rhs_dilation=None, dimension_numbers):
    """The transpose of ``conv(z, w, strides, padding, rhs_dilation=...)`` for ``z`` of shape
    ``out_shape``, applied to ``x`` (``tf.nn.conv_transpose``: that convolution's input
    gradient), written as the input-dilated convolution JAX's transpose rule gives.
    """
    n = x.ndim - 2
    dilation = tuple(int(v) for v in rhs_dilation or (1,) * n)
    lhs, rhs, out = lax.conv_dimension_numbers(tuple(out_shape), w.shape, dimension_numbers)
    z_sizes = [out_shape[i] for i in lhs[2:]]
    window = [(w.shape[i] - 1) * d + 1 for i, d in zip(rhs[2:], dilation, strict=True)]
    forward = _explicit_pads_of(z_sizes, window, strides, padding)
    pads = []
    for z, k, s, (lo, _), y in zip(
        z_sizes, window, strides, forward, (x.shape[i] for i in out[2:]), strict=True
    ):
        before = k - 1 - lo
        pads.append((before, z + k - 1 - ((y - 1) * s + 1) - before))
    w = jnp.swapaxes(jnp.flip(w, rhs[2:]), rhs[0], rhs[1])
    return conv(
        x, w, (1,) * n, pads, lhs_dilation=strides, rhs_dilation=dilation, dimension_numbers=dimension_numbers
    )


def _cpu_lowering(*arrays) -> bool:
    return _platform(*arrays) == "cpu" and os.environ.get("TAPEJAX_CONV_LOWERING", "") != "xla"


def _platform(*arrays) -> str:
    """Where the convolution will run: where a concrete input lives, else the default device's
    platform (``tf.device`` sets it), else JAX's default backend."""
    for a in arrays:
        if isinstance(a, jax.Array) and not isinstance(a, jax.core.Tracer):
            return next(iter(a.devices())).platform
    device = jax.config.jax_default_device
    if device is not None:
        return device if isinstance(device, str) else device.platform
    return jax.default_backend()


def _form(x, w, strides, lhs_dilation, rhs_dilation, groups):
    """The CPU form for this convolution, or None for XLA's own lowering."""
    strided, lhs_dilated, rhs_dilated = (any(v > 1 for v in t) for t in (strides, lhs_dilation, rhs_dilation))
    if groups > 1:
        depthwise = w.shape[-2] == 1 and groups == x.shape[-1]
        return _depthwise if depthwise and not lhs_dilated else None
    if strided + lhs_dilated + rhs_dilated != 1 or rhs_dilated:
        return None  # stride-1: XLA:CPU's fast case; atrous: measured faster than space-to-batch
    return _strided if strided else _input_dilated


# --- layouts ------------------------------------------------------------------------------


def _to_channels_last(x, w, numbers):
    lhs, rhs, _ = numbers
    x = jnp.transpose(x, (lhs[0], *lhs[2:], lhs[1]))
    w = jnp.transpose(w, (*rhs[2:], rhs[1], rhs[0]))
    return x, w


def _from_channels_last(y, numbers):
    out = numbers[2]
    n = y.ndim - 2
    perm = [0] * y.ndim
    for logical, physical in enumerate(out):
        perm[physical] = 0 if logical == 0 else n + 1 if logical == 1 else logical - 1
    return jnp.transpose(y, perm)


def _explicit_pads(x, w, strides, padding, lhs_dilation, rhs_dilation):
    spatial = [(size - 1) * d + 1 for size, d in zip(x.shape[1:-1], lhs_dilation, strict=True)]
    window = [(k - 1) * d + 1 for k, d in zip(w.shape[:-2], rhs_dilation, strict=True)]
    return _explicit_pads_of(spatial, window, strides, padding)


def _explicit_pads_of(spatial, window, strides, padding):
    if not isinstance(padding, str):
        return tuple(tuple(int(v) for v in p) for p in padding)
    return tuple(lax.padtype_to_pads(spatial, window, strides, padding))


def _pad_spatial(x, pads):
    return lax.pad(x, jnp.zeros((), x.dtype), ((0, 0, 0), *((lo, hi, 0) for lo, hi in pads), (0, 0, 0)))


def _channels_last(n: int) -> tuple:
    spatial = "DHW"[-n:] if n <= 3 else "".join(chr(ord("a") + i) for i in range(n))
    return (f"N{spatial}C", f"{spatial}IO", f"N{spatial}C")


def _valid(x, w):
    """The fast case: a stride-1, undilated, unpadded convolution, channels last."""
    n = x.ndim - 2
    return lax.conv_general_dilated(x, w, (1,) * n, "VALID", dimension_numbers=_channels_last(n))


def _interleave(phases, counts, steps, sizes):
    """Output phases ``{(r_1, ..): y_r}`` -> ``y`` with ``y[.., s*m + r, ..] = y_r[.., m, ..]``.

    ``counts`` is each dimension's longest phase, ``sizes`` the output's spatial sizes.
    """
    padded = []
    for r in itertools.product(*(range(s) for s in steps)):
        y = phases[r]
        padded.append(_pad_spatial(y, [(0, c - m) for c, m in zip(counts, y.shape[1:-1], strict=True)]))
    n = len(steps)
    batch, channels = padded[0].shape[0], padded[0].shape[-1]
    y = jnp.stack(padded).reshape(*steps, batch, *counts, channels)
    # (s_1.., N, M_1.., C) -> (N, M_1, s_1, M_2, s_2, .., C)
    perm = [n, *itertools.chain.from_iterable((n + 1 + i, i) for i in range(n)), 2 * n + 1]
    y = jnp.transpose(y, perm).reshape(batch, *(c * s for c, s in zip(counts, steps, strict=True)), channels)
    return y[(slice(None), *(slice(0, size) for size in sizes), slice(None))]


# --- the forms ----------------------------------------------------------------------------


_PHASE_MIN_CHANNELS = 16


def _strided(x, w, strides, pads, lhs_dilation, rhs_dilation):
    return _strided_conv(x, w, strides, pads)


@partial(jax.custom_jvp, nondiff_argnums=(2, 3))
def _strided_conv(x, w, strides, pads):
    """A strided convolution, XLA's own: its value and kernel gradient are fast on the CPU,
    only its input gradient (an input-dilated convolution) is not; see ``_strided_jvp``."""
    n = len(strides)
    return lax.conv_general_dilated(x, w, strides, pads, dimension_numbers=_channels_last(n))


@partial(_strided_conv.defjvp, symbolic_zeros=True)
def _strided_jvp(strides, pads, primals, tangents):
    """The tangent is the same bilinear convolution, JAX's derivative; only the part linear in
    the input tangent is written as a sum over phases, so that its transpose (the input
    gradient) is stride-1 convolutions, not XLA:CPU's slow input dilation."""
    x, w = primals
    tx, tw = tangents
    y = _strided_conv(x, w, strides, pads)
    terms = []
    if not isinstance(tx, SymbolicZero):
        # under 16 input channels the phases' transposes (as many output channels) measured
        # slower than XLA's input-dilated convolution (k4 s2: 3 channels 13.5 vs 2.9 ms, 16:
        # 14.4 vs 19.6, 32: 15.1 vs 35.3)
        few = x.shape[-1] < _PHASE_MIN_CHANNELS
        terms.append(_strided_conv(tx, w, strides, pads) if few else _phases(tx, w, strides, pads))
    if not isinstance(tw, SymbolicZero):
        terms.append(_strided_conv(x, tw, strides, pads))
    return y, sum(terms[1:], terms[0]) if terms else jnp.zeros_like(y)


def _phases(x, w, strides, pads):
    """``y[i] = sum_k xp[s*i + k] w[k]`` as ``sum_a conv(xp[a::s], w[a::s])``, stride 1."""
    xp = _pad_spatial(x, pads)
    kernel = w.shape[:-2]
    out = [(size - k) // s + 1 for size, k, s in zip(xp.shape[1:-1], kernel, strides, strict=True)]
    y = None
    for a in itertools.product(*(range(min(s, k)) for s, k in zip(strides, kernel, strict=True))):
        taps = [-(-(k - ai) // s) for k, ai, s in zip(kernel, a, strides, strict=True)]
        ends = (ai + s * (o + q - 2) + 1 for ai, s, o, q in zip(a, strides, out, taps, strict=True))
        xa = lax.slice(xp, (0, *a, 0), (xp.shape[0], *ends, xp.shape[-1]), (1, *strides, 1))
        term = _valid(xa, w[tuple(slice(ai, None, s) for ai, s in zip(a, strides, strict=True))])
        y = term if y is None else y + term
    return y


def _input_dilated(x, w, strides, pads, lhs_dilation, rhs_dilation):
    """A convolution of ``x`` dilated by ``s`` (zeros between its elements): output phase ``r``
    is a stride-1 convolution of ``x`` itself by the kernel taps ``k = r - pad (mod s)``."""
    steps = lhs_dilation
    kernel = w.shape[:-2]
    sizes = [
        (size - 1) * s + 1 + lo + hi - k + 1
        for size, s, (lo, hi), k in zip(x.shape[1:-1], steps, pads, kernel, strict=True)
    ]
    counts = [-(-size // s) for size, s in zip(sizes, steps, strict=True)]
    per_dim = [
        [_phase_1d(r, s, lo, k, size, length) for r in range(s)]
        for s, (lo, _), k, size, length in zip(steps, pads, kernel, sizes, x.shape[1:-1], strict=True)
    ]
    phases = {}
    for r in itertools.product(*(range(s) for s in steps)):
        plans = [per_dim[i][ri] for i, ri in enumerate(r)]
        outs = [m for m, *_ in plans]
        if any(q == 0 for _, q, _, _ in plans) or any(m <= 0 for m in outs):
            phases[r] = jnp.zeros((x.shape[0], *(max(m, 0) for m in outs), w.shape[-1]), x.dtype)
            continue
        xr = _pad_spatial(x, [p for *_, p in plans])
        wr = w[tuple(slice(a, None, s) for (_, _, a, _), s in zip(plans, steps, strict=True))]
        phases[r] = _valid(xr, wr)
    return _interleave(phases, counts, steps, sizes)


def _phase_1d(r, s, lo, k, size, length):
    """One dimension's plan for output phase ``r``: (outputs, taps, first tap, input pads).

    Output ``s*m + r`` reads the dilated input at ``s*m + r + j - lo`` for tap ``j``; that is a
    real element ``x[i]`` when ``j = a (mod s)`` with ``a = (lo - r) mod s``, and then
    ``i = m + c + q`` for tap ``j = s*q + a``, ``c = (r + a - lo) / s``.
    """
    a = (lo - r) % s
    taps = max(0, -(-(k - a) // s))
    c = (r + a - lo) // s
    outs = -(-(size - r) // s)
    low = -c
    high = outs + taps - 1 - length - low
    return outs, taps, a, (low, high)


def _depthwise(x, w, strides, pads, lhs_dilation, rhs_dilation):
    """One group per input channel: ``y[.., c*m + j] = sum_k x_k[.., c] * w[k, 0, c*m + j]``
    over the taps ``k``, ``x_k`` the (strided) window of ``x`` that tap ``k`` reads."""
    xp = _pad_spatial(x, pads)
    kernel = w.shape[:-2]
    channels = x.shape[-1]
    multiplier = w.shape[-1] // channels
    out = [
        (size - (k - 1) * d - 1) // s + 1
        for size, k, d, s in zip(xp.shape[1:-1], kernel, rhs_dilation, strides, strict=True)
    ]
    y = None
    for k in itertools.product(*(range(kk) for kk in kernel)):
        start = (0, *(ki * d for ki, d in zip(k, rhs_dilation, strict=True)), 0)
        limit = (
            xp.shape[0],
            *(st + (o - 1) * s + 1 for st, o, s in zip(start[1:-1], out, strides, strict=True)),
            channels,
        )
        xk = lax.slice(xp, start, limit, (1, *strides, 1))
        term = xk[..., None] * w[k].reshape(channels, multiplier)
        y = term if y is None else y + term
    return y.reshape(*y.shape[:-2], channels * multiplier)


# --- pooling ------------------------------------------------------------------------------


def max_pool(x, dims, steps, padding, dilation=None):
    """``jax.lax.reduce_window(x, -inf, max, dims, steps, padding, window_dilation=dilation)``
    (``padding`` a string or pairs), whose gradient goes to the first maximum of each window,
    as TF's.

    On the CPU, XLA's gradient of a max window (select-and-scatter) ran 4x slower than the same
    choice made elementwise: the value is the maximum of the window's strided slices, and the
    first slice equal to it (in row-major window order) is selected with ``where``, so JAX's
    gradient of that ``where`` sends each window's cotangent to its first maximum.
    """
    pads = tuple(tuple(p) for p in padding) if not isinstance(padding, str) else padding
    dilation = tuple(dilation) if dilation is not None else (1,) * x.ndim
    return _max_pool(x, tuple(dims), tuple(steps), pads, dilation, _cpu_lowering(x))


def _lowest(dtype):
    return -jnp.inf if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).min


@partial(jax.jit, static_argnums=(1, 2, 3, 4, 5))
def _max_pool(x, dims, steps, padding, dilation, cpu):
    low = _lowest(x.dtype)
    if (not cpu and max(dilation) == 1) or x.size == 0:
        # a concrete (numpy) identity lets JAX pick its differentiable max-window reducer (which
        # has no gradient for dilated windows: those take the slices' form everywhere)
        return lax.reduce_window(x, np.asarray(low, x.dtype), lax.max, dims, steps, padding)
    return _first_max(_windows(x, jnp.asarray(low, x.dtype), dims, steps, padding, dilation))


def _first_max(windows):
    """The elementwise maximum of ``windows``, differentiated as the first window holding it."""
    top = lax.stop_gradient(functools.reduce(lax.max, windows))
    taken = jnp.zeros(top.shape, bool)
    chosen = jnp.zeros_like(top)
    for window in windows:
        first = (window == top) & ~taken
        chosen = jnp.where(first, window, chosen)
        taken = taken | first
    return jnp.where(taken, chosen, top)  # no element equals a NaN maximum: the NaN itself


def _windows(x, fill, dims, steps, padding, dilation):
    """The strided slices of ``x`` (padded with ``fill``) that each window tap reads, in
    row-major window order."""
    window = [(d - 1) * r + 1 for d, r in zip(dims, dilation, strict=True)]
    pads = lax.padtype_to_pads(x.shape, window, steps, padding) if isinstance(padding, str) else padding
    xp = lax.pad(x, fill, [(lo, hi, 0) for lo, hi in pads])
    out = [(size - w) // s + 1 for size, w, s in zip(xp.shape, window, steps, strict=True)]
    taps = itertools.product(*(range(0, (d - 1) * r + 1, r) for d, r in zip(dims, dilation, strict=True)))
    return [
        lax.slice(xp, tap, [t + (o - 1) * s + 1 for t, o, s in zip(tap, out, steps, strict=True)], steps)
        for tap in taps
    ]


def max_pool_argmax(x, dims, steps, padding):
    """Where each window of ``max_pool(x, dims, steps, padding)`` takes its value: the flat
    (row-major) index into ``x`` of its first maximum (TF's ``MaxPoolWithArgmax``), int64.

    Written as the windows' strided slices (of ``x``, and of each element's flat index), as
    ``max_pool``'s CPU form: the index is taken from the first slice equal to the maximum.
    """
    pads = tuple(tuple(p) for p in padding) if not isinstance(padding, str) else padding
    return _max_pool_argmax(x, tuple(dims), tuple(steps), pads)


@partial(jax.jit, static_argnums=(1, 2, 3))
def _max_pool_argmax(x, dims, steps, padding):
    ones = (1,) * x.ndim
    values = _windows(x, jnp.asarray(_lowest(x.dtype), x.dtype), dims, steps, padding, ones)
    flat = jnp.arange(x.size, dtype=jnp.int64).reshape(x.shape)
    indices = _windows(flat, jnp.asarray(-1, jnp.int64), dims, steps, padding, ones)
    top = functools.reduce(lax.max, values)
    found = jnp.zeros(top.shape, bool)
    argmax = jnp.zeros(top.shape, jnp.int64)
    for value, index in zip(values, indices, strict=True):
        first = (value == top) & (index >= 0) & ~found
        argmax = jnp.where(first, index, argmax)
        found = found | first
    return argmax


def dilation2d(x, w, steps, padding, rates):
    """Grayscale morphological dilation (TF's ``Dilation2D``): ``y[b, i, j, c] = max over taps
    (p, q) of x[b, s*i + r*p, s*j + r*q, c] + w[p, q, c]`` of ``x`` padded with -inf (NHWC,
    ``w`` ``[fh, fw, channels]``); the gradient goes to each window's first maximum.

    A max over the window's strided slices, as ``max_pool``'s CPU form (XLA has no such
    reduction with a per-tap offset), on every platform.
    """
    pads = tuple(tuple(p) for p in padding) if not isinstance(padding, str) else padding
    return _dilation2d(x, w, tuple(steps), pads, tuple(rates))


@partial(jax.jit, static_argnums=(2, 3, 4))
def _dilation2d(x, w, steps, padding, rates):
    dims = (1, w.shape[0], w.shape[1], 1)
    windows = _windows(
        x, jnp.asarray(_lowest(x.dtype), x.dtype), dims, (1, *steps, 1), padding, (1, *rates, 1)
    )
    taps = itertools.product(range(w.shape[0]), range(w.shape[1]))
    return _first_max([window + w[p, q] for window, (p, q) in zip(windows, taps, strict=True)])
