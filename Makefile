# Two entry points on a fresh machine with Python 3.11 and Rust: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE := src/escapology/_native.abi3.so
RUST_SOURCES := $(shell find native/src -name '*.rs') native/Cargo.toml native/Cargo.lock rust-toolchain.toml
# cargo without make's jobserver (under `make test`'s -j2 it would warn that it cannot reach it)
RUST_ENV := cd native && MAKEFLAGS= PYO3_PYTHON=$(abspath $(BIN)/python)

.PHONY: demo test test-rust bench docs clean browser wheel

# the virtual environment with the pinned dependencies (maturin among them)
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	touch $(STAMP)

# the Rust extension escapology._native and the editable install of the package (rebuilt when
# the crate changes). It is built in the wheel's cargo folder, $(WHEEL_TARGET), with the wheel's
# features, so that `make wheel` and tests/test_wheel.py after it compile nothing.
WHEEL_TARGET := native/target/wheel
$(NATIVE): $(STAMP) $(RUST_SOURCES)
	CARGO_TARGET_DIR=$(WHEEL_TARGET) $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(NATIVE)

demo: $(NATIVE)
	$(BIN)/escapology demo

# the crate's checks (CPU) and the browser's installation (network) side by side, then pytest
test: $(NATIVE)
	@$(MAKE) --no-print-directory -j2 test-rust browser
	$(BIN)/python -m pytest -q -n 4 --dist worksteal -p no:cacheprovider
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# the web app's browser tests drive Debian's chromium: installed quietly when missing (root, apt-get);
# without it those tests are skipped with the reason
browser:
	@command -v chromium >/dev/null || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1; } \
	  || echo "no chromium: the browser tests will be skipped"

# the crate's own checks: formatting, lints as errors, unit tests; one build with the counting
# features on covers every line (the features only add code), so lints and tests run once each
test-rust: $(STAMP)
	$(RUST_ENV) cargo fmt --check
	$(RUST_ENV) cargo clippy --locked --release --all-targets --features dominance-stats,level-stats -- -D warnings
	$(RUST_ENV) cargo test --locked --profile tests --quiet --features dominance-stats,level-stats

# the abi3 wheel (one for every CPython >= 3.11) and the sdist into dist/, by maturin from .venv.
# The wheel holds the package data of [tool.maturin] include: the .lp encodings, the web app's static
# files and the shipped examples. Its build keeps its own cargo folder, $(WHEEL_TARGET) (shared with
# the editable install above and tests/test_wheel.py): `cargo test` in test-rust rebuilds the crate
# without the extension-module feature over native/target's, which would make every wheel build
# after it compile again.
wheel: $(STAMP)
	rm -f dist/escapology-*.whl dist/escapology-*.tar.gz
	$(BIN)/maturin build --release --locked --interpreter $(BIN)/python --target-dir $(WHEEL_TARGET) --out dist
	$(BIN)/maturin sdist --out dist

# every benchmark in its short form; run a script alone for the full tables (see README)
bench: $(NATIVE)
	$(BIN)/python benchmarks/labyrinth.py --limit 10
	$(BIN)/python benchmarks/amazeing.py --quick
	$(BIN)/python benchmarks/forest.py --quick
	$(BIN)/python benchmarks/nemesis.py --quick
	$(BIN)/python benchmarks/nemesis_reductions.py --quick
	$(BIN)/python benchmarks/chess.py --quick
	$(BIN)/python benchmarks/roma.py --quick
	$(BIN)/python benchmarks/batch.py --quick

# the documentation site (mkdocs.yml, docs/) into build/site; any warning fails the build
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

clean:
	rm -rf $(VENV) build dist src/*.egg-info native/target $(NATIVE)
