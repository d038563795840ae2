"""Links to an object by any path the library imports it under find the page that documents it (as
doc-builder finds it, by the object), read from the library's files without importing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.markup.inventory import site_inventory
from polydocs.markup.object_paths import defining_path
from polydocs.sources import load_source_tree

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
# accelerate's shape: `state.py` imports `DistributedType` from `.utils`, which imports it from
# `.dataclasses`, which defines it; the site documents it as `utils.DistributedType`. Importing the
# package would fail (`import torch_that_is_absent`): nothing here imports it.
LIBRARY = {
    "__init__.py": "from .state import AcceleratorState\n",
    "state.py": (
        "import torch_that_is_absent\n"
        "from .utils import DistributedType\n\n\nclass AcceleratorState:\n    def run(self): ...\n"
    ),
    "utils/__init__.py": (
        "try:\n    from .dataclasses import DistributedType as DistributedType\n"
        "except ImportError:\n    pass\n"
    ),
    "utils/dataclasses.py": "class DistributedType:\n    NO = 'NO'\n",
    # A module named like one of the standard library.
    "logging.py": "def get_logger(): ...\n",
}
PAGES = {
    "_toctree.yml": "- sections:\n  - local: index\n    title: Home\n  - local: utilities\n    title: U\n"
    "  - local: state\n    title: S\n  title: S\n",
    "index.md": HEADER + "# Home\n",
    "utilities.md": HEADER + "# Utilities\n\n[[autodoc]] utils.DistributedType\n",
    "state.md": HEADER + "# State\n\n[[autodoc]] state.AcceleratorState\n",
}


@pytest.fixture
def documented(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    package = tmp_path / "installed" / "accelshape"
    for name, text in LIBRARY.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    tree = tmp_path / "docs"
    for name, text in PAGES.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    (tree / "polydocs.yml").write_text("library: accelshape\n", encoding="utf-8")
    return tree


def test_an_object_is_followed_through_its_imports_to_where_it_is_defined(documented: Path) -> None:
    assert (
        defining_path("accelshape.state.DistributedType.NO")
        == "accelshape.utils.dataclasses.DistributedType.NO"
    )
    assert defining_path("accelshape.AcceleratorState.run") == "accelshape.state.AcceleratorState.run"
    assert defining_path("accelshape.state.nothing_here") == "accelshape.state.nothing_here"


def test_a_link_by_another_path_of_a_documented_object_finds_its_page(documented: Path) -> None:
    api = site_inventory(load_source_tree(documented).project, load_source_tree(documented))
    for name in (
        "state.DistributedType",
        "accelshape.state.DistributedType",
        "utils.dataclasses.DistributedType",
    ):
        target = api.resolve(name)
        assert target is not None, name
        assert (target.page, target.anchor) == ("utilities", "accelshape.utils.DistributedType")
    member = api.resolve("AcceleratorState.run")
    assert member is not None and (member.page, member.anchor) == (
        "state",
        "accelshape.state.AcceleratorState.run",
    )
    assert api.resolve("state.NotDocumented") is None


def test_a_library_that_does_not_import_is_answered_from_its_files(
    documented: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A light build: the library is installed without its heavy dependency (`torch_that_is_absent`), so
    importing it fails; its exports and submodules are read from its files, and a submodule is never
    taken for the standard library's module of the same name."""
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    api = site_inventory(load_source_tree(documented).project, load_source_tree(documented))
    assert api.importable() and api.exists("AcceleratorState") and api.exists("state.AcceleratorState")
    assert api.owner("logging.get_logger") is api and api.exists("logging.get_logger")
    assert not api.exists("NoSuchThing")
