"""``Model.export``: the model's inference function as a SavedModel (``tf.saved_model.load``
gives back an object whose ``serve`` runs it), as Keras 3's ``ExportArchive`` writes one.

The endpoint ``serve`` is a ``tapejax.function`` with the model's input signature (the batch
dimension ``None``: one trace, JAX symbolic dimensions), exported through
``tapejax.saved_model.save`` (``jax.export``); ``serving_default`` is its signature.
"""

from __future__ import annotations

import jax

from ..backend.api import Module, TensorSpec, function, type_text
from ..backend.io import save as save_model
from ..backend.keras_tensor import _PROBES, KerasTensor, output_spec

_FORMATS = ["tf_saved_model", "onnx", "openvino", "litert", "torch"]


class _ExportArchive(Module):
    """What the SavedModel holds: the model (its Variables) and the ``serve`` endpoint."""

    def __init__(self, model, input_signature: list):
        super().__init__()
        self.model = model

        def serve(args_0):
            return model(args_0, training=False)

        self.serve = function(serve, input_signature=input_signature)


def export(model, filepath, format="tf_saved_model", verbose=True, input_signature=None, **kwargs) -> None:  # noqa: A002
    """Writes ``model``'s inference function (``model(x, training=False)``) as a SavedModel."""
    if format not in _FORMATS:
        raise ValueError(f"Unrecognized format={format}. Supported formats are: {_FORMATS}.")
    if format != "tf_saved_model":
        raise NotImplementedError(
            f"Model.export(format={format!r}) is not supported by tapejax; "
            "export format='tf_saved_model' (a SavedModel)."
        )
    if not model.built:
        raise ValueError("The model provided has not yet been built. It must be built before export.")
    signature = list(input_signature) if input_signature is not None else [_input_spec(model)]
    archive = _ExportArchive(model, signature)
    save_model(archive, filepath, signatures={"serving_default": archive.serve})
    if verbose:
        resource = "TensorSpec(shape=(), dtype=tf.resource, name=None)"
        captures = [f"  {id(v)}: {resource}" for v in model.variables] or ["  None"]
        lines = [f"  args_{i} (POSITIONAL_ONLY): {type_text(s, names=True)}" for i, s in enumerate(signature)]
        lines += ["Output Type:", f"  {type_text(_output_spec(model, signature))}", "Captures:", *captures]
        print(
            f"Saved artifact at '{filepath}'. The following endpoints are available:\n\n"
            "* Endpoint 'serve'\n" + "\n".join(lines)
        )


def _output_spec(model, signature: list):
    """What ``serve`` returns for ``signature``: the model run on KerasTensors (its batch ``None``)."""

    def symbolic(spec):
        return KerasTensor(spec.shape, spec.dtype.name)

    inputs = [
        jax.tree_util.tree_map(symbolic, s, is_leaf=lambda x: isinstance(x, TensorSpec)) for s in signature
    ]
    specs = [output_spec(model, (inputs[0], tuple(inputs[1:]), {"training": False}), p) for p in _PROBES]

    def relaxed(a, b):
        return TensorSpec([d if d == e else None for d, e in zip(a.shape, b.shape, strict=True)], a.dtype)

    return jax.tree_util.tree_map(relaxed, *specs)


def _input_spec(model):
    """The ``serve`` argument's spec: the model's Inputs (a list of them for several), or, for a
    subclassed model, the shape it was built for with an unknown batch dimension."""
    inputs = getattr(model, "_graph", None) and model._graph.inputs
    if inputs is not None:

        def spec(x: KerasTensor) -> TensorSpec:
            return TensorSpec(x.shape, x.dtype, name=x.name)

        if isinstance(inputs, KerasTensor):
            return spec(inputs)
        if isinstance(inputs, dict):
            return {k: spec(v) for k, v in inputs.items()}
        return [spec(x) for x in inputs]
    shape = getattr(model, "_build_input_shape", None)
    if shape is None or not isinstance(shape, tuple):
        raise ValueError(
            "The model's input shape is not known: call the model on data first, or pass "
            "`input_signature` (a list with one tf.TensorSpec per argument of `call`)."
        )
    return TensorSpec((None, *shape[1:]), getattr(model, "compute_dtype", "float32"))
