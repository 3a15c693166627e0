"""A loaded function: deserialized ``jax.export`` variants, called as one recorded op.

Calling a loaded function records ONE op (``StatefulPartitionedCall``, as TF names it) whose
jax function calls the exported function on the arguments and the restored Variables. Tapes
differentiate it with the VJPs serialized with it; ``jax.export`` calls cannot be vmapped, so
the op's batching rule is a loop (``jax.custom_batching.sequential_vmap``), which is what
``jacobian`` and ``batch_jacobian`` get (TensorFlow's loop without pfor). The op has a
reverse-mode rule only (``reverse_only``), so no derivative uses forward mode through it.
"""

from __future__ import annotations

import jax
import numpy as np
from jax.custom_batching import sequential_vmap

from .._api.function import Function
from .._api.tensor_spec import TensorSpec
from .._core import disk_cache
from .._core.recording.record import Op, record
from .._core.recording.variable import write_back
from .._core.values import x64
from .._core.values.access import as_tensor
from .._core.values.tensor import TensorLike

# Same-process registry of the original (pure JAX) functions saved without their gradients,
# keyed by (save id, function name, variant): while the process that saved them lives, their
# gradients still work, as TensorFlow's gradient registry keeps custom gradients.
_ORIGINALS: dict = {}


def register_original(save_id: str, name: str, variant: int, fn) -> None:
    _ORIGINALS[(save_id, name, variant)] = fn


class _NoGradient:
    """What a loaded variant does when asked for a VJP that was not saved."""

    def __init__(self, name: str, where: str, vjp_order: int, original):
        self.name, self.where, self.vjp_order, self.original = name, where, vjp_order, original

    def __call__(self, depth, exported, flat, cts):
        if depth == 0 and self.original is not None:
            in_tree = exported.in_tree

            def f(*fl):
                a, kw = jax.tree_util.tree_unflatten(in_tree, fl)
                return tuple(jax.tree_util.tree_leaves(self.original(*a, **kw)))

            return jax.vjp(f, *flat)[1](tuple(cts))
        op = f"No gradient defined for operation '{self.name}' (op type: StatefulPartitionedCall)"
        if self.vjp_order == 0:
            raise LookupError(
                f"{op}: {self.name} uses a custom gradient and was saved to {self.where} with "
                "tapejax.saved_model.SaveOptions(experimental_custom_gradients=False), so no gradient "
                "was saved with it. Save it again with options=tapejax.saved_model.SaveOptions("
                "experimental_custom_gradients=True) to differentiate the loaded function."
            )
        raise LookupError(
            f"{op} of order {depth + 1}: {self.name} was saved to {self.where} with gradients up to "
            f"order {self.vjp_order}. Save it again with options=tapejax.saved_model.SaveOptions("
            f"experimental_vjp_order={depth + 1}) (or more) for derivatives of that order."
        )


def differentiable_call(exported, no_gradient, depth: int = 0):
    """``exported.call`` on flat arrays, as a function JAX can vmap (by a loop) and
    differentiate in reverse mode (by the exported VJPs, ``no_gradient`` where there is none).
    Returns a tuple of flat outputs."""
    in_tree = exported.in_tree

    @sequential_vmap
    def primal(*flat):
        args, kwargs = jax.tree_util.tree_unflatten(in_tree, flat)
        return tuple(jax.tree_util.tree_leaves(exported.call(*args, **kwargs)))

    @jax.custom_vjp
    def call(*flat):
        return primal(*flat)

    def fwd(*flat):
        # ``call`` again, not ``primal``: differentiating this forward (a higher order) must
        # go through the custom VJP, since the loop has no derivative of its own.
        return call(*flat), flat

    def bwd(flat, cts):
        if not exported.has_vjp():
            return tuple(no_gradient(depth, exported, flat, cts))
        vjp = exported.vjp()
        # The exported VJP takes float0 cotangents for integer outputs.
        cts = [
            np.zeros(np.shape(ct), jax.dtypes.float0) if aval.dtype == jax.dtypes.float0 else ct
            for ct, aval in zip(cts, vjp.in_avals[len(flat) :], strict=True)
        ]
        return differentiable_call(vjp, no_gradient, depth + 1)(*flat, *cts)

    call.defvjp(fwd, bwd)
    return call


class _Variant:
    """One exported variant: ranks of its unknown-rank arguments, its op and its Variables."""

    def __init__(self, exported, entry, name, where, variables, original):
        self.ranks = tuple(entry["ranks"])
        self.variables = [variables[i] for i in entry["variables"]]
        self.assigned = [variables[i] for i in entry["assigned"]]
        no_gradient = _NoGradient(name, where, entry["vjp_order"], original)
        fn = disk_cache.jit(differentiable_call(exported, no_gradient))
        self.op = Op(
            "StatefulPartitionedCall", fn, multiple_results=True, reverse_only=True, input_errors=False
        )
        self.out_tree = jax.tree_util.treedef_children(exported.out_tree)[0]


class LoadedFunction:
    """A function restored by ``tapejax.saved_model.load``: called like the saved one.

    Arguments are bound and checked against the saved ``input_signature`` as
    ``tapejax.function`` does; the call runs the exported variant for the arguments' ranks.
    """

    def __init__(self, name, entry, variants):
        self.__name__ = name
        flat = [TensorSpec(s["shape"], s["dtype"], s["name"]) for s in entry["signature"]]
        # The arguments' nesting of the specs (files written before nested signatures: flat).
        self.input_signature = _nested(entry.get("structure", list(range(len(flat)))), flat)
        self._variants = {v.ranks: v for v in variants}
        self._unknown = [i for i, s in enumerate(flat) if s.shape is None]
        self._skipped = entry["skipped"]
        self._binder = Function(lambda *args: None, input_signature=self.input_signature)

    @x64.enabled
    def __call__(self, *args, **kwargs):
        args, _ = self._binder._bind(args, kwargs)
        args = jax.tree_util.tree_leaves(args, is_leaf=lambda t: isinstance(t, (TensorLike, TensorSpec)))
        variant = self._variant(args)
        reads = [as_tensor(v) for v in variant.variables]
        flat = record(variant.op, [*args, *reads])
        return jax.tree_util.tree_unflatten(variant.out_tree, write_back(variant.assigned, flat))

    def _variant(self, args) -> _Variant:
        ranks = tuple(len(args[i].shape) for i in self._unknown)
        found = self._variants.get(ranks)
        if found is not None:
            return found
        prefix = (
            f"Could not find matching concrete function to call loaded from the SavedModel: "
            f"{self.__name__} got arguments of rank {list(ranks)} where its input_signature has "
            "unknown rank"
        )
        for skipped in self._skipped:
            if tuple(skipped["ranks"]) == ranks:
                raise ValueError(f"{prefix}, and it could not be exported for that rank: {skipped['error']}")
        raise ValueError(
            f"{prefix}; it was exported for ranks {[list(r) for r in sorted(self._variants)]}. Save it "
            "with a larger tapejax.saved_model.SaveOptions(experimental_max_unknown_rank=...), or give "
            "the input_signature a shape."
        )

    def __repr__(self) -> str:
        return f"<loaded tapejax.function {self.__name__} input_signature={self.input_signature}>"


def _nested(structure, flat: list):
    """The specs ``flat`` nested as ``structure`` (``_export._structure``) describes."""
    if isinstance(structure, dict):
        return {k: _nested(v, flat) for k, v in structure["dict"].items()}
    if isinstance(structure, list):
        return [_nested(v, flat) for v in structure]
    return flat[structure]


def original_for(save_id: str, name: str, variant: int):
    """The original function of a variant saved without gradients in this process, or None."""
    return _ORIGINALS.get((save_id, name, variant))
