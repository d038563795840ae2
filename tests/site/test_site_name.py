"""The site's name: polydocs.yml's `site_name`, else the library named, else the English index's title."""

from __future__ import annotations

from polydocs.dialect import load_source_tree
from polydocs.site.mkdocs_config import site_name

_TOCTREE = "- title: Guide\n  sections:\n  - local: index\n    title: Home\n"
_API = "api_reference: {url: 'https://x.org/{page}#{anchor}', objects: {Model: model}, package: peft}\n"
_INDEX = "```\n# not a title\n```\n\n# 🤗 Transformers[[transformers]]\n\nText.\n"


def _name(write_tree, settings: str | None) -> str:
    files = {"en/_toctree.yml": _TOCTREE, "en/index.md": _INDEX}
    if settings is not None:
        files["polydocs.yml"] = settings
    return site_name(load_source_tree(write_tree(files)), "en")


def test_the_name_polydocs_yml_gives_comes_first(write_tree) -> None:
    assert _name(write_tree, "site_name: {en: Guides, es: Guías}\n" + _API) == "Guides"


def test_without_one_the_library_the_tree_names(write_tree) -> None:
    assert _name(write_tree, _API) == "peft"
    assert _name(write_tree, "library: huggingface_hub\n") == "huggingface_hub"


def test_else_the_english_index_title_never_documentation(write_tree) -> None:
    assert _name(write_tree, None) == "🤗 Transformers"
