"""Recorded subgraph -> pure JAX function of its leaves.

Meaning only: what a derivative differentiates. ``Slice(nodes, targets, leaves)`` keeps the
recorded nodes through which gradient flows from ``leaves`` to ``targets`` (following each
node's differentiable links), and ``Slice.program`` replays them:
``f(leaf_values, const_values) -> target_values``. Every input of a kept node that is not
computed from the leaves is a constant of the slice, passed as an argument so the function
stays pure (and can be jitted and cached).

A leaf may itself be computed from other leaves (``gradient(z, [x, y])`` with ``y = x * x``).
As in TF, ``y`` then gets the gradient that reaches it and ``x`` the full gradient, through
``y`` too: the replay uses ``y``'s given value and adds its derivative to the path from ``x``
(:func:`_splice`).
"""

from __future__ import annotations

import functools

import jax

from ..values.dtype import is_differentiable


@jax.custom_jvp
def _splice(given, computed):
    """``given`` (a leaf's value), differentiated as ``given + computed``.

    The value never depends on ``computed`` (the same number recomputed from upstream
    leaves), so a derivative of the replay, differentiated again by an outer tape, does not
    count the path through ``computed`` twice: the outer tape already sees it through ``given``.
    """
    return given


@_splice.defjvp
def _splice_jvp(primals, tangents):
    return primals[0], tangents[0] + tangents[1]


class Slice:
    """The part of a recording between some leaves and some targets.

    Attributes:
      recording: every recorded node (the tape's), of which ``nodes`` are kept.
      nodes: kept nodes, in execution order.
      leaves: the given leaves that reach a target (the function's differentiable arguments).
      consts: the other tensors the kept nodes read.
      targets: the given targets that some leaf reaches.
      target_positions: their positions among the given targets.
      reverse_only: whether a kept node supports reverse mode only.
    """

    def __init__(self, nodes, targets, leaves):
        leaves = _unique(t for t in leaves if is_differentiable(t))
        leaf_ids = {id(t) for t in leaves}
        # A first pass that ignores links bounds the nodes between leaves and targets, so that
        # exact links (a jaxpr trace for derivative nodes) are computed for those nodes only.
        reached = set(leaf_ids)
        candidates, _ = _backward(_forward(nodes, reached, exact=False), targets, exact=False)
        reached = set(leaf_ids)
        kept, needed = _backward(_forward(candidates, reached, exact=True), targets, exact=True)
        self.nodes = kept
        self.leaves = [t for t in leaves if id(t) in needed]
        self.target_positions = [k for k, t in enumerate(targets) if id(t) in reached]
        self.targets = [targets[k] for k in self.target_positions]
        kept_leaves = {id(t) for t in self.leaves}
        self.leaf_outputs = frozenset(id(t) for n in kept for t in n.outputs if id(t) in kept_leaves)
        known = {id(t) for t in self.leaves}
        consts = []
        for node in kept:
            for t in node.inputs:
                if id(t) not in known:
                    known.add(id(t))
                    consts.append(t)
            known.update(id(t) for t in node.outputs)
        self.consts = consts
        self.reverse_only = any(n.op.reverse_only for n in kept)
        # Per-structure memo of what is derived from this slice (the engine shares it between
        # equal slices: see engine/plans.py).
        self.memo: dict = {}
        self.recording = nodes

    @classmethod
    def from_parts(cls, recording, nodes, leaves, consts, targets, positions, reverse_only, program, memo):
        """A slice whose parts are known (found by position in an equal recording)."""
        sl = cls.__new__(cls)
        sl.recording, sl.nodes, sl.leaves, sl.consts = recording, nodes, leaves, consts
        sl.targets, sl.target_positions, sl.reverse_only = targets, positions, reverse_only
        sl.__dict__["program"] = program  # the cached_property, already known
        sl.memo = memo
        return sl

    @property
    def connected(self) -> bool:
        return bool(self.leaves) and bool(self.targets)

    @functools.cached_property
    def program(self) -> Program:
        """``f(leaf_values, const_values) -> tuple(target_values)``, pure and traceable."""
        return Program(self.nodes, self.leaves, self.consts, self.targets, self.leaf_outputs)


class Program:
    """The replay of a slice as a pure function, holding ops and static arguments only.

    Values live in a flat environment: leaves first, then constants, then node outputs in
    order. ``key`` describes the structure (ops, static arguments, wiring, shapes and dtypes)
    and is None when some static argument is unhashable (the function is then not cached).
    """

    __slots__ = ("steps", "n_leaves", "n_consts", "out_refs", "key", "reverse_only")

    def __init__(self, nodes, leaves, consts, targets, spliced=frozenset()):
        slot = {id(t): i for i, t in enumerate([*leaves, *consts])}
        steps, key_steps, cacheable = [], [], True
        for node in nodes:
            in_refs = tuple(slot[id(t)] for t in node.inputs)
            outs = []
            for t in node.outputs:
                if id(t) in spliced:  # a leaf computed from other leaves (see _splice)
                    outs.append(-1 - slot[id(t)])
                else:
                    slot[id(t)] = len(slot)
                    outs.append(slot[id(t)])
            skey = node.static_key()
            cacheable = cacheable and skey is not None
            steps.append((node.op, node.static, in_refs, tuple(outs)))
            key_steps.append((node.op.key, skey, in_refs, tuple(outs)))
        self.steps = tuple(steps)
        self.n_leaves, self.n_consts = len(leaves), len(consts)
        self.out_refs = tuple(slot[id(t)] for t in targets)
        self.reverse_only = any(node.op.reverse_only for node in nodes)
        avals = tuple((t._np_shape, t._np_dtype) for t in [*leaves, *consts])
        self.key = (tuple(key_steps), self.out_refs, self.n_leaves, avals) if cacheable else None

    def __call__(self, leaf_values, const_values):
        return self.run(leaf_values, const_values)[0]

    def run(self, leaf_values, const_values, aux_refs=()):
        """``(target values, values at aux_refs)``."""
        env = [*leaf_values, *const_values]
        for op, static, in_refs, out_refs in self.steps:
            out = op.fn(*[env[i] for i in in_refs], **static)
            outs = out if op.multiple_results else (out,)
            for ref, value in zip(out_refs, outs, strict=True):
                if ref < 0:
                    env[-1 - ref] = _splice(env[-1 - ref], value)
                else:
                    env.append(value)
        return tuple(env[i] for i in self.out_refs), tuple(env[i] for i in aux_refs)


def _links(node, exact: bool):
    if exact:
        return node.links()
    if not node.op.differentiable:
        return None
    every = range(len(node.inputs))
    return [every] * len(node.outputs)


def _forward(nodes, reached: set, exact: bool) -> list:
    """Nodes through which some reached tensor flows; adds their reached outputs to ``reached``."""
    hit_nodes = []
    for node in nodes:
        hit_inputs = [i for i, t in enumerate(node.inputs) if id(t) in reached]
        if not hit_inputs:
            continue
        links = _links(node, exact)
        if links is None:
            continue
        hit = False
        for out, linked in zip(node.outputs, links, strict=True):
            if is_differentiable(out) and any(i in linked for i in hit_inputs):
                reached.add(id(out))
                hit = True
        if hit:
            hit_nodes.append(node)
    return hit_nodes


def _backward(nodes, targets, exact: bool):
    """Of ``nodes`` (all reached), those some target depends on, in execution order, and the
    ids of every tensor some target depends on."""
    needed = {id(t) for t in targets}
    kept = []
    for node in reversed(nodes):
        outs = [j for j, o in enumerate(node.outputs) if id(o) in needed]
        if not outs:
            continue
        kept.append(node)
        links = _links(node, exact)
        for j in outs:
            for i in links[j]:
                needed.add(id(node.inputs[i]))
    kept.reverse()
    return kept, needed


def _unique(tensors) -> list:
    seen, out = set(), []
    for t in tensors:
        if id(t) not in seen:
            seen.add(id(t))
            out.append(t)
    return out
