"""``tf.autograph.experimental``: ``do_not_convert`` and ``set_loop_options``."""

from __future__ import annotations

from .conversion import do_not_convert


def set_loop_options(
    parallel_iterations=None, swap_memory=None, maximum_iterations=None, shape_invariants=None
):
    """Options of the loop whose body starts with this call; AutoGraph reads them from the
    source (``maximum_iterations`` bounds a staged ``while``, making it a differentiable scan).
    Called as a function (outside converted code) it does nothing, as in TF."""


__all__ = ["do_not_convert", "set_loop_options"]
