"""``save`` and ``load``: a Module's functions (through ``jax.export``) and Variables, to a directory."""

from __future__ import annotations

import dataclasses
import inspect
import io
import os

import jax
import numpy as np

from .._api.function import Function
from .._api.module import Module
from .._core.recording.variable import Variable, base_name, stored_value
from .._core.values import dtype as _dtypes
from .._core.values import x64
from .._core.values.version import __version__
from ._call import LoadedFunction, _Variant, original_for
from ._export import export_function, new_save_id
from ._format import atomic_directory, read_file, read_manifest
from ._objects import Encoder, decode

_VARIABLES = "variables.npz"


@dataclasses.dataclass
class SaveOptions:
    """Options for ``tapejax.saved_model.save`` (``tf.saved_model.SaveOptions``).

    Attributes:
      experimental_custom_gradients: save gradients with functions that use
        ``tf.custom_gradient``. When False, such functions are saved without any gradient
        (in a new process, differentiating them raises ``LookupError``; in the process that
        saved them their gradients still work, as in TensorFlow). Functions without custom
        gradients keep their gradients either way.
      experimental_vjp_order: the highest order of reverse-mode derivative saved with each
        function (``jax.export``'s ``vjp_order``); 2 allows a gradient of a gradient.
      experimental_max_unknown_rank: an argument of unknown rank (``TensorSpec(None)``) is
        exported for each rank from 0 to this.
      experimental_platforms: the platforms to export for (``jax.export``'s ``platforms``,
        e.g. ``("cpu", "cuda")``); None: the platform of the default backend.
      Other TensorFlow options (``namespace_whitelist``, ``save_debug_info``, ...) are
      accepted and ignored.
    """

    namespace_whitelist: object = None
    save_debug_info: bool = False
    function_aliases: object = None
    experimental_debug_stripper: bool = False
    experimental_io_device: object = None
    experimental_variable_policy: object = None
    experimental_custom_gradients: bool = True
    experimental_image_format: bool = False
    experimental_skip_saver: bool = False
    experimental_sharding_callback: object = None
    extra_tags: object = None
    experimental_vjp_order: int = 2
    experimental_max_unknown_rank: int = 4
    experimental_platforms: tuple | None = None


@x64.enabled
def save(obj, export_dir, signatures=None, options=None) -> None:
    """Saves ``obj`` (a ``tapejax.Module``), its functions and Variables, to ``export_dir``.

    Every ``tapejax.function`` attribute with an ``input_signature`` is exported (others are
    skipped with a warning). ``signatures``: a function or a dict of name -> function to
    expose in ``loaded.signatures``; by default the one function with an input_signature,
    if ``obj`` has exactly one, as ``'serving_default'``. Saving replaces ``export_dir``
    atomically: if it fails, ``export_dir`` is as it was.
    """
    options = options if options is not None else SaveOptions()
    if not isinstance(obj, Module):
        raise ValueError(
            f"tapejax.saved_model.save expected a tapejax.Module (tf.Module) to save, got "
            f"{type(obj).__name__}. Put the functions and Variables on a tf.Module."
        )
    encoder = Encoder()
    root = encoder.encode(obj, "root")
    named = _signature_functions(obj, signatures, encoder)
    save_id = new_save_id()
    with atomic_directory(export_dir) as writer:
        functions = {
            path: export_function(path, fn, options, encoder.variable_index, writer, save_id)
            for path, fn in encoder.functions.items()
        }
        writer.put(_VARIABLES, _variables_bytes(encoder.variables))
        writer.finish(
            {
                "save_id": save_id,
                "tapejax_version": __version__,
                "jax_version": jax.__version__,
                "root": root,
                "functions": functions,
                "signatures": named,
                "variables": [
                    {
                        "name": base_name(v),
                        "trainable": v.trainable,
                        "dtype": _dtypes.as_dtype(v.dtype).name,
                        "shape": list(v.shape),
                    }
                    for v in encoder.variables
                ],
            }
        )


def _signature_functions(obj, signatures, encoder: Encoder) -> dict:
    """Per signature name, the function path (exported by ``encoder``) and its input names."""
    if signatures is None:
        top = [p for p in encoder.functions if p.count(".") == 1]
        signatures = {"serving_default": encoder.functions[top[0]]} if len(top) == 1 else {}
    elif not isinstance(signatures, dict):
        signatures = {"serving_default": signatures}
    out = {}
    for name, fn in signatures.items():
        if not isinstance(fn, Function) or fn.input_signature is None:
            raise ValueError(
                f"Expected a tapejax.function for which to generate a signature, but got {fn!r} for "
                f"{name!r}. Only tf.functions with an input_signature can be used as a signature."
            )
        path = next((p for p, f in encoder.functions.items() if f is fn), None)
        if path is None:
            path = f"signatures[{name!r}]"
            encoder.functions[path] = fn
        params = list(inspect.signature(fn.python_function).parameters)
        inputs = [
            getattr(s, "name", None) or (params[i] if i < len(params) else f"input_{i}")
            for i, s in enumerate(fn.input_signature)
        ]
        out[name] = {"function": path, "inputs": inputs}
    return out


def _variables_bytes(variables) -> bytes:
    # Raw bytes (shape and dtype are in the manifest): bfloat16 and other ml_dtypes round-trip,
    # and loading never needs pickle.
    arrays = {
        f"v{i}": np.ascontiguousarray(np.asarray(stored_value(v))).reshape(-1).view(np.uint8)
        for i, v in enumerate(variables)
    }
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


@x64.enabled
def load(export_dir, tags=None, options=None):
    """Loads a SavedModel written by ``tapejax.saved_model.save`` (``tf.saved_model.load``).

    Returns an object with the saved Module's attributes: its Variables (restored with their
    saved values, also listed by ``variables`` / ``trainable_variables``), sub-objects,
    functions (differentiable under a ``GradientTape``) and ``signatures``.

    Raises:
      OSError: ``export_dir`` does not exist, is not a tapejax SavedModel (a TensorFlow
        SavedModel, random files) or has a truncated or damaged file.
      ValueError: it was written in a newer format version.
    """
    root, manifest = read_manifest(export_dir)
    try:
        variables = _restore_variables(root, manifest)
        functions = {
            path: _load_function(root, manifest, path, entry, variables)
            for path, entry in manifest["functions"].items()
        }
        obj = decode(manifest["root"], "root", variables, functions)
        obj.signatures = {
            name: _Signature(functions[s["function"]], s["inputs"])
            for name, s in manifest["signatures"].items()
        }
    except (KeyError, IndexError, TypeError, AttributeError) as error:
        raise OSError(
            f"Cannot parse the SavedModel at {root}: its manifest is incomplete ({type(error).__name__}: "
            f"{error}). Save the model again."
        ) from None
    return obj


def _restore_variables(root: str, manifest: dict) -> list[Variable]:
    data = read_file(root, manifest, _VARIABLES)
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        out = []
        for i, spec in enumerate(manifest["variables"]):
            dtype = _dtypes.as_dtype(spec["dtype"])._np
            value = arrays[f"v{i}"].view(dtype).reshape(spec["shape"])
            out.append(Variable(value, trainable=spec["trainable"], name=spec["name"]))
    return out


def _load_function(root, manifest, path, entry, variables) -> LoadedFunction:
    variants = []
    for k, variant in enumerate(entry["variants"]):
        blob = read_file(root, manifest, variant["file"])
        try:
            exported = jax.export.deserialize(bytearray(blob))
        except Exception as error:
            raise ValueError(
                f"Cannot deserialize {os.path.join(root, variant['file'])} ({path}): {error}. It was "
                f"written with jax {manifest.get('jax_version')}; this is jax {jax.__version__}."
            ) from error
        original = original_for(manifest["save_id"], path, k)
        variants.append(_Variant(exported, variant, path.split(".")[-1], root, variables, original))
    return LoadedFunction(path.split(".")[-1], entry, variants)


class _Signature:
    """A serving signature: called with keyword arguments, returns a dict of outputs (TF's)."""

    def __init__(self, function: LoadedFunction, inputs: list[str]):
        self.function, self.inputs = function, inputs

    @x64.enabled
    def __call__(self, *args, **kwargs):
        if len(args) > len(self.inputs):
            raise TypeError(
                f"The signature takes the arguments {self.inputs}, got {len(args)} positional ones."
            )
        kwargs.update(zip(self.inputs, args, strict=False))  # positional ones, in the signature's order
        missing = [n for n in self.inputs if n not in kwargs]
        if missing or len(kwargs) != len(self.inputs):
            raise TypeError(f"The signature takes the keyword arguments {self.inputs}, got {sorted(kwargs)}.")
        result = self.function(*[kwargs[n] for n in self.inputs])
        if isinstance(result, dict):
            return result
        results = result if isinstance(result, (list, tuple)) else [result]
        return {f"output_{i}": r for i, r in enumerate(results)}
