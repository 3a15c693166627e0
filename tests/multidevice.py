"""Runs a test script in a subprocess with N simulated CPU devices (JAX fixes its device count
when it starts; this process has one) and returns the JSON its last output line holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def run_script(name: str, *args: str, devices: int = 8, timeout: int = 600) -> dict:
    root = str(HERE.parent)  # this checkout's tapejax, whichever one is installed
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    env = {
        **os.environ,
        "XLA_FLAGS": f"--xla_force_host_platform_device_count={devices}",
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": path,
    }
    done = subprocess.run(
        [sys.executable, str(HERE / name), *args],
        env=env,
        cwd=HERE,
        text=True,
        capture_output=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])
