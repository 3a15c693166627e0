"""How the random programs pick each op's arguments and parameters from the shapes at hand.

``Builder`` holds the nodes made so far and their shapes; ``BUILDERS[op](builder, a)`` returns
``(args, params)`` for ``op`` applied to node ``a`` (creating new inputs of the shapes it
needs), or None where the op does not apply. In rowwise mode no op mixes or drops axis 0.
"""

from __future__ import annotations

import math

import jax
import numpy as np
from hypothesis import strategies as st
from program_ops import BINARY, REDUCTIONS, SPECS, UNARY

MAX_SIZE = 48
ROLES = ("watched", "variable", "constant")


class Builder:
    """The nodes of a program being drawn, with their shapes."""

    def __init__(self, draw, rowwise: bool, make_input, make_step):
        self.draw, self.rowwise = draw, rowwise
        self.make_input, self.make_step = make_input, make_step
        self.nodes, self.shapes = [], []

    @property
    def lo(self) -> int:
        """The first axis an op may act on (1 in rowwise mode: axis 0 is the batch)."""
        return int(self.rowwise)

    @property
    def last_step(self) -> int:
        return max(i for i, n in enumerate(self.nodes) if isinstance(n, self.make_step))

    def new_input(self, shape, roles=ROLES) -> int:
        self.nodes.append(self.make_input(tuple(shape), self.choice(roles)))
        self.shapes.append(tuple(shape))
        return len(self.nodes) - 1

    def pick(self) -> int:
        """A node to apply the next op to; shrinks toward the latest one."""
        usable = [i for i, n in enumerate(self.nodes) if getattr(n, "role", None) != "layer"]
        return usable[-1 - self.ints(0, len(usable) - 1)]

    def operand(self, shape) -> int:
        """A node of exactly ``shape``: an earlier one or a new input."""
        shape = tuple(shape)
        same = [
            i
            for i, s in enumerate(self.shapes)
            if s == shape and getattr(self.nodes[i], "role", None) != "layer"
        ]
        if same and self.draw(st.booleans()):
            return self.choice(same)
        return self.new_input(shape)

    def add_step(self, op: str, args, params) -> None:
        """Appends ``op(*args, **params)`` unless its output would be larger than MAX_SIZE."""
        params = tuple(sorted(params.items()))
        avals = [jax.ShapeDtypeStruct(self.shapes[a], np.float64) for a in args]
        shape = jax.eval_shape(lambda *xs: SPECS[op].jnp(*xs, **dict(params)), *avals).shape
        if math.prod(shape) <= MAX_SIZE:
            self.nodes.append(self.make_step(op, tuple(args), params))
            self.shapes.append(tuple(shape))

    # -- shapes -------------------------------------------------------------------------------

    def ints(self, lo: int, hi: int) -> int:
        """An int in ``[lo, hi]``, about uniform (hypothesis favours its bounds), shrinking to lo."""
        return lo + self.draw(st.integers(0, 1023)) % (hi - lo + 1)

    def choice(self, options):
        """One of ``options``, about uniformly, shrinking to the first."""
        options = list(options)
        return options[self.ints(0, len(options) - 1)]

    def flag(self) -> bool:
        return self.draw(st.booleans())

    def axis(self, rank: int) -> int:
        """An axis of a ``rank``-D value (maybe written negative), never 0 in rowwise mode."""
        axis = self.ints(self.lo, rank - 1)
        return axis - rank if self.flag() else axis

    def smaller(self, shape) -> tuple:
        """A shape that broadcasts to ``shape``: some dims 1, maybe fewer leading dims."""
        out = [d if k < self.lo or self.flag() else 1 for k, d in enumerate(shape)]
        drop = 0 if self.rowwise else self.ints(0, len(out))
        return tuple(out[drop:])

    def larger(self, shape) -> tuple:
        """A shape ``shape`` broadcasts to: dims of 1 grown, maybe a new leading dim."""
        out = [self.ints(1, 3) if d == 1 and k >= self.lo else d for k, d in enumerate(shape)]
        lead = () if self.rowwise or not self.flag() else (self.ints(1, 3),)
        return lead + tuple(out)


def _unary(b, a):
    return (a,), {}


def _binary(b, a):
    other = b.operand(b.larger(b.shapes[a]) if not b.rowwise and b.flag() else b.smaller(b.shapes[a]))
    return ((a, other) if b.flag() else (other, a)), {}


def _reduction(b, a):
    rank = len(b.shapes[a])
    if rank <= b.lo:
        return None
    choice = b.ints(0 if b.rowwise else -1, 1) if rank > 0 else -1
    if choice == -1:
        axis = None
    elif choice == 0:
        axis = b.axis(rank)
    else:
        axes = b.draw(st.lists(st.integers(b.lo, rank - 1), min_size=1, max_size=rank - b.lo, unique=True))
        axis = tuple(axes)
    return (a,), {"axis": axis, "keepdims": b.flag()}


def _softmax(b, a):
    rank = len(b.shapes[a])
    return None if rank <= b.lo else ((a,), {"axis": b.axis(rank)})


def _cumsum(b, a):
    rank = len(b.shapes[a])
    if rank <= b.lo:
        return None
    return (a,), {"axis": b.axis(rank), "exclusive": b.flag(), "reverse": b.flag()}


def _where(b, a):
    shape = b.shapes[a]
    cond, other = b.operand(b.smaller(shape)), b.operand(b.smaller(shape))
    branches = (a, other) if b.flag() else (other, a)
    return (cond, *branches), {"t": b.choice([0.0, 0.5])}


def _matmul(b, a):
    shape = b.shapes[a]
    if len(shape) not in ((3,) if b.rowwise else (2, 3)):
        return None
    ta, tb = b.flag(), b.flag()
    k, m = shape[-2] if ta else shape[-1], b.ints(1, 3)
    other = b.operand(shape[:-2] + ((m, k) if tb else (k, m)))
    return (a, other), {"ta": ta, "tb": tb}


_EINSUM = {
    1: ["i,i->", "i,j->ij", "i->"],
    2: ["ij,jk->ik", "ij,ij->i", "ij,j->i", "ij->ji", "ij,kj->ik", "bi,bi->b", "bi,bj->bij", "bi->b"],
    3: ["bij,bjk->bik", "bij,bij->bj", "bij->bji", "bij,bj->bi", "bij,bkj->bik"],
}


def _einsum(b, a):
    shape = b.shapes[a]
    patterns = [p for p in _EINSUM.get(len(shape), []) if not b.rowwise or p.startswith("b")]
    if not patterns:
        return None
    eq = b.choice(patterns)
    sizes = dict(zip(eq.split(",")[0].split("-")[0], shape, strict=True))
    others = eq.split("->")[0].split(",")[1:]
    for letter in "".join(others):
        sizes.setdefault(letter, b.ints(1, 3))
    args = [a] + [b.operand(tuple(sizes[c] for c in term)) for term in others]
    return tuple(args), {"eq": eq}


def _reshape(b, a):
    shape = b.shapes[a]
    keep, rest = shape[: b.lo], shape[b.lo :]
    primes = [p for d in rest for p in _factors(d)]
    dims = [1] * b.ints(1, 3)
    for p in primes:
        dims[b.ints(0, len(dims) - 1)] *= p
    if b.flag():
        dims[b.ints(0, len(dims) - 1)] = -1
    return (a,), {"shape": tuple(keep) + tuple(dims)}


def _factors(n: int) -> list[int]:
    out, p = [], 2
    while n > 1:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


def _transpose(b, a):
    rank = len(b.shapes[a])
    perm = tuple(range(b.lo)) + tuple(b.draw(st.permutations(range(b.lo, rank))))
    return (a,), {"axes": perm}


def _expand_dims(b, a):
    rank = len(b.shapes[a])
    return (a,), {"axis": b.ints(b.lo, rank) if b.rowwise or b.flag() else b.ints(-rank - 1, -1)}


def _concat(b, a):
    shape = b.shapes[a]
    if len(shape) <= b.lo:
        return None
    axis = b.axis(len(shape))
    other = list(shape)
    other[axis] = b.ints(1, 3)
    o = b.operand(other)
    return ((a, o) if b.flag() else (o, a)), {"axis": axis}


def _stack(b, a):
    rank = len(b.shapes[a])
    return (a, b.operand(b.shapes[a])), {"axis": b.ints(b.lo, rank)}


def _getitem(b, a):
    shape = b.shapes[a]
    if len(shape) == 0:
        return None
    index = []
    for k, d in enumerate(shape):
        kind = 0 if k < b.lo else b.ints(0, 2)
        if kind == 0:
            index.append(("slice", None, None, None))
        elif kind == 1:
            index.append(("int", b.ints(-d, d - 1)))
        else:
            index.append(_random_slice(b, d))
    if b.flag():
        index.insert(b.ints(b.lo, len(index)), ("int", None))  # tf.newaxis
    return (a,), {"index": tuple(index)}


def _random_slice(b, d: int) -> tuple:
    start = b.ints(0, d - 1)
    step = b.choice([1, 2, -1])
    if step > 0:
        return ("slice", start, b.ints(start + 1, d), step)
    return ("slice", start, b.choice([None, *range(start)]), step)


def _gather(b, a):
    shape = b.shapes[a]
    if len(shape) <= b.lo:
        return None
    axis = b.ints(b.lo, len(shape) - 1)
    indices = b.draw(st.lists(st.integers(0, shape[axis] - 1), min_size=1, max_size=4))
    return (a,), {"indices": tuple(indices), "axis": axis}


def _tile(b, a):
    if not b.shapes[a]:
        return None
    return (a,), {"reps": tuple(1 if k < b.lo else b.ints(1, 2) for k in range(len(b.shapes[a])))}


def _reverse(b, a):
    rank = len(b.shapes[a])
    if rank <= b.lo:
        return None
    return (a,), {"axis": tuple(b.draw(st.lists(st.integers(b.lo, rank - 1), min_size=1, unique=True)))}


def _pad(b, a):
    rank = len(b.shapes[a])
    if rank == 0:
        return None
    widths = tuple((0, 0) if k < b.lo else (b.ints(0, 1), b.ints(0, 1)) for k in range(rank))
    return (a,), {"pad_width": widths}


def _broadcast_to(b, a):
    return (a,), {"shape": b.larger(b.shapes[a])}


def _dense(b, a):
    shape = b.shapes[a]
    if len(shape) < 2:
        return None
    units = b.ints(1, 3)
    kernel = b.new_input((shape[-1], units), roles=("layer",))
    bias = b.new_input((units,), roles=("layer",))
    return (a, kernel, bias), {"activation": b.choice([None, "tanh", "sigmoid", "relu"])}


def _custom_mul(b, a):
    return (a, b.operand(b.shapes[a])), {}


BUILDERS = {
    **dict.fromkeys(UNARY, _unary),
    **dict.fromkeys(BINARY, _binary),
    **dict.fromkeys(REDUCTIONS, _reduction),
    "softmax": _softmax,
    "log_softmax": _softmax,
    "cumsum": _cumsum,
    "where": _where,
    "matmul": _matmul,
    "einsum": _einsum,
    "reshape": _reshape,
    "transpose": _transpose,
    "expand_dims": _expand_dims,
    "concat": _concat,
    "stack": _stack,
    "getitem": _getitem,
    "gather": _gather,
    "tile": _tile,
    "reverse": _reverse,
    "pad": _pad,
    "broadcast_to": _broadcast_to,
    "dense": _dense,
    "custom_sinx": _unary,
    "custom_halfgrad": _unary,
    "custom_mul": _custom_mul,
}
