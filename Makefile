# Everything the project needs is installed from here: a venv, the package with its
# dependencies, and the graphviz binary where it is missing. CI (.ci/run) runs `make test`
# and then `make test-long`.
#
# What needs what (see README "CI"):
#   setup      network (pip); root only to apt-get graphviz when `dot` is missing (else skipped)
#   test       nothing: no network, no root, no SPIN/Quint (<= 5 min wall on 2 cores)
#   test-long  root and network to install SPIN (apt-get) and Quint (npm); skips them otherwise
#   bench      root and network, as test-long
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup verify test test-long typecheck lint bench diagrams clean

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
	touch $(STAMP)

verify: setup
	$(BIN)/nodereg verify

# The quick suite: lint, mypy --strict on the public API, the tests not marked slow, and a check
# that the committed diagrams are up to date.
test: setup
	$(BIN)/ruff check .
	$(BIN)/python ci/typecheck.py
	$(BIN)/python -m pytest -m "not slow" --durations=10
	$(BIN)/nodereg diagrams --check

# The slow tests (tests/conftest.py lists them): every seeded mutant, exhaustive agreement,
# state-space counts, SPIN and Quint (installed by benchmarks/install_peers.sh when root).
test-long: setup
	bash benchmarks/install_peers.sh
	$(BIN)/python -m pytest -m slow

typecheck: setup
	$(BIN)/python ci/typecheck.py

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

diagrams: setup
	$(BIN)/nodereg diagrams --out diagrams/generated

bench: setup
	bash benchmarks/install_peers.sh
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build *.egg-info
