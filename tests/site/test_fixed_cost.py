"""What a build does once before forking its language processes, and only when the tree needs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.dialect.site_inventory import site_inventory
from polydocs.notebooks import requirements
from polydocs.site.before_forking import prepare_languages
from two_page_site import HEADER, TOC


def _tree_importing(module: str, tmp_path: Path) -> Path:
    source = tmp_path / "docs"
    for lang in ("en", "es"):
        (source / lang).mkdir(parents=True)
        (source / lang / "_toctree.yml").write_text(TOC, encoding="utf-8")
        (source / lang / "index.md").write_text(f"{HEADER}# Home\n", encoding="utf-8")
        guide = f"{HEADER}# Guide\n\n```py\nimport torch\nfrom {module} import Thing\n```\n"
        (source / lang / "guide.md").write_text(guide, encoding="utf-8")
    return source


@pytest.mark.parametrize(("module", "mapped"), [("PIL", 1), ("json", 0), ("transformers", 0)])
def test_the_installed_distributions_are_mapped_before_forking_only_for_a_module_of_another_name(
    module: str, mapped: int, tmp_path: Path
) -> None:
    tree = load_source_tree(_tree_importing(module, tmp_path))
    requirements.distributions_by_module.cache_clear()
    try:
        prepare_languages(tree, ["en", "es"], site_inventory(tree.project, tree), False, None)
        assert requirements.distributions_by_module.cache_info().currsize == mapped
    finally:
        requirements.distributions_by_module.cache_clear()


def test_a_rebuild_maps_nothing_before_forking(tmp_path: Path) -> None:
    tree = load_source_tree(_tree_importing("PIL", tmp_path))
    requirements.distributions_by_module.cache_clear()
    prepare_languages(tree, ["en", "es"], site_inventory(tree.project, tree), True, None)
    assert requirements.distributions_by_module.cache_info().currsize == 0
