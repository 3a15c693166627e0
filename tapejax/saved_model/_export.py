"""Exporting one ``tapejax.function`` with ``jax.export``: its shape variants and gradients.

A function is exported from its ``input_signature``. A ``None`` dimension becomes a
``jax.export`` symbolic dimension, so one export serves every size. An unknown rank
(``TensorSpec(None)``) cannot be symbolic: the function is exported once per rank from 0 to
``SaveOptions.experimental_max_unknown_rank`` (all dimensions symbolic), and ranks for which
the function does not trace (an op needs a known rank) are left out. The function's Variables
are explicit inputs of the export, and the Variables it assigns explicit outputs, so the
loaded function reads and updates the restored Variables.

Gradients: each export is serialized with its VJPs up to ``experimental_vjp_order``. With
``experimental_custom_gradients=False`` a function that uses a custom gradient is serialized
without VJPs (TensorFlow then has no gradient for its custom-gradient op either); one that
does not keeps its ordinary gradients, as in TensorFlow.
"""

from __future__ import annotations

import itertools
import uuid

import jax
from jax import export as jax_export

from .._api.trace import SINGLETON_MESSAGE, Trace
from ._call import register_original

_MAX_VARIANTS = 64


class _AbstractArg:
    """A tensor argument while ``Trace`` traces for export: only its abstract value."""

    def __init__(self, spec: jax.ShapeDtypeStruct):
        self._value = spec


def signature_variants(name: str, signature, max_rank: int, one_batch: bool = False) -> list:
    """Per variant, the ranks given to unknown-rank specs and the (symbolic) arg specs.
    ``one_batch``: every argument's leading ``None`` dimension is the same symbolic size."""
    unknown = [i for i, spec in enumerate(signature) if spec.shape is None]
    if (max_rank + 1) ** len(unknown) > _MAX_VARIANTS:
        raise ValueError(
            f"tapejax.saved_model.save: {name} has {len(unknown)} arguments of unknown rank "
            f"(TensorSpec(None)); exporting ranks 0..{max_rank} of each would make "
            f"{(max_rank + 1) ** len(unknown)} exports. Give those TensorSpecs a shape (None "
            "dimensions are fine), or lower SaveOptions(experimental_max_unknown_rank=...)."
        )
    out = []
    for ranks in itertools.product(range(max_rank + 1), repeat=len(unknown)):
        rank_of = dict(zip(unknown, ranks, strict=True))
        scope = jax_export.SymbolicScope()
        specs = []
        for i, spec in enumerate(signature):
            shape = spec.shape if spec.shape is not None else (None,) * rank_of[i]
            dims = ",".join(
                ("batch" if one_batch and j == 0 else f"a{i}d{j}") if d is None else str(d)
                for j, d in enumerate(shape)
            )
            symbolic = jax_export.symbolic_shape(dims, scope=scope) if shape else ()
            specs.append(jax.ShapeDtypeStruct(symbolic, spec.dtype._np))
        out.append((ranks, specs))
    return out


def export_function(name, function, options, variable_index, writer, save_id) -> dict:
    """Exports every variant of ``function`` (bound, with an input_signature) into ``writer``.

    Returns the function's manifest entry. ``variable_index(v)`` gives a Variable's index in
    the saved variables.
    """
    signature = function._flat_signature  # the TensorSpecs; "structure" nests them as the arguments
    entry = {
        "signature": [
            {"shape": None if s.shape is None else list(s.shape), "dtype": s.dtype.name, "name": s.name}
            for s in signature
        ],
        "structure": _structure(function.input_signature, iter(range(len(signature)))),
        "variants": [],
        "skipped": [],
    }
    nesting = jax.tree_util.tree_structure(function.input_signature, is_leaf=lambda s: not _is_nest(s))
    variants = signature_variants(name, signature, options.experimental_max_unknown_rank)
    for ranks, specs in variants:
        try:
            try:
                exported, trace, jitted, custom = _export(function, specs, options, nesting)
            except Exception as independent:
                # Each None dimension is its own symbolic size; code that joins the arguments'
                # batches (a model with several inputs) needs their leading ones to be one size.
                batched = signature_variants(name, signature, options.experimental_max_unknown_rank, True)
                tied = dict(batched).get(ranks)
                if tied is None or sum(1 for s in tied if s.shape and not isinstance(s.shape[0], int)) < 2:
                    raise independent from None
                exported, trace, jitted, custom = _export(function, tied, options, nesting)
        except Exception as error:
            if not ranks or len(variants) == 1:
                raise ValueError(
                    f"tapejax.saved_model.save could not export {name} for input_signature "
                    f"{signature}: {type(error).__name__}: {error}"
                ) from error
            entry["skipped"].append({"ranks": list(ranks), "error": f"{type(error).__name__}: {error}"})
            continue
        vjp_order = options.experimental_vjp_order
        if custom and not options.experimental_custom_gradients:
            vjp_order = 0
            register_original(save_id, name, len(entry["variants"]), jitted)
        k = len(writer.files)
        entry["variants"].append(
            {
                "file": writer.put(
                    f"functions/{k}.jaxexport", bytes(exported.serialize(vjp_order=vjp_order))
                ),
                "ranks": list(ranks),
                "vjp_order": vjp_order,
                "custom_gradient": custom,
                "variables": [variable_index(v) for v in trace.variables],
                "assigned": [variable_index(v) for v in trace.assigned],
            }
        )
    if not entry["variants"]:
        reasons = "; ".join(f"rank {s['ranks']}: {s['error']}" for s in entry["skipped"])
        raise ValueError(f"tapejax.saved_model.save could not export {name} for any rank: {reasons}")
    return entry


def _is_nest(x) -> bool:
    return isinstance(x, (list, tuple, dict))


def _structure(signature, numbers):
    """The input_signature's nesting as JSON: each TensorSpec replaced by its index in the flat
    list (lists and tuples as lists, dicts as ``{"dict": {...}}``)."""
    if isinstance(signature, dict):
        return {"dict": {k: _structure(v, numbers) for k, v in signature.items()}}
    if isinstance(signature, (list, tuple)):
        return [_structure(v, numbers) for v in signature]
    return next(numbers)


def _export(function, specs, options, nesting):
    """The ``jax.export`` of ``function`` on ``specs`` (the flat argument specs; ``nesting``,
    how the arguments nest them), its Trace, its jitted pure function, and whether it uses a
    custom gradient."""
    leaves = [_AbstractArg(s) for s in specs]
    tree = jax.tree_util.tree_structure((tuple(jax.tree_util.tree_unflatten(nesting, leaves)), {}))
    trace = Trace(function._python_function, tree, leaves, [True] * len(leaves), refusal=SINGLETON_MESSAGE)
    if not all(trace.out_is_tensor):
        static = [o for o in trace.out_static if o is not None]
        raise ValueError(
            f"it returns non-tensor values {static!r}; a saved function must return tensors "
            "(or lists, tuples and dicts of them)."
        )

    def pure(values, variable_values):
        outs, new_values = trace.jitted(values, variable_values)
        return jax.tree_util.tree_unflatten(trace.out_tree, outs), new_values

    jitted = jax.jit(pure)
    var_specs = [jax.ShapeDtypeStruct(v._stored.shape, v._stored.dtype) for v in trace.variables]
    platforms = options.experimental_platforms
    exported = jax_export.export(jitted, platforms=platforms)(specs, var_specs)
    custom = _uses_custom_vjp(jitted.trace(specs, var_specs).jaxpr.jaxpr)
    return exported, trace, jitted, custom


def _uses_custom_vjp(jaxpr) -> bool:
    """Whether a custom VJP (``tapejax.custom_gradient``) appears anywhere in ``jaxpr``."""
    for eqn in jaxpr.eqns:
        if "custom_vjp" in eqn.primitive.name:
            return True
        for param in eqn.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns") and _uses_custom_vjp(inner):
                    return True
    return False


def new_save_id() -> str:
    """A fresh id for one save (keys the same-process registry of original functions)."""
    return uuid.uuid4().hex
