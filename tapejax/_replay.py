"""Recorded subgraph -> pure JAX function of its leaves.

``Slice(nodes, targets, leaves)`` keeps the recorded nodes through which gradient flows from
``leaves`` to ``targets`` (following each node's differentiable links), and
``Slice.function`` replays them: ``f(leaf_values, const_values) -> target_values``. Every
input of a kept node that is not computed from the leaves is a constant of the slice, passed
as an argument so the function stays pure (and can be jitted and cached).
"""

from __future__ import annotations

from ._tape import is_differentiable


class Slice:
    """The part of a recording between some leaves and some targets.

    Attributes:
      nodes: kept nodes, in execution order.
      leaves: the given leaves that reach a target (the function's differentiable arguments).
      consts: the other tensors the kept nodes read.
      targets: the given targets that some leaf reaches.
      target_positions: their positions among the given targets.
      reverse_only: whether a kept node supports reverse mode only.
    """

    def __init__(self, nodes, targets, leaves):
        leaf_ids = {id(t) for t in leaves if is_differentiable(t)}
        reached = set(leaf_ids)
        candidates = []
        for node in nodes:
            hit_inputs = [i for i, t in enumerate(node.inputs) if id(t) in reached]
            if not hit_inputs:
                continue
            links = node.links()
            hit = False
            for out, linked in zip(node.outputs, links):
                if any(i in linked for i in hit_inputs) and is_differentiable(out):
                    reached.add(id(out))
                    hit = True
            if hit:
                candidates.append(node)

        needed = {id(t) for t in targets if id(t) in reached}
        kept = []
        for node in reversed(candidates):
            outs = [j for j, o in enumerate(node.outputs) if id(o) in needed and id(o) not in leaf_ids]
            if not outs:
                continue
            kept.append(node)
            links = node.links()
            for j in outs:
                for i in links[j]:
                    if id(node.inputs[i]) in reached:
                        needed.add(id(node.inputs[i]))
        kept.reverse()

        self.nodes = kept
        self.leaves = _unique(t for t in leaves if id(t) in needed)
        self.target_positions = [k for k, t in enumerate(targets) if id(t) in needed]
        self.targets = [targets[k] for k in self.target_positions]
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

    @property
    def connected(self) -> bool:
        return bool(self.leaves) and bool(self.targets)

    def function(self):
        """``f(leaf_values, const_values) -> tuple(target_values)``, pure and traceable."""
        nodes = self.nodes
        leaf_ids = [id(t) for t in self.leaves]
        const_ids = [id(t) for t in self.consts]
        target_ids = [id(t) for t in self.targets]

        def replay(leaf_values, const_values):
            env = dict(zip(const_ids, const_values))
            env.update(zip(leaf_ids, leaf_values))
            for node in nodes:
                out = node.op.fn(*[env[id(t)] for t in node.inputs], **node.static)
                outs = out if node.op.multiple_results else (out,)
                for t, v in zip(node.outputs, outs):
                    env.setdefault(id(t), v)
            return tuple(env[i] for i in target_ids)

        return replay


def _unique(tensors) -> list:
    seen, out = set(), []
    for t in tensors:
        if id(t) not in seen:
            seen.add(id(t))
            out.append(t)
    return out
