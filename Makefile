# Copperplate: `make` sets up .venv and builds every game; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PREFIX ?= $(HOME)/.local

.PHONY: all build install test test-fast lint bench clean
all: build

$(STAMP): pyproject.toml constraints.txt setup.py scripts/system-deps.sh
	@bash scripts/system-deps.sh
	@test -x $(BIN)/python || { echo "==> creating $(VENV)"; $(PYTHON) -m venv $(VENV); }
	@echo "==> installing copperplate and its pinned dependencies into $(VENV) (a few minutes the first time)"
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -c constraints.txt -e '.[dev]'
	@touch $@

build: $(STAMP)
	$(BIN)/copperplate build
	@echo "==> done. Run the tool as $(BIN)/copperplate (or 'source $(BIN)/activate', or 'make install' for $(PREFIX)/bin/copperplate)"

# A link to the venv's command: `copperplate` on the PATH without activating anything.
install: $(STAMP)
	@mkdir -p $(PREFIX)/bin
	ln -sf $(abspath $(BIN)/copperplate) $(PREFIX)/bin/copperplate
	@echo "==> installed $(PREFIX)/bin/copperplate (make sure $(PREFIX)/bin is on your PATH)"

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy

# The tests also drive a headless chromium (Debian's package, installed here if missing).
test: $(STAMP) lint
	@bash scripts/system-deps.sh --test
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

# The fast tier while working: everything but the tests marked slow (no browser set-up).
test-fast: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider -m "not slow"

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf output .pytest_cache build *.egg-info
