# gmtool: make run | make test | make bench | make screenshots | make mutate
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
# make test: compiled modules (and pytest's rewritten tests) are kept under the venv even where the
# environment says PYTHONDONTWRITEBYTECODE (without them every run and worker compiles everything again)
TEST_ENV := QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
# make test: the tests' files (pytest's tmp_path, tempfile's folders, the children's) in memory where the machine has
# /dev/shm: the tests write and sync campaigns tens of thousands of times, and each sync to disk waits for it (~3.5 ms
# here) while a core stands idle; in memory a sync costs nothing, and what the tests check is the same
TEST_TMPDIR := $(firstword $(wildcard /dev/shm))
TEST_ENV += $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR))
# one pytest worker per core (pytest-xdist); tests of one xdist_group run on the same worker
PYTEST_PARALLEL := -n auto --dist loadgroup

.PHONY: run test bench screenshots mutate clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

# --no-compile: pip would compile every installed module (~4.5 s of CPU with the test extra) to __pycache__, which
# make test's pytest never reads (PYTHONPYCACHEPREFIX); a module is compiled where it is first imported instead
$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --no-compile -e '.[test]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(PY) -m gmtool

# mypy (one process, ~20 s of CPU without its cache) runs beside pytest and takes the time its workers leave idle
# (their start, their waits, the last tests of the one that ends first); its report is printed after pytest's
test: $(STAMP_TEST)
	$(PY) -m ruff check gmtool tests benchmarks tools
	$(VENV)/bin/lint-imports
	@$(PY) -m mypy > $(VENV)/mypy.log 2>&1 & types=$$!; \
	echo "$(TEST_ENV) $(PY) -m pytest $(PYTEST_PARALLEL)  (mypy beside it)"; \
	$(TEST_ENV) $(PY) -m pytest $(PYTEST_PARALLEL); tests=$$?; \
	wait $$types; typed=$$?; echo "mypy:"; cat $(VENV)/mypy.log; \
	test $$tests -eq 0 -a $$typed -eq 0

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks

screenshots: $(STAMP_RUN)
	QT_QPA_PLATFORM=offscreen $(PY) tools/screenshot_all.py docs

# Mutation testing of gmtool/core and each game's rules/ (tools/mutate.py, ~30 min; not part of test).
mutate: $(STAMP_TEST)
	$(PY) -m pip install --quiet 'mutmut==3.8.1'
	nice $(PY) -m tools.mutate

clean:
	rm -rf $(VENV) build dist *.egg-info
