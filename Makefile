# tapejax: the newcomer's path. Every target does its own set-up on a fresh machine:
# it makes a virtualenv in $(VENV) and installs tapejax into it (editable) with the extras
# it needs; it reinstalls only when pyproject.toml changes (stamp files in $(VENV)).
#
#   make demo    run the "Advanced automatic differentiation" guide through a Jupyter kernel,
#                print its results and write its plots to $(OUT)/
#   make test    the test suite (tests/), the doctests in tapejax/ and README.md's example
#   make fuzz    the property tests (tests/test_properties.py) on the long hypothesis profile:
#                random programs checked against JAX; FUZZ_EXAMPLES per test (default 1000)
#   make lint    ruff check and ruff format --check
#   make typecheck  pyright (basic mode) on tapejax/_core, from its own venv ($(TYPECHECK_VENV))
#   make bench   the benchmarks (benchmarks/RESULTS.md, chart.png); BENCH_ARGS=--quick
#   make notebook  regenerate notebooks/*.ipynb from their jupytext .py sources
#   make clean   remove $(OUT)/ and caches (keeps $(VENV))
#
# e.g. make test TEST_PATHS=tests/test_guide.py PYTEST_ARGS='-x -k hessian'

PYTHON ?= python3
VENV ?= .venv
OUT ?= out
TEST_PATHS ?= tests tapejax README.md
PYTEST_ARGS ?=

VPY := $(VENV)/bin/python
PIP_INSTALL := $(VPY) -m pip install --quiet --disable-pip-version-check --progress-bar off

FUZZ_EXAMPLES ?= 1000
# pyright lives in a venv of its own: it is a Node program (its pip package fetches Node on
# first use), which neither `make test` nor tapejax's users should need.
TYPECHECK_VENV ?= .typecheck-venv
.PHONY: demo test fuzz lint typecheck notebook bench clean

demo: $(VENV)/.installed-demo
	$(VPY) scripts/run_notebook.py notebooks/advanced_autodiff.ipynb --out $(OUT)

test: $(VENV)/.installed-test
	$(VPY) -m pytest $(TEST_PATHS) --doctest-glob=README.md $(PYTEST_ARGS)

fuzz: $(VENV)/.installed-test
	TAPEJAX_HYPOTHESIS_PROFILE=fuzz TAPEJAX_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) \
	  $(VPY) -m pytest tests/test_properties.py --hypothesis-show-statistics $(PYTEST_ARGS)

bench: $(VENV)/.installed-demo
	$(VPY) benchmarks/run.py $(BENCH_ARGS)

lint: $(VENV)/.installed-test
	$(VPY) -m ruff check .
	$(VPY) -m ruff format --check .

typecheck: $(VENV)/.installed-test
	@$(TYPECHECK_VENV)/bin/pyright --version >/dev/null 2>&1 || { $(PYTHON) -m venv $(TYPECHECK_VENV) && \
	  $(TYPECHECK_VENV)/bin/pip install --quiet --disable-pip-version-check pyright; }
	$(TYPECHECK_VENV)/bin/pyright --pythonpath $(VPY)

notebook: $(VENV)/.installed-test
	$(VENV)/bin/jupytext --to ipynb notebooks/*.py

clean:
	rm -rf $(OUT) .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -not -path './$(VENV)/*' -prune -exec rm -rf {} +

# The interpreter exists and runs: otherwise (none yet, or a venv left by a Python that is
# gone) make a new virtualenv.
$(VENV)/.created:
	@$(VPY) -c 'import sys' 2>/dev/null || { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	touch $@

$(VENV)/.installed-%: pyproject.toml $(VENV)/.created
	@echo "Installing tapejax (editable) with its '$*' extras into $(VENV)/ (the first time takes a minute or two)"
	$(PIP_INSTALL) -e '.[$*]'
	touch $@
