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

# uv installs into the venv what pip would, from the same constraints, in a fraction of pip's time (37 s
# against 91 s for `make test`'s set, warm caches: docs/dependencies.md). It is pinned here, not in
# constraints.txt, which lists what polydocs needs. Its modules are compiled at install, as pip does: the
# sandboxed snippet sessions read site-packages read-only and would compile torch's at every import.
UV_VERSION := 0.13.9
INSTALL := VIRTUAL_ENV=$(VENV) UV_COMPILE_BYTECODE=1 $(BIN)/uv pip install
# uv reads no pip configuration: a machine that serves wheels from a local folder (PIP_FIND_LINKS, as a CPU
# build of torch may be) has it passed on.
ifdef PIP_FIND_LINKS
export UV_FIND_LINKS ?= $(PIP_FIND_LINKS)
endif

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)

# The site needs no torch: `make docs` installs only the builder's dependencies. pyproject.toml gives
# ranges; constraints.txt the exact versions tested, which every install here takes (docs/dependencies.md).
$(VENV)/.site-installed: pyproject.toml constraints.txt | $(BIN)/uv
	$(INSTALL) --quiet -c constraints.txt -e .
	touch $@

# Checking snippets and running the tests needs torch (the CPU build) and transformers.
$(VENV)/.dev-installed: pyproject.toml constraints.txt | $(BIN)/uv
	$(INSTALL) --quiet -c constraints.txt -e '.[check,dev]'
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

# The stages at once (they are independent, and each leaves a core idle part of the time: the snippet
# check's sessions run one after another), pytest's output as it comes, the others' when all have ended,
# then a table of how long each took (scripts/timed_stages.py). `docs` is the strict build of `make docs`.
test: $(VENV)/.dev-installed
	$(BIN)/python scripts/timed_stages.py --live pytest style lint check pytest docs

clean:
	rm -rf $(SITE) .$(SITE)-polydocs.lock .polydocs-cache .pytest_cache .mypy_cache .ruff_cache
