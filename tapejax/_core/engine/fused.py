"""A derivative run fast: compiled once per structure, fused with the pending forward values.

:class:`Fused` wraps one ``autodiff.derivatives.Derivative`` of one slice structure, built
once and run at every call. Its op is recorded as ONE node (so an outer tape differentiates
it again). When it runs now (no outer tape defers it), it is fused with the forward: every
pending tensor of the slice that can still be read gets its value from the same compiled call
(when the tape is dropped after this call, those that only the tape refers to cannot: see
``liveness``). Functions are cached by the derivative's key (the slice's structure and the
derivative's arguments) and, fused, by which values they return. A gradient whose structure
has not shown it repeats (``policy.py``) runs op by op instead (``stepwise.py``), until it has.
"""

from __future__ import annotations

from ..autodiff.links import node_links
from ..caches import cache, intern_key
from ..recording.record import Op, record
from ..recording.state import jax_is_tracing
from . import policy, stepwise
from .liveness import references, release, split
from .materialize import materialize


class Fused:
    """One derivative of one slice structure, compiled, fused with the forward, recorded."""

    __slots__ = (
        *("entry", "op", "key", "make", "connected", "fused", "fillable", "expected", "direct"),
        *("assemble", "stepwise"),
    )

    def __init__(self, derivative, sl, family=None):
        program = sl.program
        key, make = derivative.key, derivative.make
        # Interned: the key is hashed where the derivative is recorded (avals, a tape's
        # structure), at every call, and the full one holds the whole slice's structure.
        full = None if key is None or program.key is None else (derivative.name, program.key, *key)
        self.key = None if full is None else intern_key(full)
        # Op by op until the structure has shown it repeats (None: compiled now; policy.py).
        self.assemble = derivative.assemble
        self.stepwise = (
            policy.sighting(family, hash(full), len(program.steps))
            if family is not None and full is not None and self.assemble is not None
            else None
        )
        self.entry = None if self.key is None else cache.entry(self.key, lambda: make(()))
        self.direct = make(()) if self.entry is None else None  # uncached: run as it is
        # Built once: the op's function looks the compiled derivative up when it runs (so an
        # evicted one is compiled again), nothing is set on the op per call.
        self.op = Op(
            derivative.name,
            self._run,
            multiple_results=True,
            reverse_only=sl.reverse_only,
            input_errors=False,
            key=self.key,
            links=_links_of(self.entry),
        )
        self.make, self.connected, self.fused = make, derivative.connected, {}
        # Node outputs the replay computes (a spliced leaf is given, not computed).
        self.fillable = tuple(
            (k, j, ref) for k, step in enumerate(program.steps) for j, ref in enumerate(step[3]) if ref >= 0
        )
        self.expected = None  # per fillable entry, the references the recording holds

    def __call__(self, sl, extra_inputs, dropped=None) -> list:
        """The derivative's outputs per source (None where unconnected). ``dropped``: the tape,
        when it is dropped after this call (a non-persistent tape)."""
        if self.entry is not None:
            cache.reuse(self.entry)
        inputs = [*sl.leaves, *sl.consts, *extra_inputs]
        unread: list = []

        def compute():
            """Run now (record's decision): fused with the slice's pending forward values."""
            by_op = self.stepwise
            if by_op is not None:
                if jax_is_tracing():  # inside a traced function: nothing compiles on its own
                    by_op = None
                elif by_op.compile_now():
                    self.stepwise = by_op = None
            if any(t._v is None for t in inputs):
                materialize(inputs, by_op is not None)
            nodes = sl.nodes
            if dropped is None:
                pending = [(k, j, ref) for k, j, ref in self.fillable if nodes[k].outputs[j]._v is None]
            else:
                expected = self.expected
                if expected is None:  # one derivative per structure: so are the counts
                    refs = references(sl, dropped.connected)
                    expected = self.expected = tuple(1 + refs[k][j] for k, j, _ in self.fillable)
                pending, skipped = split(nodes, self.fillable, expected, {id(t) for t in sl.targets})
                unread.extend(skipped)
            if by_op is not None:
                forward = stepwise.vjp(sl.program, nodes, pending)
                return self.assemble([t._v for t in inputs], forward)[0]
            if pending:
                return self._fused(pending, inputs, nodes)
            return self._run(*[t._v for t in inputs])

        outs = iter(record(self.op, inputs, compute=compute))
        result = [next(outs) if c else None for c in self.connected]
        if unread and dropped.alone:
            release(unread, sl)
        return result

    def _run(self, *values):
        """The derivative alone (the op's function: also what a replay of it runs)."""
        fn = self.entry.current() if self.entry is not None else self.direct
        return fn(*values)

    def _fused(self, pending, inputs, nodes):
        """Runs the derivative and the pending forward values in one call; fills the latter."""
        aux_refs = tuple([ref for _, _, ref in pending])
        fused_entry = self.fused.get(aux_refs)
        if fused_entry is None and self.key is not None:
            build = lambda: self.make(aux_refs)
            fused_entry = self.fused[aux_refs] = cache.entry((self.key, aux_refs), build)
        elif fused_entry is not None:
            cache.reuse(fused_entry)
        fused = fused_entry.current() if fused_entry is not None else self.make(aux_refs)
        flat = fused(*[t._v for t in inputs])
        n_out = len(flat) - len(pending)
        for (k, j, _), v in zip(pending, flat[n_out:], strict=True):
            nodes[k].outputs[j]._fill(v)
        return flat[:n_out]


def _links_of(entry):
    """Links of a derivative node: traced once per structure (they depend on nothing else)."""

    def links(node):
        if entry is None:
            return node_links(node)
        found = entry.data.get("links")
        if found is None:
            found = entry.data["links"] = node_links(node)
        return found

    return links
