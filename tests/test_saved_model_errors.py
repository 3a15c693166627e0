"""tapejax.saved_model's errors: each message docs/errors.md lists for save and load, pinned
with its class, on damaged copies of one small saved module (saved once per test module).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import jax
import pytest

import tapejax as tf

MANIFEST = "tapejax_saved_model.json"


class Small(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, 2.0], name="w")

    @tf.function(input_signature=[tf.TensorSpec([None], name="x")])
    def f(self, x):
        return x * self.w[0]


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("small") / "model"
    tf.saved_model.save(Small(), path)
    return path


@pytest.fixture
def copy(saved, tmp_path) -> Path:
    """A fresh copy of the saved module, to damage."""
    return Path(shutil.copytree(saved, tmp_path / "model"))


def _edit_manifest(path: Path, edit) -> None:
    manifest = path / MANIFEST
    data = json.loads(manifest.read_text())
    edit(data)
    manifest.write_text(json.dumps(data))


def _function_file(path: Path) -> str:
    return json.loads((path / MANIFEST).read_text())["functions"]["root.f"]["variants"][0]["file"]


# --- save ---------------------------------------------------------------------------------------


def test_save_needs_a_module(tmp_path):
    with pytest.raises(
        ValueError,
        match=re.escape(
            "tapejax.saved_model.save expected a tapejax.Module (tf.Module) to save, got "
            "ResourceVariable. Put the functions and Variables on a tf.Module."
        ),
    ):
        tf.saved_model.save(tf.Variable(1.0), tmp_path / "out")


def test_save_to_a_file_path_is_refused(tmp_path):
    target = tmp_path / "a_file"
    target.write_text("keep")
    with pytest.raises(
        FileExistsError,
        match=re.escape(
            f"tapejax.saved_model.save cannot write to {target}: it exists and is not a directory. Pass "
            "a directory path that does not exist yet, or remove that file."
        ),
    ):
        tf.saved_model.save(Small(), target)
    assert target.read_text() == "keep"


def test_too_many_unknown_rank_arguments(tmp_path):
    class Three(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)] * 3)
        def f(self, a, b, c):
            return a + b + c

    with pytest.raises(
        ValueError,
        match=re.escape(
            "tapejax.saved_model.save: root.f has 3 arguments of unknown rank (TensorSpec(None)); "
            "exporting ranks 0..4 of each would make 125 exports. Give those TensorSpecs a shape"
        ),
    ):
        tf.saved_model.save(Three(), tmp_path / "out")


def test_a_function_that_fails_at_every_rank(tmp_path):
    class Failing(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)])
        def f(self, x):
            raise RuntimeError("never traces")

    with pytest.raises(
        ValueError,
        match=r"tapejax.saved_model.save could not export root.f for any "
        r"rank: rank \[0\]: RuntimeError: never traces; rank \[1\]",
    ):
        tf.saved_model.save(Failing(), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_function_returning_non_tensors(tmp_path):
    class Labelled(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([2])])
        def f(self, x):
            return x, "label"

    with pytest.raises(
        ValueError,
        match=re.escape(
            "it returns non-tensor values ['label']; a saved function must return tensors (or lists, "
            "tuples and dicts of them)."
        ),
    ):
        tf.saved_model.save(Labelled(), tmp_path / "out")


# --- load ---------------------------------------------------------------------------------------


def test_a_manifest_of_another_format(copy):
    _edit_manifest(copy, lambda d: d.update(format="someone.else"))
    with pytest.raises(
        OSError,
        match=re.escape(f"Cannot parse file {copy / MANIFEST}: it is not a tapejax.saved_model manifest."),
    ):
        tf.saved_model.load(copy)


def test_an_incomplete_manifest(copy):
    _edit_manifest(copy, lambda d: d.pop("signatures"))
    with pytest.raises(
        OSError,
        match=re.escape(
            f"Cannot parse the SavedModel at {copy}: its manifest is incomplete (KeyError: "
            "'signatures'). Save the model again."
        ),
    ):
        tf.saved_model.load(copy)


def test_a_file_the_manifest_does_not_list(copy):
    relpath = _function_file(copy)
    _edit_manifest(copy, lambda d: d["files"].pop(relpath))
    with pytest.raises(
        OSError,
        match=re.escape(
            f"Cannot read {copy / relpath}: the manifest of the SavedModel at {copy} does not list it."
        ),
    ):
        tf.saved_model.load(copy)


def test_a_file_changed_since_it_was_saved(copy):
    blob = copy / _function_file(copy)
    data = bytearray(blob.read_bytes())
    data[-1] ^= 0xFF  # same size, other contents
    blob.write_bytes(bytes(data))
    with pytest.raises(
        OSError,
        match=re.escape(
            f"Cannot read {blob}: its contents changed since it was saved (checksum mismatch). Save the "
            "model again."
        ),
    ):
        tf.saved_model.load(copy)


def test_a_file_that_cannot_be_read(copy):
    # A directory where the file should be: unreadable for every user (root included).
    variables = copy / "variables.npz"
    variables.unlink()
    variables.mkdir()
    with pytest.raises(
        OSError,
        match=re.escape(f"Cannot read {variables}, a file of the SavedModel at {copy}: ")
        + r".*Is a directory",
    ):
        tf.saved_model.load(copy)


def test_a_function_this_jax_cannot_deserialize(copy):
    relpath = _function_file(copy)
    blob = copy / relpath
    garbage = bytes(len(blob.read_bytes()))  # right size and checksum, not a jax.export
    blob.write_bytes(garbage)
    _edit_manifest(copy, lambda d: d["files"][relpath].update(sha256=hashlib.sha256(garbage).hexdigest()))
    with pytest.raises(
        ValueError,
        match=re.escape(f"Cannot deserialize {blob} (root.f): ")
        + r".*"
        + re.escape(f". It was written with jax {jax.__version__}; this is jax {jax.__version__}."),
    ):
        tf.saved_model.load(copy)


# --- loaded objects -------------------------------------------------------------------------------


def test_a_signature_called_with_other_keywords(saved):
    signature = tf.saved_model.load(saved).signatures["serving_default"]
    with pytest.raises(
        TypeError, match=re.escape("The signature takes the keyword arguments ['x'], got ['y'].")
    ):
        signature(y=tf.constant([1.0]))
    assert signature(x=tf.constant([3.0]))["output_0"].numpy().tolist() == [3.0]


def test_calling_an_object_without_a_saved_call(saved):
    loaded = tf.saved_model.load(saved)
    with pytest.raises(
        TypeError, match=re.escape("'_UserObject' object is not callable: no __call__ was saved.")
    ):
        loaded(tf.constant([1.0]))
