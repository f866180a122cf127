# gmtool: make run | make test | make bench | make mutate
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test bench mutate clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(PY) -m gmtool

test: $(STAMP_TEST)
	$(PY) -m ruff check gmtool tests benchmarks tools
	$(VENV)/bin/lint-imports
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks

# Mutation testing of gmtool/core and each game's rules/ (tools/mutate.py, ~30 min; not part of test).
mutate: $(STAMP_TEST)
	$(PY) -m pip install --quiet 'mutmut==3.8.1'
	nice $(PY) -m tools.mutate

clean:
	rm -rf $(VENV) build dist *.egg-info
