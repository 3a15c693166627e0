"""The CPU forms of ``_ops/conv_lowering.py``: the values and derivatives of
``jax.lax.conv_general_dilated`` (XLA's own lowering) in every padding/stride/dilation/layout
case, first and second order, forward and reverse mode; and on the CPU, no convolution in the
value or the gradient has a stride or a dilation (XLA:CPU's slow paths)."""

from __future__ import annotations

import itertools

import jax
import jax.extend
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import check_gradient

import tapejax as tf
from tapejax._ops import conv_lowering

RNG = np.random.default_rng(0)


def _spatial(n):
    return "DHW"[-n:]


def _case(n, size, kernel, groups=1, channels=3, out=4, first=False, **conv):
    sp = _spatial(n)
    numbers = (f"NC{sp}", f"OI{sp}", f"NC{sp}") if first else (f"N{sp}C", f"{sp}IO", f"N{sp}C")
    spatial = (size,) * n if isinstance(size, int) else size
    kern = (kernel,) * n if isinstance(kernel, int) else kernel
    x_shape = (2, channels, *spatial) if first else (2, *spatial, channels)
    w_shape = (out, channels // groups, *kern) if first else (*kern, channels // groups, out)
    conv = {"strides": (1,) * n, **conv, "dimension_numbers": numbers, "feature_group_count": groups}
    return RNG.normal(size=x_shape).astype(np.float32), RNG.normal(size=w_shape).astype(np.float32), conv


def _native(x, w, strides, padding, **conv):
    return jax.lax.conv_general_dilated(x, w, strides, padding, **conv)


def _cases():
    cases = []
    one_d = itertools.product((1,), (5, 8), (1, 2, 3, 4), (2, 3), ("SAME", "VALID", "explicit"))
    two_d = itertools.product((2,), (7,), (3, 4), (2, 3), ("SAME", "VALID", "explicit"))
    for n, size, kernel, step, padding in itertools.chain(one_d, two_d):
        pads = [(1, 2)] * n if padding == "explicit" else padding
        # XLA takes only explicit pads with an input dilation: full, none, or others
        transposed = {"SAME": [(kernel - 1,) * 2] * n, "VALID": [(0, 0)] * n, "explicit": pads}
        s = (step,) * n
        cases += [
            _case(n, size, kernel, strides=s, padding=pads),
            _case(n, size, kernel, padding=transposed[padding], lhs_dilation=s),
            _case(n, size, kernel, padding=pads, rhs_dilation=s),
            _case(n, size, kernel, groups=3, out=6, strides=s, padding=pads),
            _case(n, size, kernel, groups=3, out=6, padding=pads, rhs_dilation=s),
        ]
    for kernel, step, padding in itertools.product((2, 3), (2,), ("SAME", "VALID")):
        s = (step,) * 3
        cases += [
            _case(3, 5, kernel, strides=s, padding=padding),
            _case(3, 5, kernel, padding=[(kernel - 1, 0)] * 3, lhs_dilation=s),
            _case(3, 5, kernel, padding=padding, rhs_dilation=s),
            _case(3, 5, kernel, groups=3, out=3, strides=s, padding=padding),
        ]
    for first in (False, True):  # channels first; mixed strides, negative (cropping) pads
        cases += [
            _case(2, (9, 7), (3, 2), first=first, strides=(2, 3), padding=[(0, 2), (1, 0)]),
            _case(2, (9, 7), (3, 2), first=first, strides=(2, 1), padding=[(2, -1), (-1, 3)]),
            _case(2, (9, 7), (3, 2), first=first, padding=[(2, -1), (-1, 3)], lhs_dilation=(2, 3)),
            _case(2, (9, 7), (3, 2), first=first, padding=[(0, 2), (1, 0)], rhs_dilation=(2, 3)),
            _case(2, (9, 7), (3, 2), first=first, groups=3, out=3, strides=(2, 3), padding="SAME"),
        ]
    return cases


def _value_and_grads(f, x, w, cot):
    y, pullback = jax.vjp(f, x, w)
    return (y, *pullback(cot))


def test_every_form_has_xlas_values_and_gradients():
    cases = [
        c
        for c in _cases()
        if 0 not in jax.eval_shape(lambda x, w, c=c: _native(x, w, **c[2]), c[0], c[1]).shape
    ]
    cots = [
        RNG.normal(size=jax.eval_shape(lambda x, w, c=c: _native(x, w, **c[2]), c[0], c[1]).shape)
        for c in cases
    ]

    def both(xs, ws, cots):
        out = []
        for x, w, cot, (_, _, conv) in zip(xs, ws, cots, cases, strict=True):
            mine = _value_and_grads(lambda a, b, conv=conv: conv_lowering.conv(a, b, **conv), x, w, cot)
            xlas = _value_and_grads(lambda a, b, conv=conv: _native(a, b, **conv), x, w, cot)
            out.append((mine, xlas))
        return out

    results = jax.jit(both)([c[0] for c in cases], [c[1] for c in cases], [np.float32(c) for c in cots])
    for (_, _, conv), (mine, xlas) in zip(cases, results, strict=True):
        for name, a, b in zip(("value", "input gradient", "kernel gradient"), mine, xlas, strict=True):
            assert a.shape == b.shape, (conv, name)
            np.testing.assert_allclose(
                a, b, rtol=1e-5, atol=1e-4 * (1 + float(jnp.abs(b).max())), err_msg=f"{conv} {name}"
            )


def _convs(jaxpr):
    """Every conv_general_dilated in a jaxpr and the jaxprs nested in it."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "conv_general_dilated":
            yield eqn.params
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
            yield from _convs(sub)


@pytest.mark.parametrize(
    "conv",
    [
        {"strides": (2, 2), "padding": "SAME"},
        {"strides": (1, 1), "padding": [(2, 2), (2, 2)], "lhs_dilation": (2, 2)},
        {"strides": (2, 2), "padding": "SAME", "feature_group_count": 3},
        {"strides": (1, 1), "padding": "SAME", "rhs_dilation": (2, 2)},
    ],
    ids=["strided", "transposed", "depthwise", "atrous"],
)
def test_on_the_cpu_no_convolution_has_an_input_dilation(conv):
    groups = conv.get("feature_group_count", 1)
    # 16 input channels: with fewer, a strided convolution keeps XLA's input gradient (faster)
    x, w, _ = _case(2, 8, 4, groups=groups, channels=16 if groups == 1 else groups, out=2 * groups)
    conv = {**conv, "dimension_numbers": ("NHWC", "HWIO", "NHWC")}
    f = lambda x, w: jnp.sum(conv_lowering.conv(x, w, **conv) ** 2)  # noqa: E731
    for g in (f, jax.grad(f, argnums=(0, 1)), jax.grad(lambda x, w: jnp.sum(jax.grad(f)(x, w) ** 2), (0, 1))):
        params = list(_convs(jax.make_jaxpr(g)(x, w).jaxpr))
        assert all(p["lhs_dilation"] == (1, 1) and p["feature_group_count"] == 1 for p in params)
        if "lhs_dilation" in conv:  # a transposed convolution: stride-1 undilated ones only
            assert all(p["window_strides"] == p["rhs_dilation"] == (1, 1) for p in params)
        assert (groups > 1) == (not params)  # depthwise: elementwise, no convolution at all
    if "lhs_dilation" not in conv and groups == 1 and conv["strides"] != (1, 1):
        few = _case(2, 8, 4, channels=3)
        params = list(_convs(jax.make_jaxpr(jax.grad(f))(*few[:2]).jaxpr))
        assert {p["lhs_dilation"] for p in params} == {(1, 1), (2, 2)}
    # elsewhere (cpu=False: a GPU or TPU) XLA's own lowering, one convolution
    native = jax.make_jaxpr(lambda x, w: conv_lowering._conv(x, w, *_static(conv), False))(x, w)
    assert [p["lhs_dilation"] for p in _convs(native.jaxpr)] == [conv.get("lhs_dilation", (1, 1))]


def _static(conv):
    return (
        conv["strides"],
        conv["padding"] if isinstance(conv["padding"], str) else tuple(map(tuple, conv["padding"])),
        conv.get("lhs_dilation", (1, 1)),
        conv.get("rhs_dilation", (1, 1)),
        conv["dimension_numbers"],
        conv.get("feature_group_count", 1),
    )


@pytest.mark.parametrize("which", ["strided", "transposed", "atrous", "depthwise"])
def test_forward_mode_and_second_order_are_xlas(which):
    conv = {
        "strided": {"strides": (2, 2), "padding": "SAME"},
        "transposed": {"strides": (1, 1), "padding": [(1, 2), (2, 1)], "lhs_dilation": (2, 2)},
        "atrous": {"strides": (1, 1), "padding": "SAME", "rhs_dilation": (2, 2)},
        "depthwise": {"strides": (2, 1), "padding": "VALID", "feature_group_count": 3},
    }[which]
    groups = conv.get("feature_group_count", 1)
    x, w, _ = _case(2, 6, 3, groups=groups, out=2 * groups)
    conv = {**conv, "dimension_numbers": ("NHWC", "HWIO", "NHWC")}
    tx, tw = RNG.normal(size=x.shape).astype(np.float32), RNG.normal(size=w.shape).astype(np.float32)

    def derivatives(conv_fn):
        f = lambda x, w: jnp.sum(jnp.tanh(conv_fn(x, w, **conv)))  # noqa: E731
        jvp = jax.jvp(lambda x, w: conv_fn(x, w, **conv), (x, w), (tx, tw))[1]
        hvp = jax.jvp(jax.grad(f, argnums=(0, 1)), (x, w), (tx, tw))[1]
        grad_of_grad = jax.grad(lambda x, w: jnp.sum(jax.grad(f)(x, w) ** 2), argnums=(0, 1))(x, w)
        return jvp, hvp, grad_of_grad

    mine, xlas = jax.jit(lambda: (derivatives(conv_lowering.conv), derivatives(_native)))()
    for a, b in zip(jax.tree.leaves(mine), jax.tree.leaves(xlas), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4 * (1 + float(jnp.abs(b).max())))


def test_tf_nn_conv2d_strided_and_dilated_gradients_match_jax_and_finite_differences():
    x = RNG.normal(size=(1, 7, 6, 2))
    w = RNG.normal(size=(3, 3, 2, 2))
    for conv, ref in (
        (
            lambda x, w: tf.nn.conv2d(x, w, strides=2, padding="SAME") ** 2,
            lambda x, w: _native(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")) ** 2,
        ),
        (
            lambda x, w: tf.nn.conv2d(x, w, strides=1, padding="VALID", dilations=2) ** 2,
            lambda x, w: (
                _native(
                    x, w, (1, 1), "VALID", rhs_dilation=(2, 2), dimension_numbers=("NHWC", "HWIO", "NHWC")
                )
                ** 2
            ),
        ),
    ):
        check_gradient(conv, ref, x, w, rtol=1e-6)


def test_keras_transposed_and_depthwise_gradients_match_xla_and_finite_differences():
    x = RNG.normal(size=(1, 3, 3, 2))
    numbers = ("NHWC", "HWIO", "NHWC")

    def transposed(x, k):
        forward = lambda z: _native(z, k, (2, 2), "SAME", dimension_numbers=numbers)  # noqa: E731
        return jax.linear_transpose(forward, jax.ShapeDtypeStruct((1, 6, 6, 2), x.dtype))(x)[0]

    def depthwise(x, k):
        return _native(
            x, k.reshape(3, 3, 1, 4), (2, 2), "SAME", dimension_numbers=numbers, feature_group_count=2
        )

    for layer, reference in (
        (tf.keras.layers.Conv2DTranspose(2, 3, strides=2, padding="same"), transposed),
        (tf.keras.layers.DepthwiseConv2D(3, strides=2, depth_multiplier=2, padding="same"), depthwise),
    ):
        layer.build(x.shape)
        check_gradient(
            lambda x, k, layer=layer: layer._convolve(x, k, layer.padding) ** 2,
            lambda x, k, reference=reference: reference(x, k) ** 2,
            x,
            RNG.normal(size=(3, 3, 2, 2)),
        )


def test_max_pool_has_xlas_values_and_first_maximum_gradients():
    cases = [
        ((2, 6, 7, 3), (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
        ((2, 6, 7, 3), (1, 3, 3, 1), (1, 2, 2, 1), "SAME"),
        ((2, 6, 7, 3), (1, 3, 2, 1), (1, 1, 2, 1), ((0, 0), (1, 1), (0, 1), (0, 0))),
        ((2, 9, 3), (1, 3, 1), (1, 2, 1), "SAME"),
        ((1, 4, 4, 5, 2), (1, 2, 2, 2, 1), (1, 2, 1, 2, 1), "VALID"),
    ]
    for shape, dims, steps, padding in cases:
        # small integers: many ties, whose gradient goes to the first maximum of the window
        x = RNG.integers(0, 3, size=shape).astype(np.float32)
        mine = jax.jit(lambda x, a=(dims, steps, padding): _value_and_grads1(conv_lowering.max_pool, x, *a))(
            x
        )
        xlas = _value_and_grads1(
            lambda x, *a: jax.lax.reduce_window(x, -np.inf, jax.lax.max, *a), x, dims, steps, padding
        )
        for a, b in zip(mine, xlas, strict=True):
            np.testing.assert_array_equal(a, b)
    assert np.isnan(conv_lowering.max_pool(np.array([[1.0, np.nan]]), (1, 2), (1, 2), "VALID")).all()


def _value_and_grads1(f, x, *args):
    y, pullback = jax.vjp(lambda x: f(x, *args), x)
    return y, pullback(np.arange(y.size, dtype=np.float32).reshape(y.shape))[0]
