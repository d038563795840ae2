"""Links to an object by any path the library imports it under find the page that documents it (as
doc-builder finds it, by the object), read from the library's files without importing it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.dialect.site_inventory import site_inventory
from polydocs.sources.api_inventory.object_paths import defining_path

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
# accelerate's shape: `state.py` imports `DistributedType` from `.utils`, which imports it from
# `.dataclasses`, which defines it; the site documents it as `utils.DistributedType`. Importing the
# package would fail (`import torch_that_is_absent`): nothing here imports it.
LIBRARY = {
    "__init__.py": "from .state import AcceleratorState, run_state\n",
    "state.py": (
        "import torch_that_is_absent\n"
        "from .utils import DistributedType\n\n\nclass AcceleratorState:\n    def run(self):\n"
        '        """Run it (a method with a docstring: doc-builder shows it, so a link finds it)."""\n'
        # huggingface_hub's shape: its functions are the methods of one instance (`api.upload_folder`).
        "\n\nstate = AcceleratorState()\nrun_state = state.run\n"
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
    # huggingface_hub's [`upload_folder`] is `HfApi().upload_folder`: doc-builder links the method of the
    # documented class (the bound method's module and `__qualname__`); 214 links of its English pages.
    bound = api.resolve("run_state")
    assert bound is not None and (bound.page, bound.anchor) == (
        "state",
        "accelshape.state.AcceleratorState.run",
    )
    assert defining_path("accelshape.run_state") == "accelshape.state.AcceleratorState.run"


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


def test_a_module_the_site_documents_is_the_librarys_though_a_folder_of_that_name_is_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """trl's pages link [`scripts.utils.DatasetConfig`], which they document; a build run where a
    `scripts/` folder is importable (a namespace package: the repository's own scripts) took `scripts`
    for another library and reported the link unresolved. trl need not be installed."""
    (tmp_path / "cwd" / "scripts").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path / "cwd"))
    tree = tmp_path / "docs"
    tree.mkdir()
    pages = {
        "_toctree.yml": "- sections:\n  - local: index\n    title: Home\n  - local: script_utils\n"
        "    title: Scripts\n  title: S\n",
        "index.md": HEADER + "# Home\n\nSee [`scripts.utils.DatasetConfig`].\n",
        "script_utils.md": HEADER + "# Scripts\n\n[[autodoc]] scripts.utils.DatasetConfig\n",
        "polydocs.yml": "library: trlshape_not_installed\n",
    }
    for name, text in pages.items():
        (tree / name).write_text(text, encoding="utf-8")
    api = site_inventory(load_source_tree(tree).project, load_source_tree(tree))
    assert api.owner("scripts.utils.DatasetConfig") is api
    target = api.resolve("scripts.utils.DatasetConfig")
    assert target is not None and (target.page, target.anchor) == (
        "script_utils",
        "trlshape_not_installed.scripts.utils.DatasetConfig",
    )


def test_a_hugging_face_library_not_installed_is_named_as_the_owner_of_its_links(documented: Path) -> None:
    """peft's pages link [`~trl.SFTTrainer`] with trl not installed: doc-builder sends it to trl's
    reference, and the finding names trl's inventory and `api_libraries:`, not the page's library."""
    from polydocs.dialect import parse_page
    from polydocs.dialect.checks import PageFacts
    from polydocs.dialect.constructs.api_links import check

    assert importlib.util.find_spec("trl") is None
    api = site_inventory(load_source_tree(documented).project, load_source_tree(documented))
    assert api.owner("trl.SFTTrainer").package == "trl"
    (finding,) = check(parse_page("# Home\n\nTrain with [`~trl.SFTTrainer`].\n"), PageFacts(api=api))
    assert (
        finding.index == 2
        and "[`~trl.SFTTrainer`] names no object of the trl API inventory" in finding.message
    )
    assert "api_libraries:" in finding.hint


def test_a_folder_named_like_the_library_is_not_the_installed_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """trl's docs extracted to `./trl/docs/source` and built from `.` (`python -m polydocs` puts the
    working folder on the path): `./trl`, a namespace package to Python, was taken for the installed trl,
    and each of the 296 links to a documented trl object was `api-link-missing`."""
    from polydocs.dialect import parse_page
    from polydocs.dialect.checks import PageFacts
    from polydocs.dialect.constructs.api_links import check

    tree = tmp_path / "cwd" / "trlshape" / "docs" / "source"
    tree.mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path / "cwd"))
    pages = {
        "_toctree.yml": (
            "- sections:\n  - local: index\n    title: Home\n  - local: sft\n    title: SFT\n  title: S\n"
        ),
        "index.md": HEADER + "# Home\n",
        "sft.md": HEADER + "# SFT\n\n[[autodoc]] SFTTrainer\n",
        "polydocs.yml": "library: trlshape\n",
    }
    for name, text in pages.items():
        (tree / name).write_text(text, encoding="utf-8")
    assert importlib.util.find_spec("trlshape") is not None  # what Python finds: the folder
    api = site_inventory(load_source_tree(tree).project, load_source_tree(tree))
    assert not api.importable()
    assert list(check(parse_page("# Home\n\nTrain with [`SFTTrainer`].\n"), PageFacts(api=api))) == []
