"""The recurrent loop of SimpleRNN, LSTM and GRU as one tapejax op over ``jax.lax.scan``.

A layer call records a single op (whatever the number of steps), so a tape holds one node
per call and its gradient is JAX's reverse pass through the scan; inside
``tapejax.function`` the loop compiles to one XLA while loop. The input projection
``x @ kernel`` is one matmul over all steps, before the loop. Each step follows Keras 3's
cell formulas (the fused "implementation 2"), gate order ``i, f, c, o`` (LSTM) and
``z, r, h`` (GRU), in Keras' order of additions.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...._core.recording.convert import convert_to_tensor
from ...._core.recording.record import Op, record
from ...._core.values.tensor import Tensor
from .core import value


def _jax(activation):
    """A tapejax activation (Tensor -> Tensor) as a function of JAX arrays."""
    return lambda a: value(activation(Tensor(a)))


def _simple_step(xk, states, rkernel, bias, act, ract, reset_after):
    (h,) = states
    h = act(xk + h @ rkernel)
    return (h,)


def _lstm_step(xk, states, rkernel, bias, act, ract, reset_after):
    h, c = states
    z = xk + h @ rkernel
    if bias is not None:
        z = z + bias
    i, f, g, o = jnp.split(z, 4, axis=-1)
    c = ract(f) * c + ract(i) * act(g)
    return (ract(o) * act(c), c)


def _gru_step(xk, states, rkernel, bias, act, ract, reset_after):
    (h,) = states
    units = h.shape[-1]
    x_z, x_r, x_h = jnp.split(xk, 3, axis=-1)
    if reset_after:
        inner = h @ rkernel
        if bias is not None:
            inner = inner + bias
    else:
        inner = h @ rkernel[:, : 2 * units]
    z = ract(x_z + inner[:, :units])
    r = ract(x_r + inner[:, units : 2 * units])
    recurrent_h = r * inner[:, 2 * units :] if reset_after else (r * h) @ rkernel[:, 2 * units :]
    hh = act(x_h + recurrent_h)
    return (z * h + (1 - z) * hh,)


_STEPS = {"simple": _simple_step, "lstm": _lstm_step, "gru": _gru_step}


def _split_bias(kind, bias, reset_after):
    """(bias added to ``x @ kernel`` before the loop, bias used inside each step)."""
    if bias is None:
        return None, None
    if kind == "lstm":
        return None, bias
    if kind == "gru" and reset_after:
        return bias[0], bias[1]
    return bias, None


def _rnn(
    x,
    kernel,
    rkernel,
    *rest,
    kind,
    activation,
    recurrent_activation,
    go_backwards,
    return_sequences,
    use_bias,
    reset_after,
    masked=False,
    zero_output_for_mask=False,
):
    bias = rest[0] if use_bias else None
    if masked:
        *rest, mask = rest
    states = tuple(rest[1:] if use_bias else rest)
    input_bias, step_bias = _split_bias(kind, bias, reset_after)
    xs = jnp.swapaxes(x, 0, 1)  # (time, batch, features)
    if go_backwards:
        xs = xs[::-1]
    xk = xs @ kernel
    if input_bias is not None:
        xk = xk + input_bias
    step, act = _STEPS[kind], _jax(activation)
    ract = _jax(recurrent_activation) if recurrent_activation is not None else None
    if not masked:

        def body(carry, xk_t):
            new = step(xk_t, carry, rkernel, step_bias, act, ract, reset_after)
            return new, new[0]

        final, ys = jax.lax.scan(body, states, xk)
        output = jnp.swapaxes(ys, 0, 1) if return_sequences else final[0]
        return (output, *final)

    # Keras' masked steps: a masked step keeps the previous states, and outputs the previous
    # output (zeros first), or zeros with ``zero_output_for_mask``.
    ms = jnp.swapaxes(mask.astype(bool), 0, 1)[..., None]  # (time, batch, 1)
    if go_backwards:
        ms = ms[::-1]

    def masked_body(carry, step_in):
        xk_t, m = step_in
        old, prev_output = carry
        new = step(xk_t, old, rkernel, step_bias, act, ract, reset_after)
        kept = tuple(jnp.where(m, n, o) for n, o in zip(new, old, strict=True))
        output = jnp.where(m, new[0], jnp.zeros_like(new[0]) if zero_output_for_mask else prev_output)
        return (kept, output), output

    (final, last), ys = jax.lax.scan(masked_body, (states, jnp.zeros_like(states[0])), (xk, ms))
    output = jnp.swapaxes(ys, 0, 1) if return_sequences else last
    return (output, *final)


_RNN = {
    kind: Op(name, _rnn, multiple_results=True)
    for kind, name in (("simple", "SimpleRNN"), ("lstm", "LSTM"), ("gru", "GRU"))
}


def rnn(
    kind: str,
    inputs,
    states,
    kernel,
    recurrent_kernel,
    bias,
    *,
    activation,
    recurrent_activation=None,
    go_backwards=False,
    return_sequences=False,
    reset_after=True,
    mask=None,
    zero_output_for_mask=False,
) -> tuple:
    """Runs the ``kind`` (``'simple'``, ``'lstm'``, ``'gru'``) recurrence over ``inputs``
    (``(batch, time, features)``) from ``states``; returns ``(output, *final_states)``, the output
    being all steps' (``return_sequences``, in processing order) or the last one's. With a
    ``(batch, time)`` boolean ``mask``, masked steps are skipped as Keras skips them."""
    tensors = [inputs, kernel, recurrent_kernel] + ([bias] if bias is not None else []) + list(states)
    tensors += [mask] if mask is not None else []
    static = {
        "kind": kind,
        "activation": activation,
        "recurrent_activation": recurrent_activation,
        "go_backwards": bool(go_backwards),
        "return_sequences": bool(return_sequences),
        "use_bias": bias is not None,
        "reset_after": bool(reset_after),
        "masked": mask is not None,
        "zero_output_for_mask": bool(zero_output_for_mask),
    }
    return record(_RNN[kind], [convert_to_tensor(t) for t in tensors], static)
