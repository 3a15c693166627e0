import os
import sys

from hypothesis import HealthCheck, settings

os.environ.setdefault("MPLBACKEND", "Agg")
sys.path.insert(0, os.path.dirname(__file__))

# Hypothesis profiles for tests/test_properties.py: "ci" (the default) is fast and the same on
# every run; "fuzz" (TAPEJAX_HYPOTHESIS_PROFILE=fuzz, or `make fuzz`) runs thousands of programs:
# TAPEJAX_FUZZ_EXAMPLES (default 1000) per property test.
settings.register_profile("ci", max_examples=15, deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("fuzz", max_examples=int(os.environ.get("TAPEJAX_FUZZ_EXAMPLES", "1000")),
                          deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("TAPEJAX_HYPOTHESIS_PROFILE", "ci"))
