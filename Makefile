# polydocs: `make docs` builds the site, `make test` runs every check. Both set up .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SOURCE ?= docs_src
SITE ?= site

.PHONY: docs serve test lint check pytest style clean

# Python may cache compiled modules (some shells and CI images forbid it): every `polydocs` subprocess of
# the tests, and each pytest worker's assertion rewriting, would otherwise compile them again.
unexport PYTHONDONTWRITEBYTECODE

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The site needs no torch: `make docs` installs only the builder's dependencies. pyproject.toml gives
# ranges; constraints.txt the exact versions tested, which every install here takes (docs/dependencies.md).
$(VENV)/.site-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $@

# Checking snippets and running the tests needs torch (the CPU build) and transformers.
$(VENV)/.dev-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[check,dev]'
	touch $(VENV)/.site-installed $@

docs: $(VENV)/.site-installed
	$(BIN)/polydocs build --source $(SOURCE) --out $(SITE) --strict

serve: $(VENV)/.site-installed
	$(BIN)/polydocs serve --source $(SOURCE)

# actionlint, with the pinned shellcheck on every script, and zizmor (offline) check the workflows polydocs
# ships (those init writes are checked as written, by tests/init); actionlint's pyflakes pass is off: no
# workflow runs Python code.
style: $(VENV)/.dev-installed
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy
	$(BIN)/actionlint -shellcheck=$(BIN)/shellcheck -pyflakes= .github/workflows/*.yml src/polydocs/init/templates/workflows/polydocs.yml
	$(BIN)/zizmor --offline --no-progress .github/workflows/ src/polydocs/init/templates/workflows/polydocs.yml

# With no path, lint checks docs_src and scans every tracked file for secrets.
lint: $(VENV)/.dev-installed
	$(BIN)/polydocs lint --strict

check: $(VENV)/.dev-installed
	$(BIN)/polydocs check $(SOURCE)

# Two workers (pytest-xdist), a test file per worker at a time: the suite takes about half as long on
# CI's cores; a file's module fixtures (built sites, stand-in caches) are made once.
pytest: $(VENV)/.dev-installed
	$(BIN)/python -m pytest -n 2 --dist loadfile

# Each stage in turn (the last is the strict build of `make docs`), then a table of how long each took.
test: $(VENV)/.dev-installed
	$(BIN)/python scripts/timed_stages.py style lint check pytest docs

clean:
	rm -rf $(SITE) .$(SITE)-polydocs.lock .polydocs-cache .pytest_cache .mypy_cache .ruff_cache
