"""Computing pending tensors: the forward ops a tape deferred, replayed as one program.

A pending tensor (see ``Tensor``) knows the node that produces it; that node's inputs may be
pending too. ``materialize`` collects every pending node they need, back to concrete
tensors, replays them as one pure function of those concrete roots (``autodiff.replay.Program``,
compiled through the structure cache) and fills in every pending output at once; or, for a
gradient running op by op (``policy.py``), runs them one by one (``stepwise.py``).
"""

from __future__ import annotations

from ..autodiff.replay import Program
from ..caches import cache
from ..values import x64
from . import stepwise as _stepwise


def pending_nodes(tensors) -> list:
    """The nodes that must run to compute ``tensors``, in execution order."""
    found, stack = {}, [t._pending[0] for t in tensors if t._v is None]
    while stack:
        node = stack.pop()
        if id(node) in found:
            continue
        found[id(node)] = node
        stack.extend(t._pending[0] for t in node.inputs if t._v is None)
    return sorted(found.values(), key=lambda n: n.seq)


@x64.enabled
def materialize(tensors, stepwise: bool = False) -> None:
    """Gives every pending tensor in ``tensors`` (and those it depends on) its value: one
    compiled program, or each op on its own (``stepwise``)."""
    nodes = pending_nodes(tensors)
    if not nodes:
        return
    if stepwise:
        for node in nodes:
            values = _stepwise.run(node.op, node.static, node.static_key(), [t._v for t in node.inputs])
            for t, v in zip(node.outputs, values, strict=True):
                if t._v is None:
                    t._fill(v)
        return
    produced = {id(t) for n in nodes for t in n.outputs}
    roots, seen = [], set()
    for node in nodes:
        for t in node.inputs:
            if id(t) not in produced and id(t) not in seen:
                seen.add(id(t))
                roots.append(t)
    outputs = [t for n in nodes for t in n.outputs if t._v is None]
    program = Program(nodes, [], roots, outputs)
    key = None if program.key is None else ("Forward", program.key)
    fn = cache.function(key, lambda: _forward_fn(program))
    values = fn(*[t._v for t in roots])
    for t, v in zip(outputs, values, strict=True):
        t._fill(v)


def _forward_fn(program):
    return lambda *roots: program((), roots)
