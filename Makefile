# Two entry points on a fresh machine with Python 3.11: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/escapology demo

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider

# every benchmark in its short form; run a script alone for the full tables (see README)
bench: $(STAMP)
	$(BIN)/python benchmarks/labyrinth.py --limit 10
	$(BIN)/python benchmarks/amazeing.py --quick
	$(BIN)/python benchmarks/forest.py --quick
	$(BIN)/python benchmarks/nemesis.py --quick
	$(BIN)/python benchmarks/chess.py --quick
	$(BIN)/python benchmarks/roma.py --quick

clean:
	rm -rf $(VENV) build src/*.egg-info
