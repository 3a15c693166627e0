"""Progbar: the progress lines ``fit``/``evaluate``/``predict`` print, in Keras 3's format.

``verbose=1``: a bar redrawn in place (``\b`` and ``\r``, as Keras does wherever it runs:
its ``posix`` check always holds on Linux), at most every 0.05 s and once at the end;
``verbose=2``: one line per epoch, at its end. Values are averaged nowhere: they are the
metrics' running results, read (and so waited for) only when a line is printed.
"""

from __future__ import annotations

import math
import sys
import time

import numpy as np


class Progbar:
    """Keras 3's ``keras.utils.Progbar`` (every value is shown as given: "stateful")."""

    def __init__(
        self, target, width: int = 20, verbose: int = 1, interval: float = 0.05, unit_name: str = "step"
    ):
        self.target, self.width, self.verbose = target, width, verbose
        self.interval, self.unit_name = interval, unit_name
        self._values: dict = {}
        self._start = time.time()
        self._last_update = 0.0
        self._time_after_first_step = None
        self._prev_total_width = 0

    def update(self, current: int, values=None, finalize=None) -> None:
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        for key, value in values or []:
            self._values[key] = value
        now = time.time()
        time_per_unit = self._step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            self._print_bar(current, now, time_per_unit, finalize)
        elif self.verbose == 2 and finalize and self.target:
            digits = int(math.log10(self.target)) + 1
            info = f"{current:{digits}d}/{self.target} - {now - self._start:.0f}s -"
            info += _format_time(time_per_unit, self.unit_name)
            for key, value in self._values.items():
                avg = float(np.mean(value))
                info += f" - {key}: {avg:.4f}" if avg > 1e-3 else f" - {key}: {avg:.4e}"
            _write(info + "\n")
        self._last_update = now

    def _print_bar(self, current: int, now: float, time_per_unit: float, finalize: bool) -> None:
        message = "\b" * self._prev_total_width + "\r"
        special = 0
        if self.target:
            digits = int(math.log10(self.target)) + 1
            bar = f"\x1b[1m{current:{digits}d}/{self.target}\x1b[0m "
            done = int(self.width * current / self.target)
            special += 8
            if done > 0:
                bar += f"\33[32m{'━' * done}\x1b[0m"
                special += 9
            bar += f"\33[37m{'━' * (self.width - done)}\x1b[0m"
            special += 9
        else:
            bar = f"{current:7d}/Unknown"
        if self.target and not finalize:
            info = f" \x1b[1m{_format_eta(time_per_unit * (self.target - current))}\x1b[0m"
        else:
            info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
        special += 8
        info += _format_time(time_per_unit, self.unit_name)
        for key, value in self._values.items():
            avg = float(np.mean(value))
            info += f" - {key}: {avg:.4f}" if abs(avg) > 1e-3 else f" - {key}: {avg:.4e}"
        total_width = len(bar) + len(info) - special
        message += bar + info
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        _write(message)
        self._prev_total_width = total_width

    def _step_duration(self, current: int, now: float) -> float:
        """Seconds per step, leaving out the first step (compilation) once there are others."""
        if not current:
            return 0.0
        if self._time_after_first_step is not None and current > 1:
            per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return per_unit


def _format_eta(eta: float) -> str:
    if eta > 3600:
        return f"{int(eta // 3600)}:{int((eta % 3600) // 60):02d}:{int(eta % 60):02d}"
    if eta > 60:
        return f"{int(eta // 60)}:{int(eta % 60):02d}"
    return f"{int(eta)}s"


def _format_time(time_per_unit: float, unit_name: str) -> str:
    if time_per_unit >= 1 or time_per_unit == 0:
        return f" {time_per_unit:.0f}s/{unit_name}"
    if time_per_unit >= 1e-3:
        return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
    return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"


def _write(message: str) -> None:
    sys.stdout.write(message)
    sys.stdout.flush()
