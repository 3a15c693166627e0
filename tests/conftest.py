import os
import sys

import jax
import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("MPLBACKEND", "Agg")
# tapejax's cache of compiled programs (tapejax/_core/disk_cache.py) is off for the suite: no
# test reads or writes the user's cache directory, and every run compiles what it runs (the
# same XLA compiles on every run: tests that count them stay exact). tests/test_disk_cache.py
# turns it on in temporary directories. TAPEJAX_TEST_COMPILATION_CACHE=DIR runs the suite with
# the cache on in DIR instead (a new directory: cold; run again: warm).
os.environ["TAPEJAX_COMPILATION_CACHE"] = os.environ.get("TAPEJAX_TEST_COMPILATION_CACHE", "0")
sys.path.insert(0, os.path.dirname(__file__))

# Hypothesis profiles for tests/test_properties.py: "ci" (the default) is fast and the same on
# every run; "fuzz" (TAPEJAX_HYPOTHESIS_PROFILE=fuzz, or `make fuzz`) runs thousands of programs:
# TAPEJAX_FUZZ_EXAMPLES (default 1000) per property test.
settings.register_profile(
    "ci",
    max_examples=15,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("TAPEJAX_FUZZ_EXAMPLES", "1000")),
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("TAPEJAX_HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def x64_references():
    """For test modules whose JAX references are computed in float64: the test runs with JAX's
    64-bit mode on, as for a user who turned it on. Every other test runs in JAX's default
    32-bit mode, where tapejax must keep its float64 tensors by itself."""
    with jax.enable_x64(True):
        yield
