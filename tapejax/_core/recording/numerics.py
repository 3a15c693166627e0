"""``tf.debugging.enable_check_numerics``: every op's float outputs checked for Inf and NaN.

While it is on (per thread, as in TF), ``record`` runs every op now (no deferral: a pending
value cannot be checked) and hands its outputs here. A concrete output holding an Inf or NaN
raises TF's InvalidArgumentError naming the op, dtype, shape and the counts of each kind; a
symbolic one (inside ``tapejax.function``) adds a runtime check that raises when the function
runs, as TF's instrumented graphs do.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax.core import Tracer

from ..values.dtype import as_dtype
from ..values.errors import InvalidArgumentError
from .runtime_check import check as runtime_check
from .state import state


def set_enabled(enabled: bool) -> None:
    state.check_numerics = enabled


def is_enabled() -> bool:
    return state.check_numerics


def check_outputs(op_name: str, values) -> None:
    """Raises (or, for symbolic values, adds a runtime check) when a float output of the op
    ``op_name`` holds an Inf or a NaN."""
    for i, value in enumerate(values):
        if not jnp.issubdtype(value.dtype, jnp.inexact):
            continue
        shape, dtype = tuple(value.shape), as_dtype(value.dtype)
        head = (
            f'!!! Detected Infinity or NaN in output {i} of op "{op_name}" (# of outputs: '
            f"{len(values)}) !!!\n  dtype: {dtype}\n  shape: {shape}\n"
        )
        if isinstance(value, Tracer):
            runtime_check(jnp.all(jnp.isfinite(value)), _message(head, "Inf or NaN"))
            continue
        array = np.asarray(value)
        if np.all(np.isfinite(array)):
            continue
        counts = {
            "-Inf": int(np.sum(np.isneginf(array.real))),
            "+Inf": int(np.sum(np.isposinf(array.real))),
            "NaN": int(np.sum(np.isnan(array))),
        }
        lines = "".join(f"  # of {kind} elements: {n}\n" for kind, n in counts.items() if n)
        kinds = " and ".join(kind for kind, n in counts.items() if n)
        raise InvalidArgumentError(None, None, _message(head + lines, kinds))


def _message(details: str, kinds: str) -> str:
    return (
        f"\n\n{details}\n : Tensor had {kinds} values. tf.debugging.enable_check_numerics is on: "
        "find why this op made them (log of 0, division by 0, overflow), or call "
        "tf.debugging.disable_check_numerics()."
    )
