# Everything the project needs is installed from here: a venv, the package with its
# dependencies, and the graphviz binary where it is missing. CI runs `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup verify test lint bench diagrams clean

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

test: setup
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest
	$(BIN)/nodereg diagrams --check

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

diagrams: setup
	$(BIN)/nodereg diagrams --out diagrams/generated

bench: setup
	bash benchmarks/install_peers.sh
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
