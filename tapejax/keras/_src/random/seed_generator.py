"""``keras.random.SeedGenerator`` and how a random function turns its ``seed`` into a seed pair.

As Keras 3 under TF: a SeedGenerator holds its state in a non-trainable int64 Variable
``[seed, 0]`` whose second entry advances by one at each draw (inside ``tf.function`` the
assignment is part of the compiled call, so each call draws anew); an int ``seed`` is the pair
``[seed, 0]`` every time (the same numbers on each call); ``None`` draws from a global
SeedGenerator, advanced by Keras' unordered step.
"""

from __future__ import annotations

import random as python_random

import numpy as np

from ..backend.core import Variable, convert_to_tensor
from ..backend.ops import add, cast, math_ops
from ..utils.naming import auto_name


class SeedGenerator:
    """The state of a sequence of random draws (Keras 3's ``keras.random.SeedGenerator``).

    >>> import tapejax as tf
    >>> gen = tf.keras.random.SeedGenerator(42)
    >>> a = tf.keras.random.normal((2,), seed=gen)
    >>> b = tf.keras.random.normal((2,), seed=gen)
    >>> bool(tf.reduce_all(a == b))
    False
    >>> gen.state.numpy()
    array([42,  2])
    """

    def __init__(self, seed=None, name=None, **kwargs):
        kwargs.pop("backend", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or auto_name(type(self).__name__)
        self._initial_seed = seed
        if seed is None:
            seed = python_random.randint(1, int(1e9))
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        self.state = Variable(np.array([seed, 0], np.int64), trainable=False, name="seed_generator_state")

    def next(self, ordered: bool = True):
        """The current state (the seed pair of this draw); the state advances."""
        current = convert_to_tensor(self.state)
        if ordered:
            self.state.assign(add(current, convert_to_tensor(np.array([0, 1], np.int64))))
        else:  # Keras' sequence of near-unique numbers below 933199
            step = math_ops.floormod(
                math_ops.multiply(add(current, np.int64(1)), np.int64(5387)), np.int64(933199)
            )
            self.state.assign(step)
        return current

    def get_config(self) -> dict:
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)


_GLOBAL: list = []


def global_seed_generator() -> SeedGenerator:
    """The SeedGenerator random functions use when given no seed (made on first use)."""
    if not _GLOBAL:
        _GLOBAL.append(SeedGenerator())
    return _GLOBAL[0]


def draw_seed(seed):
    """The int32 seed pair of one draw: from a SeedGenerator (which advances), an int, or None."""
    if isinstance(seed, SeedGenerator):
        pair = seed.next()
    elif isinstance(seed, int) and not isinstance(seed, bool):
        pair = convert_to_tensor(np.array([seed, 0], np.int64))
    elif seed is None:
        pair = global_seed_generator().next(ordered=False)
    else:
        raise ValueError(
            "Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
            f"Received: seed={seed} (of type {type(seed)})"
        )
    # As Keras' TF backend: int64 state folded into int32 seeds.
    return cast(math_ops.floormod(pair, np.int64(2**31 - 2)), "int32")
