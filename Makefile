# The two set-up commands: `make run` and `make test`. Both create .venv when missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# the compiled search engine, rebuilt in place when its source changes
ENGINE := $(VENV)/.engine-stamp

.PHONY: run test lint bench spec clean system-deps

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(ENGINE): $(STAMP) referee/rulings/search/_engine.c $(wildcard referee/rulings/search/engine/*.h) setup.py
	$(PY) setup.py -q build_ext --inplace
	touch $(ENGINE)

system-deps:
	bash scripts/system-deps.sh

run: $(ENGINE)
	$(VENV)/bin/referee serve

test: $(ENGINE) system-deps
	$(VENV)/bin/ruff check referee tests bench
	$(VENV)/bin/ruff format --check referee tests bench
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) -m pytest -q

lint: $(ENGINE)
	$(VENV)/bin/ruff check referee tests bench
	$(VENV)/bin/ruff format --check referee tests bench
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(ENGINE)
	$(PY) -m bench

spec: $(STAMP)
	$(VENV)/bin/referee openapi --out api_spec/openapi.yaml --formats api_spec

clean:
	rm -rf $(VENV) var build *.egg-info referee/rulings/search/_engine.*.so
