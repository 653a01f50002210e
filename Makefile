# Everything the project needs is installed from here: a venv, the package with its
# dependencies, and the graphviz binary where it is missing. CI (.ci/run) runs `make test`,
# then `make test-long`. What needs what (README "Quick start"):
#   setup      network (pip); root only to apt-get graphviz when `dot` is missing (else skipped)
#   test       neither root nor network; installs nothing (<= 5 min wall on 2 cores)
#   test-long  root and network to install SPIN (apt-get) and Quint (npm); they skip otherwise
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup verify test lint bench diagrams mermaid clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@command -v dot >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing graphviz (dot) with apt-get"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) \
	      || echo "warning: graphviz could not be installed; diagram renders will be skipped"; \
	  else echo "warning: no graphviz 'dot' and no root apt-get; diagram renders will be skipped"; fi; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev,bench,distributed]'
	@# the package's bytecode, as a wheel install writes it: with PYTHONDONTWRITEBYTECODE set (as in CI
	@# images) an editable install otherwise compiles every module again in every nodereg process
	$(BIN)/python -m compileall -q nodereg model properties verifier diagrams oracle exports >/dev/null
	touch $(STAMP)

verify: setup
	$(BIN)/nodereg verify

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest
	$(BIN)/nodereg diagrams --check
	$(BIN)/python ci/typecheck.py

# make test runs the quick tests only: PYTEST_ADDOPTS deselects those tests/conftest.py marks slow
# (every seeded mutant, exhaustive agreement, state spaces, SPIN and Quint), which test-long runs.
# Both spread the tests over the machine's cores (pytest-xdist), a module to a worker (loadscope), so
# that a module's expensive fixture (test_verify.py's mutant_report: every seeded mutant) is computed
# once. Not --dist loadgroup: with pytest 9.2 it silently stops grouping (pytest-xdist#1386), and both
# workers ran mutant_report in make test-long.
XDIST := -n auto --dist loadscope
test: export PYTEST_ADDOPTS = -m "not slow" --durations=10 $(XDIST)

.PHONY: test-long typecheck
test-long: setup
	bash benchmarks/install_peers.sh
	$(BIN)/python -m pytest -m slow --durations=20 $(XDIST)

# mypy --strict on the public API (nodereg.tolerates, scheduler_filter, check, Oracle, ...)
typecheck: setup
	$(BIN)/python ci/typecheck.py

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

diagrams: setup
	$(BIN)/nodereg diagrams --out diagrams/generated

# Mermaid's own renderer (npm @mermaid-js/mermaid-cli + Debian's chromium; network, apt-get as root):
# draws node-lifecycle.mermaid.png and checks that Mermaid lays out every Mermaid diagram.
mermaid: setup
	bash diagrams/install_mermaid.sh
	$(BIN)/python -m nodereg.diagrams.mermaid_render diagrams/generated

# make bench BENCH_ARGS='--only verify' re-measures one section (the others stay from the last full run)
BENCH_ARGS ?=
bench: setup
	bash benchmarks/install_peers.sh
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build *.egg-info
