"""The names transformers' files declare are names `dir(transformers)` lists, and they answer what the
trees link without importing it."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.dialect.constructs.api_links import API_LINK
from polydocs.dialect.site_inventory import site_inventory
from polydocs.markup.autodoc import autodoc_objects
from polydocs.sources.api_inventory.lazy_exports import (
    _init_declarations,
    _models_exports,
    _package_init,
    declared_export,
)

REPO = Path(__file__).resolve().parents[2]
TREES = [REPO / "docs_src", *(REPO.parent / "shared" / "corpus" / name for name in ("transformers-docs",))]

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("transformers") is None, reason="transformers is not installed"
)


def _fresh(script: str, cache: Path | None = None) -> str:
    """The output of `script` in a new interpreter (transformers imported there, not in the tests'), with
    polydocs' cache in `cache` when given (else the run's)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    if cache is not None:
        environment["POLYDOCS_CACHE"] = str(cache)
    ran = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True
    )
    return ran.stdout


@cache
def _dir_of_transformers() -> frozenset[str]:
    return frozenset(json.loads(_fresh("import json, transformers; print(json.dumps(dir(transformers)))")))


def _asked_names(tree_path: Path) -> set[str]:
    """The names the build asks the inventory about: the first part of each API link it resolves and of
    each `[[autodoc]]` object, in transformers."""
    tree = load_source_tree(tree_path)
    api = site_inventory(tree.project, tree)
    texts = [page.read() for pages in tree.pages.values() for page in pages.values()]
    linked = {link["name"] for text in texts for link in API_LINK.finditer(text)}
    documented = {name for lang in tree.pages for name in autodoc_objects(tree, lang, api)}
    names = {name for name in linked if api.resolve(name) is not None} | documented
    return {api.qualified(name).split(".")[0] for name in names if api.owner(name).package == "transformers"}


def test_every_declared_name_is_one_dir_lists() -> None:
    init = _package_init("transformers")
    assert init is not None
    declared = _init_declarations(init)
    assert declared is not None
    names, reads_models = declared
    assert reads_models
    models = _models_exports(init.parent / "models")
    assert {"TrainingArguments", "Trainer", "pipeline", "utils"} <= names
    assert {"AutoModelForCausalLM", "BertModel"} <= models
    assert sorted((names | models) - _dir_of_transformers()) == []


@pytest.mark.parametrize("tree", TREES, ids=lambda path: path.name)
def test_what_a_tree_asks_about_is_declared_and_listed_by_dir(tree: Path) -> None:
    if not tree.is_dir():
        pytest.skip(f"{tree} is not present")
    asked = _asked_names(tree)
    assert {"Trainer", "TrainingArguments"} <= asked
    answers = {name: declared_export("transformers", name) for name in asked}
    assert answers == {name: name in _dir_of_transformers() for name in asked}
    assert all(answers.values())


def test_a_name_not_declared_is_no_answer() -> None:
    assert not declared_export("transformers", "NoSuchThing")
    assert not declared_export("transformers", "")
    assert not declared_export("json", "dumps")  # not a lazy module: its names are listed by importing it


def test_preloading_docs_src_inventory_imports_no_transformers_and_answers_as_dir(tmp_path: Path) -> None:
    """A name transformers' files do not declare is answered from its listed names: with a cache that
    has not kept them yet (another test's run may have), by importing it."""
    script = (
        "import sys\nfrom pathlib import Path\nfrom polydocs.dialect.site_inventory import site_inventory\n"
        "from polydocs.dialect import load_source_tree\n"
        f"tree = load_source_tree(Path({str(REPO / 'docs_src')!r}))\n"
        "api = site_inventory(tree.project, tree)\napi.preload()\n"
        "print('transformers' in sys.modules, api.exists('Trainer'), api.exists('AutoModelForCausalLM'))\n"
        "print(api.exists('NoSuchThing'), 'transformers' in sys.modules)\n"
    )
    assert _fresh(script, tmp_path / "cache").split("\n") == ["False True True", "False True", ""]


def test_the_listed_names_of_a_lazy_module_are_its_dir() -> None:
    script = (
        "import transformers\nfrom polydocs.sources.api_inventory.inventory import _listed_names\n"
        "print(_listed_names(transformers) == frozenset(dir(transformers)))\n"
    )
    assert _fresh(script) == "True\n"
