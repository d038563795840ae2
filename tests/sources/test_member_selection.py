"""`[[autodoc]]` member selection as doc-builder reads it (`doc_builder/autodoc.py`): a page built for real,
documenting a library written here, and the rule checked against doc-builder's own function on real
classes of installed libraries."""

from __future__ import annotations

import re

import pytest

from polydocs.site.build import build_site
from polydocs.sources.api_inventory.member_selection import documented_methods, selected_members

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
HELPERS = '''\
def log_metrics(self, split):
    """Logs the metrics of `split`."""
'''
LIBRARY = '''\
"""Members the way doc-builder picks them."""

from .helpers import log_metrics


class Base:
    """The base."""

    def run(self):
        """Runs."""

    def stop(self):
        """Stops."""


class Worker(Base):
    """A worker."""

    def __init__(self, name="w"):
        """Makes a worker."""
        self.name = name

    def run(self):
        """Runs."""

    def stop(self):
        """Stops the worker, not the base."""

    def undocumented(self):
        pass

    def __call__(self, x):
        """Calls the worker."""

    @property
    def busy(self):
        """Whether it works."""
        return False

    speed: int = 1
    """How fast."""

    log_metrics = log_metrics


class Calling:
    """Called."""

    def __call__(self):
        """Calls."""

    def go(self):
        """Goes."""


class Tracker:
    """A tracker."""

    def __init__(self, run_name="r"):
        """Starts tracking `run_name`."""

    def store(self):
        """Stores."""
'''
API = (
    "# API\n\n## Worker\n\n[[autodoc]] Worker\n\n## All\n\n[[autodoc]] Base\n    - all\n    - __call__\n\n"
    "## Calling\n\n[[autodoc]] Calling\n    - __call__\n    - all\n\n"
    "## Tracker\n\n[[autodoc]] Tracker\n    - __init__\n    - store\n"
)


@pytest.fixture(scope="module")
def api_page(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("members")
    package = tmp_path / "installed" / "hfmembers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    (package / "helpers.py").write_text(HELPERS, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(package.parent))
        patch.setenv("PYTHONPATH", str(package.parent))
        patch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
        tree = tmp_path / "tree"
        for name, text in {
            "polydocs.yml": "library: hfmembers\n",
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/api.md": HEADER + API,
        }.items():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            (tree / name).write_text(text, encoding="utf-8")
        build_site(tree, tmp_path / "site", only=["en"])
    return (tmp_path / "site" / "en" / "api" / "index.html").read_text(encoding="utf-8")


def _members(page: str, owner: str) -> list[str]:
    """The member anchors of `hfmembers.<owner>` on the page, in page order."""
    found = re.findall(rf'id="hfmembers\.{owner}\.(\w+)"', page)
    return list(dict.fromkeys(found))


def test_without_a_member_list_the_public_methods_with_a_docstring_of_their_own(api_page):
    # not `run` (the base's docstring), `undocumented`, `__call__`, `busy` (a property), `speed`;
    # `log_metrics`, imported into the class body, is a method to doc-builder.
    assert _members(api_page, "Worker") == ["log_metrics", "stop"]


def test_all_adds_the_named_members_first_then_the_rule(api_page):
    # `Base` has no `__call__`: a named member that does not exist is left out, as mkdocstrings does.
    assert _members(api_page, "Base") == ["run", "stop"]


def test_all_after_a_named_member_keeps_it_first(api_page):
    assert _members(api_page, "Calling") == ["__call__", "go"]


def test_a_listed_init_is_a_member_of_its_own(api_page):
    assert _members(api_page, "Tracker") == ["__init__", "store"]
    assert "Starts tracking" in api_page


@pytest.mark.parametrize(
    "name",
    ["transformers.Trainer", "transformers.TrainingArguments", "accelerate.Accelerator", "peft.PeftModel"],
)
def test_the_rule_is_doc_builders_on_real_classes(name):
    package, _, rest = name.partition(".")
    module = pytest.importorskip(package)
    from doc_builder.autodoc import find_documented_methods

    cls = getattr(module, rest)
    assert documented_methods(cls) == find_documented_methods(cls)
    assert selected_members(cls, ("__call__", "all")) == ["__call__", *find_documented_methods(cls)]
    assert selected_members(cls, ("none",)) == []
