# Copperplate: `make` sets up .venv and builds every game; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: all build test lint bench clean
all: build

$(STAMP): pyproject.toml constraints.txt scripts/system-deps.sh
	@bash scripts/system-deps.sh
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[dev]'
	@touch $@

build: $(STAMP)
	$(BIN)/copperplate build

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf output .pytest_cache
