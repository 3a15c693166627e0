"""Run a notebook through a real Jupyter kernel, print what it printed, save its figures.

``make demo`` runs the guide with it::

    python scripts/run_notebook.py notebooks/advanced_autodiff.ipynb --out out

The kernel is an IPython kernel started with *this* interpreter (a kernelspec written at run
time into a temporary folder), so a fresh virtualenv needs no ``jupyter kernelspec install``
and the kernel sees exactly the packages the caller sees. Figures come back as inline PNGs
(``matplotlib_inline``), whatever ``MPLBACKEND`` the caller set; each one is written to
``<out>/<notebook>_fig<N>.png``, and the executed notebook, outputs included, to
``<out>/<notebook>.ipynb``. ``tests/test_notebook.py`` uses :func:`execute` too.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import tempfile
from pathlib import Path

import jupytext
import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

KERNEL_NAME = "tapejax-python"
INLINE_BACKEND = "module://matplotlib_inline.backend_inline"


def _kernel_manager(scratch: Path, env: dict[str, str]) -> KernelManager:
    """A KernelManager for an IPython kernel on ``sys.executable``, files kept in ``scratch``."""
    spec_dir = scratch / "kernels" / KERNEL_NAME
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": f"Python ({sys.executable})",
        "language": "python",
        # The caller may run with MPLBACKEND=Agg (tests do); the kernel must draw inline so
        # that each figure comes back as an image/png output.
        "env": {**env, "MPLBACKEND": INLINE_BACKEND},
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec, indent=1))
    specs = KernelSpecManager(kernel_dirs=[str(scratch / "kernels")], ensure_native_kernel=False)
    # IPC (unix sockets in ``scratch``): no TCP ports to find free, nothing reachable from outside.
    return KernelManager(
        kernel_name=KERNEL_NAME,
        kernel_spec_manager=specs,
        transport="ipc",
        connection_file=str(scratch / "connection.json"),
    )


def execute(
    path: str | Path, workdir: str | Path, timeout: int = 600, env: dict[str, str] | None = None
) -> nbformat.NotebookNode:
    """Executes the notebook at ``path`` (``.ipynb`` or a jupytext ``.py``) in ``workdir``.

    The kernel inherits this process's environment, updated with ``env``.

    Returns the notebook with its outputs. Raises ``nbclient.exceptions.CellExecutionError``
    when a cell raises; the returned-on-error notebook is attached as ``error.notebook``.
    """
    nb = jupytext.read(str(path))
    with tempfile.TemporaryDirectory(prefix="tapejax-kernel-") as scratch:
        km = _kernel_manager(Path(scratch), env or {})
        client = NotebookClient(nb, km=km, timeout=timeout, resources={"metadata": {"path": str(workdir)}})
        try:
            client.execute()
        except CellExecutionError as error:
            error.notebook = nb
            raise
        finally:
            # nbclient leaves a kernel it did not start running; stop it before its files go.
            if km.has_kernel:
                km.shutdown_kernel(now=True)
    return nb


def output_text(output: nbformat.NotebookNode) -> str:
    """The text of one output: a stream, a result's ``text/plain``, or an error."""
    if output.output_type == "stream":
        return output.text
    if output.output_type == "error":
        return f"{output.ename}: {output.evalue}\n"
    return output.get("data", {}).get("text/plain", "") + "\n"


def save_figures(nb: nbformat.NotebookNode, out: Path, stem: str) -> dict[int, list[Path]]:
    """Writes every image/png output to ``out``; returns the paths per code-cell index."""
    saved: dict[int, list[Path]] = {}
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            if png is None:
                continue
            n = sum(len(paths) for paths in saved.values()) + 1
            path = out / f"{stem}_fig{n}.png"
            path.write_bytes(base64.b64decode(png))
            saved.setdefault(index, []).append(path)
    return saved


def print_transcript(nb: nbformat.NotebookNode, figures: dict[int, list[Path]]) -> None:
    """Prints each code cell that produced output, then its output, like a console session."""
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.get("outputs"):
            continue
        print(f"In [{cell.get('execution_count') or ' '}]:")
        print("    " + cell.source.replace("\n", "\n    "))
        for output in cell.outputs:
            text = output_text(output)
            if text.strip():
                print(text, end="" if text.endswith("\n") else "\n")
        for path in figures.get(index, []):
            print(f"[figure saved: {path}]")
        print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--out", type=Path, default=Path("out"), help="where figures go")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    stem = args.notebook.stem
    status = 0
    try:
        nb = execute(args.notebook, args.out, args.timeout)
    except CellExecutionError as error:
        nb, status = error.notebook, 1
    figures = save_figures(nb, args.out, stem)
    print_transcript(nb, figures)
    executed = args.out / f"{stem}.ipynb"
    nbformat.write(nb, str(executed))
    n_figures = sum(len(paths) for paths in figures.values())
    if status:
        print(f"FAILED: a cell of {args.notebook} raised (see above); partial notebook: {executed}")
    else:
        print(
            f"Ran {args.notebook} through a Jupyter kernel: {n_figures} figures and the "
            f"executed notebook are in {args.out}/"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
