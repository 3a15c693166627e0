"""How a convolution is lowered: XLA's own, or on the CPU forms that XLA:CPU runs fast.

Every convolution in tapejax (``tf.nn.conv*``, the Keras convolution layers, transposed,
depthwise and separable ones) calls :func:`conv`, which has
``jax.lax.conv_general_dilated``'s meaning. On a GPU or TPU it *is* that call: cuDNN and the
TPU compiler run every convolution well. XLA's CPU backend does not: a convolution with input
dilation (a transposed convolution, and the input gradient of every strided convolution, which
is one), the kernel gradient of a strided or transposed convolution (kernel dilation by the
stride), and grouped (depthwise) convolutions run on slow generic paths, 3-50x slower than
the same arithmetic as stride-1 convolutions (``benchmarks/RESULTS.md``, "Convolutions on
CPU"). So on the CPU each case is rewritten, at trace time, as stride-1, undilated
convolutions over rearranged arrays (strided slices, pads, reshapes), and JAX differentiates
that form as it is: the gradients are JAX's own, of the same function, only lowered through
ops XLA:CPU is fast at. No derivative is written by hand.

- strided (stride ``s``): a sum over the ``s**n`` phases of the input (``x[a::s]``) of stride-1
  convolutions by the kernel's taps of that phase (``w[a::s]``); the same multiplications,
  no zeros. Its input gradient is then stride-1 transposed convolutions and its kernel
  gradient stride-1 kernel gradients.
- input-dilated (transposed, ``lhs_dilation=s``): each of the ``s**n`` output phases is a
  stride-1 convolution of the undilated input by the taps that reach it (sub-pixel
  convolution), interleaved; the zeros of the dilated input are never multiplied.
- kernel-dilated (atrous, ``rhs_dilation=d``): space-to-batch, as ``tf.nn.atrous_conv2d``:
  the ``d**n`` phases of the input become batch entries of one undilated convolution.
- depthwise (one input channel per group): a sum over kernel taps of shifted slices times
  the tap's weights, elementwise (XLA fuses it into one loop).

Combinations XLA:CPU has no slow path for, or that these forms do not cover (a stride with a
kernel dilation, other groupings), keep XLA's lowering. The choice depends only on the
platform and on static shapes and arguments, so it is made once per trace.
"""

from __future__ import annotations

import itertools
import math
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


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
        cpu=_platform(x, w) == "cpu",
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
    if strided + lhs_dilated + rhs_dilated != 1:
        return None  # stride-1 undilated: XLA:CPU's fast case; the rest: no slow path found
    return _strided if strided else _input_dilated if lhs_dilated else _kernel_dilated


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


def _valid(x, w):
    """The fast case: a stride-1, undilated, unpadded convolution, channels last."""
    n = x.ndim - 2
    spatial = "DHW"[-n:] if n <= 3 else "".join(chr(ord("a") + i) for i in range(n))
    numbers = (f"N{spatial}C", f"{spatial}IO", f"N{spatial}C")
    return lax.conv_general_dilated(x, w, (1,) * n, "VALID", dimension_numbers=numbers)


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


def _strided(x, w, strides, pads, lhs_dilation, rhs_dilation):
    """``y[i] = sum_k xp[s*i + k] w[k]`` as ``sum_a conv(xp[a::s], w[a::s])``, stride 1."""
    xp = _pad_spatial(x, pads)
    kernel = w.shape[:-2]
    out = [(size - k) // s + 1 for size, k, s in zip(xp.shape[1:-1], kernel, strides, strict=True)]
    y = None
    for a in itertools.product(*(range(min(s, k)) for s, k in zip(strides, kernel, strict=True))):
        taps = [-(-(k - ai) // s) for k, ai, s in zip(kernel, a, strides, strict=True)]
        start = (0, *a, 0)
        limit = (
            xp.shape[0],
            *(ai + s * (o + q - 2) + 1 for ai, s, o, q in zip(a, strides, out, taps, strict=True)),
            xp.shape[-1],
        )
        xa = lax.slice(xp, start, limit, (1, *strides, 1))
        wa = w[tuple(slice(ai, None, s) for ai, s in zip(a, strides, strict=True))]
        term = _valid(xa, wa)
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


def _kernel_dilated(x, w, strides, pads, lhs_dilation, rhs_dilation):
    """Space-to-batch: ``y[d*m + r] = sum_k xp[d*(m + k) + r] w[k]``, so the ``d**n`` phases
    ``xp[r::d]`` are batch entries of one undilated convolution."""
    d = rhs_dilation
    n = len(d)
    xp = _pad_spatial(x, pads)
    kernel = w.shape[:-2]
    sizes = [size - (k - 1) * di for size, k, di in zip(xp.shape[1:-1], kernel, d, strict=True)]
    counts = [-(-size // di) for size, di in zip(sizes, d, strict=True)]
    rows = [c + k - 1 for c, k in zip(counts, kernel, strict=True)]
    xp = _pad_spatial(xp, [(0, r * di - size) for r, di, size in zip(rows, d, xp.shape[1:-1], strict=True)])
    batch, channels = xp.shape[0], xp.shape[-1]
    xp = xp.reshape(batch, *itertools.chain.from_iterable(zip(rows, d, strict=True)), channels)
    # (N, R_1, d_1, R_2, d_2, .., C) -> (d_1, .., N, R_1, .., C)
    xp = jnp.transpose(xp, (*(2 + 2 * i for i in range(n)), 0, *(1 + 2 * i for i in range(n)), 2 * n + 1))
    y = _valid(xp.reshape(math.prod(d) * batch, *rows, channels), w)
    y = y.reshape(*d, batch, *counts, y.shape[-1])
    perm = [n, *itertools.chain.from_iterable((n + 1 + i, i) for i in range(n)), 2 * n + 1]
    y = jnp.transpose(y, perm).reshape(batch, *(c * di for c, di in zip(counts, d, strict=True)), y.shape[-1])
    return y[(slice(None), *(slice(0, size) for size in sizes), slice(None))]


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
