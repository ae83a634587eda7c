# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean kernels

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# the kernels compiled ahead of time, when the install has none (a CLI process then imports no numba)
kernels: $(STAMP)
	$(BIN)/python -m sgstudio.core.compiled --if-missing

run: $(STAMP)
	$(BIN)/sgstudio

test: $(STAMP) kernels
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n 2 sgstudio tests

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

bench: $(STAMP) kernels
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
