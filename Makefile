# The two set-up commands: `make run` and `make test`. Both create .venv when missing.
# Developers' inner loop: `make check` (lint, types and the fast domain tests).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# the service's own dependencies (make run), then the test tools (lint, check, test)
STAMP  := $(VENV)/.installed-stamp
TOOLS  := $(VENV)/.test-tools-stamp
# the compiled search engine, rebuilt in place when its source changes
ENGINE := $(VENV)/.engine-stamp
# the engine's test build: the same source with the tests' hooks (`_engine_hooks`)
HOOKS  := $(VENV)/.engine-hooks-stamp
# compiled modules are cached in __pycache__ (a shell's PYTHONDONTWRITEBYTECODE would make
# every test worker and every command compile the project again)
unexport PYTHONDONTWRITEBYTECODE
# pytest-xdist workers: one per core
JOBS   ?= auto
PYTEST := $(PY) -m pytest -q -n $(JOBS) --dist loadgroup
# the domain layers' tests and doctests: what `make check` runs
DOMAIN := tests/core tests/record tests/rules tests/rulings \
          referee/core referee/record referee/rules referee/rulings

.PHONY: run test test-all test-slow check lint bench spec clean system-deps

$(STAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip setuptools
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

$(TOOLS): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(TOOLS)

$(ENGINE): $(STAMP) referee/rulings/search/_engine.c $(wildcard referee/rulings/search/engine/*.h) setup.py
	$(PY) setup.py -q build_ext --inplace
	touch $(ENGINE)

$(HOOKS): $(ENGINE)
	REFEREE_ENGINE_TEST_BUILD=1 $(PY) setup.py -q build_ext --inplace
	touch $(HOOKS)

system-deps:
	bash scripts/system-deps.sh

run: $(ENGINE)
	$(VENV)/bin/referee serve

# what CI runs: lint, then every test outside the slow lane, on all cores
test: lint system-deps
	$(PYTEST)

# every lane (the slow lane's differential checks, soaks and load tests too), and the
# slow lane alone
test-all: lint system-deps
	$(PYTEST) --lane=all

test-slow: $(TOOLS) $(HOOKS)
	$(PYTEST) --lane=slow

# (the domain tests need no schemathesis plugin: one second less per worker)
check: lint
	$(PYTEST) -p no:schemathesis --hypothesis-profile=check $(DOMAIN)

lint: $(TOOLS) $(HOOKS)
	$(VENV)/bin/ruff check referee tests bench
	$(VENV)/bin/ruff format --check referee tests bench
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(TOOLS) $(ENGINE)
	$(PY) -m bench

# the record schema's event definitions and the event tables of docs/skat-log.md are
# generated from record/event_types.py first, the ruling schema's reasons from core/ended.py
spec: $(STAMP)
	$(PY) -m referee.record.event_schema
	$(PY) -m referee.rulings.ended_schema
	$(PY) -m referee.record.event_docs
	$(PY) -m referee.rules.readings_docs
	$(VENV)/bin/referee openapi --out api_spec/openapi.yaml --formats api_spec

clean:
	rm -rf $(VENV) var build *.egg-info referee/rulings/search/_engine*.so
