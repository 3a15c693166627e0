"""The guide notebook, executed through a real Jupyter kernel, prints what TensorFlow prints.

The notebook runs once (module fixture) with ``scripts/run_notebook.py`` -- an IPython kernel on
this interpreter, figures drawn inline -- and each test checks one cell's output against the
value TensorFlow's guide documents. ``tests/test_guide.py`` checks the numbers themselves.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient.exceptions import CellExecutionError

import tapejax as tf

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "advanced_autodiff.ipynb"
SOURCE = ROOT / "notebooks" / "advanced_autodiff.py"


def _load_runner():
    spec = importlib.util.spec_from_file_location("run_notebook", ROOT / "scripts" / "run_notebook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runner = _load_runner()


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> nbformat.NotebookNode:
    # The kernel must import the tapejax under test, installed or not.
    path = [str(Path(tf.__file__).resolve().parent.parent), os.environ.get("PYTHONPATH", "")]
    env = {"PYTHONPATH": os.pathsep.join(p for p in path if p)}
    try:
        return runner.execute(NOTEBOOK, tmp_path_factory.mktemp("notebook"), env=env)
    except CellExecutionError as error:
        # Keep the cells that ran: their tests still pass, and test_every_cell_ran_without_error
        # reports the failing cell.
        return error.notebook


def _cells(nb: nbformat.NotebookNode, snippet: str) -> list:
    cells = [c for c in nb.cells if c.cell_type == "code" and snippet in c.source]
    assert cells, f"no code cell contains {snippet!r}"
    return cells


def _text(nb: nbformat.NotebookNode, snippet: str) -> str:
    """All text output (stdout, results, errors) of the one code cell containing ``snippet``."""
    cells = _cells(nb, snippet)
    assert len(cells) == 1, f"{len(cells)} code cells contain {snippet!r}"
    return "".join(runner.output_text(o) for o in cells[0].outputs)


def _lines(nb, snippet: str) -> list[str]:
    return _text(nb, snippet).strip().splitlines()


# --- the notebook file itself ---------------------------------------------------------------


def test_ipynb_is_paired_with_the_py_source_and_in_sync():
    ipynb, py = jupytext.read(str(NOTEBOOK)), jupytext.read(str(SOURCE))
    assert ipynb.metadata["jupytext"]["formats"] == "ipynb,py:percent"
    strip = lambda nb: [(c.cell_type, c.source) for c in nb.cells]
    assert strip(ipynb) == strip(py), (
        "notebooks/advanced_autodiff.ipynb is out of date with advanced_autodiff.py; "
        "run `make notebook` (jupytext --to ipynb notebooks/*.py)"
    )


def test_ipynb_is_stored_without_outputs():
    nb = nbformat.read(str(NOTEBOOK), as_version=4)
    nbformat.validate(nb)
    assert all(
        not c.get("outputs") and not c.get("execution_count") for c in nb.cells if c.cell_type == "code"
    )


def test_the_guide_imports_tapejax_as_tf_and_never_tensorflow():
    code = "\n".join(c.source for c in jupytext.read(str(SOURCE)).cells if c.cell_type == "code")
    assert "import tapejax as tf" in code
    assert "tensorflow" not in code  # only the import differs from the guide's code


# --- outputs, cell by cell, against the values TensorFlow's guide documents ------------------


def test_every_cell_ran_without_error(executed):
    for cell in executed.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            assert output.output_type != "error", (
                f"the cell\n{cell.source}\nraised {output.ename}: {output.evalue}"
            )
        assert cell.execution_count, f"the cell\n{cell.source}\ndid not run"


@pytest.mark.parametrize("snippet", ["t.stop_recording()", "t.reset()", "tf.stop_gradient(y_sq)"])
def test_controlling_recording_prints_dz_dx_4_and_dz_dy_none(executed, snippet):
    assert _lines(executed, snippet) == [
        "dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)",
        "dz/dy: None",
    ]


def test_custom_gradient_clips_4_to_2(executed):
    assert _lines(executed, "def clip_gradients") == ["tf.Tensor(2.0, shape=(), dtype=float32)"]


def test_custom_gradient_survives_saved_model(executed):
    assert _lines(executed, "loaded = tf.saved_model.load('saved_model')") == [
        "tf.Tensor(2.0, shape=(), dtype=float32)"
    ]


def test_multiple_tapes(executed):
    # TF's guide shows 1.0 and 0.25 (numpy 2 spells the scalar np.float32(1.0)).
    assert _text(executed, "tape0.gradient(ys, x0)").strip() in ("1.0", "np.float32(1.0)")
    assert _text(executed, "tape1.gradient(ys, x1)").strip() in ("0.25", "np.float32(0.25)")


def test_higher_order_gradients(executed):
    assert _lines(executed, "d2y_dx2 = t2.gradient") == ["dy_dx: 3.0", "d2y_dx2: 6.0"]


def test_input_gradient_regularization_shapes(executed):
    assert _lines(executed, "[var.shape for var in dg1_mag]") == ["[TensorShape([5, 10]), TensorShape([10])]"]


def test_jacobian_scalar_source_shapes(executed):
    assert _lines(executed, "print(dy_dx.shape)") == ["(201,)", "(201,)"]


def test_jacobian_tensor_source(executed):
    assert _lines(executed, "y = layer(x)\n\ny.shape") == ["TensorShape([7, 10])"]
    assert _lines(executed, "layer.kernel.shape  #") == ["TensorShape([5, 10])"]
    assert _lines(executed, "j = tape.jacobian(y, layer.kernel)") == ["TensorShape([7, 10, 5, 10])"]
    lines = _lines(executed, "print('g.shape:', g.shape)")
    assert lines[0] == "g.shape: (5, 10)"
    assert lines[1].startswith("delta: ") and float(lines[1].split()[1]) < 1e-3


def test_hessian_shapes(executed):
    assert _lines(executed, "print(f'h.shape: {h.shape}')") == [
        "layer.kernel.shape: (5, 8)",
        "h.shape: (5, 8, 5, 8)",
    ]


def test_batch_jacobian(executed):
    assert _lines(executed, "y = layer2(y)\n\ny.shape") == ["TensorShape([7, 6])"]
    assert _lines(executed, "j = tape.jacobian(y, x)\nj.shape") == ["TensorShape([7, 6, 7, 5])"]
    assert _lines(executed, "j_select = tf.einsum") == ["(7, 6, 5)", "(7, 6, 5)"]
    assert _lines(executed, "jb = tape.batch_jacobian(y, x)\njb.shape") == ["TensorShape([7, 6, 5])"]
    assert float(_text(executed, "error = tf.reduce_max(abs(jb - j_sum))")) < 1e-3


def test_batch_jacobian_with_batch_norm(executed):
    assert _lines(executed, "bn = tf.keras.layers.BatchNormalization()") == ["j.shape: (7, 6, 7, 5)"]
    assert _lines(executed, "print(f'jb.shape: {jb.shape}')") == ["jb.shape: (7, 6, 5)"]


PLOTS = [
    "plt.plot(x.numpy(), dy_dx, label='dy/dx')",  # sigmoid and its jacobian
    "imshow_zero_center(h_mat)",  # the Hessian
    "imshow_zero_center(j[:, 0, :, 0])",  # a (batch, batch) slice
    "_ = plt.title('All (batch, batch) slices are diagonal')",
    "_ = plt.title('These slices are not diagonal')",
]


@pytest.mark.parametrize("snippet", PLOTS)
def test_plot_cell_displays_one_png(executed, snippet):
    (cell,) = _cells(executed, snippet)
    pngs = [o for o in cell.outputs if o.output_type == "display_data" and "image/png" in o.data]
    assert len(pngs) == 1
    assert runner.base64.b64decode(pngs[0].data["image/png"]).startswith(b"\x89PNG")


def test_only_the_plot_cells_display_images(executed):
    with_images = [
        c.source
        for c in executed.cells
        if c.cell_type == "code" and any("image/png" in o.get("data", {}) for o in c.outputs)
    ]
    assert len(with_images) == len(PLOTS)
    assert all(any(s in src for src in with_images) for s in PLOTS)
