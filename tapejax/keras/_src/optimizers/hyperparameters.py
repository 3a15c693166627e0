"""What an optimizer's update reads: ``Hyper`` (options, hyperparameters, learning rate,
step), and ``as_float``, a hyperparameter cast to a variable's dtype.

Hyperparameters enter the compiled update as float64 inputs (they may change between steps
without a new compile), so that Keras' Python arithmetic on them (``1 - beta_1``) rounds as
Python's; ``as_float`` then rounds them once to the variable's dtype, as Keras casts a Python
float.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax


class Hyper:
    """What an optimizer's ``update`` reads: its options (Python values), its hyperparameters
    (float64 scalars), ``lr``, ``step`` (``iterations + 1``) and ``extra`` (the new values of
    optimizer-wide variables, e.g. Nadam's ``u_product``)."""

    def __init__(self, **values):
        self.__dict__.update(values)


def as_float(value, like):
    """A hyperparameter as a scalar of ``like``'s dtype (Keras casts them so), rounded once
    from float64, as from a Python float."""
    dtype = np.dtype(like.dtype)
    if getattr(value, "dtype", None) != np.float64 or dtype.itemsize >= 4 or dtype.kind != "f":
        return jnp.asarray(value, dtype)
    # XLA converts float64 to 16 bits through float32, rounding twice (0.70629883 becomes
    # float16 0.706, not numpy's 0.7065): round to float32 by round-to-odd first, after which
    # rounding to 16 bits is rounding once.
    near = value.astype(np.float32)
    back, bits = near.astype(np.float64), lax.bitcast_convert_type(near, np.uint32)
    step = jnp.where(jnp.abs(back) > jnp.abs(value), np.uint32(0xFFFFFFFF), np.uint32(1))
    odd = jnp.where((back != value) & (bits % 2 == 0), bits + step, bits)
    return lax.bitcast_convert_type(odd, np.float32).astype(dtype)
