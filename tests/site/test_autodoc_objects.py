"""An autodoc page other languages fall back to: the same cross-reference links and `objects.inv` in every
language, whichever process converted it; real builds documenting an installed library (Markdown)."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs_autorefs import AutorefsPlugin
from mkdocstrings import Inventory

from polydocs.site.build import build_site
from polydocs.site.object_registrations import ObjectRegistry
from site_files import site_files

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
EN_TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
# `TocExtension`'s bases name `Extension`, documented on the same page: an autorefs cross-reference.
API_PAGE = """# API

## Extension

[[autodoc]] extensions.Extension
    - setConfig
    - getConfigs

## TocExtension

[[autodoc]] extensions.toc.TocExtension
    - reset
"""
BASES_LINK = (
    '<a class="autorefs autorefs-internal" title="markdown.extensions.Extension" '
    'href="#markdown.extensions.Extension">Extension</a>'
)
DOCUMENTED = {
    "markdown.extensions.Extension": "api/#markdown.extensions.Extension",
    "markdown.extensions.Extension.setConfig": "api/#markdown.extensions.Extension.setConfig",
    "markdown.extensions.toc.TocExtension": "api/#markdown.extensions.toc.TocExtension",
}
LANGUAGES = ("en", "es", "pt")


@pytest.fixture
def api_tree(write_tree, tmp_path, monkeypatch):
    """English has the API page; Spanish and Portuguese fall back to it. Each test starts a cold cache."""
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    files = {
        "polydocs.yml": "api_reference:\n  package: markdown\n  url: 'https://example.org/{page}#{anchor}'\n",
        "en/_toctree.yml": EN_TOC,
        "en/index.md": HEADER + "# Home\n",
        "en/api.md": HEADER + API_PAGE,
    }
    for lang, home in [("es", "Inicio"), ("pt", "Início")]:
        files[f"{lang}/_toctree.yml"] = f"- sections:\n  - local: index\n    title: {home}\n  title: S\n"
        files[f"{lang}/index.md"] = HEADER + f"# {home}\n"
    return write_tree(files)


def _objects(site: Path, lang: str) -> dict[str, str]:
    with (site / lang / "objects.inv").open("rb") as inventory:
        return {name: item.uri for name, item in Inventory.parse_sphinx(inventory).items()}


def _api_page(site: Path, lang: str) -> str:
    return (site / lang / "api" / "index.html").read_text(encoding="utf-8")


def test_every_language_links_and_lists_the_objects_of_a_page_it_falls_back_to(api_tree, tmp_path):
    # More processes than cores: the languages race for the shared English page.
    build_site(api_tree, tmp_path / "site", jobs=3)
    for lang in LANGUAGES:
        assert DOCUMENTED.items() <= _objects(tmp_path / "site", lang).items(), lang
        assert BASES_LINK in _api_page(tmp_path / "site", lang), lang


def test_a_build_from_the_warm_cache_publishes_the_same_bytes(api_tree, tmp_path):
    build_site(api_tree, tmp_path / "cold")
    build_site(api_tree, tmp_path / "warm")  # every page taken from the conversion cache
    assert site_files(tmp_path / "warm") == site_files(tmp_path / "cold")
    assert DOCUMENTED.items() <= _objects(tmp_path / "warm", "en").items()


def test_english_publishes_the_page_the_same_when_another_language_converted_it(
    api_tree, tmp_path, monkeypatch
):
    build_site(api_tree, tmp_path / "spanish", only=["es"])  # Spanish converts the English page
    build_site(api_tree, tmp_path / "reused", only=["en"])  # English takes it from the cache
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "another-cache"))
    build_site(api_tree, tmp_path / "converted", only=["en"])  # English converts it itself
    for site in ("reused", "converted"):
        assert DOCUMENTED.items() <= _objects(tmp_path / site, "en").items(), site
    for name in ("objects.inv", "api/index.html"):
        reused, converted = (tmp_path / site / "en" / name for site in ("reused", "converted"))
        assert reused.read_bytes() == converted.read_bytes(), name


def _trainer_page_converted(autorefs: AutorefsPlugin, inventory: Inventory, page: object) -> str:
    """What mkdocstrings calls while converting a page that documents `pkg.Trainer`."""
    autorefs.register_anchor(page, "pkg.Trainer", title="Trainer", primary=True)  # type: ignore[arg-type]
    autorefs.register_anchor(page, "Trainer", "pkg.Trainer", primary=False)  # type: ignore[arg-type]
    url = f"{page.url}#pkg.Trainer"  # type: ignore[attr-defined]
    inventory.register(name="pkg.Trainer", domain="py", role="class", uri=url, priority=1)
    return "<p>converted</p>"


def test_registrations_are_recorded_relative_to_the_page_and_replayed_at_another_url():
    autorefs, inventory = AutorefsPlugin(), Inventory()
    page = SimpleNamespace(url="main_classes/trainer/")
    result, objects = ObjectRegistry(autorefs, inventory).recording(
        page, lambda: _trainer_page_converted(autorefs, inventory, page)
    )
    assert result == "<p>converted</p>"
    assert "register_anchor" not in vars(autorefs) and "register" not in vars(inventory)  # as they were
    assert autorefs.get_item_url("Trainer") == ("main_classes/trainer/#pkg.Trainer", "Trainer")

    elsewhere = ObjectRegistry(AutorefsPlugin(), Inventory())
    elsewhere.replay(objects, SimpleNamespace(url="trainer/"))
    assert elsewhere.autorefs.get_item_url("Trainer") == ("trainer/#pkg.Trainer", "Trainer")
    assert elsewhere.autorefs.get_item_url("pkg.Trainer") == ("trainer/#pkg.Trainer", "Trainer")
    assert elsewhere.inventory["pkg.Trainer"].uri == "trainer/#pkg.Trainer"


def test_replaying_on_the_page_that_registered_changes_nothing():
    autorefs, inventory = AutorefsPlugin(), Inventory()
    page = SimpleNamespace(url="api/")
    registry = ObjectRegistry(autorefs, inventory)
    _, objects = registry.recording(page, lambda: _trainer_page_converted(autorefs, inventory, page))
    before = inventory.format_sphinx()
    registry.replay(objects, page)
    assert inventory.format_sphinx() == before
    assert autorefs._primary_url_map == {"pkg.Trainer": ["api/#pkg.Trainer"]}  # one URL, not two
    assert autorefs._secondary_url_map == {"Trainer": ["api/#pkg.Trainer"]}


def test_an_autodoc_page_follows_an_edit_of_the_documented_module_in_place(write_tree, tmp_path, monkeypatch):
    # An editable install: the module changes, its version does not. The page converted from the old
    # code must not come back from the cache.
    package = tmp_path / "lib" / "editedlib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from editedlib.core import Widget\n")
    module = package / "core.py"
    module.write_text('class Widget:\n    """First version of the widget."""\n')
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "lib"))
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    tree = write_tree(
        {
            "polydocs.yml": "api_reference:\n  package: editedlib\n  url: 'https://example.org/{page}#{anchor}'\n",
            "en/_toctree.yml": EN_TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/api.md": HEADER + "# API\n\n[[autodoc]] core.Widget\n",
        }
    )
    build_site(tree, tmp_path / "first", jobs=1)
    assert "First version of the widget." in (tmp_path / "first" / "en" / "api" / "index.html").read_text()
    module.write_text('class Widget:\n    """Second version of the widget, longer."""\n')
    build_site(tree, tmp_path / "second", jobs=1)
    second = (tmp_path / "second" / "en" / "api" / "index.html").read_text()
    assert "Second version of the widget, longer." in second
    assert "First version" not in second


def _aliased_page_converted(autorefs: AutorefsPlugin, inventory: Inventory, page: object) -> None:
    """mkdocstrings documenting `pkg.Trainer` whose alias `pkg.trainer.Trainer` another object of the
    same page has as its own name: an alias is registered only where the inventory lacks the name."""
    url = f"{page.url}#"  # type: ignore[attr-defined]
    autorefs.register_anchor(autorefs.current_page, "pkg.trainer.Trainer", primary=True)
    inventory.register(name="pkg.trainer.Trainer", domain="py", role="class", uri=url + "t", priority=1)
    if "pkg.trainer.Trainer" not in inventory:
        inventory.register(name="pkg.trainer.Trainer", domain="py", role="class", uri=url + "a", priority=2)
    inventory.register(name="pkg.Trainer", domain="py", role="class", uri=url + "a", priority=1)


def test_a_page_converted_ahead_is_only_recorded_and_its_replay_keeps_mkdocstrings_alias_rule():
    """Converted before MkDocs' pass (`_convert_own_pages_first`), a page is autorefs' current one,
    registers nothing yet, and its aliases (recorded against an empty inventory) replace no entry."""
    autorefs, inventory = AutorefsPlugin(), Inventory()
    page = SimpleNamespace(url="api/")
    registry = ObjectRegistry(autorefs, inventory)
    _, objects = registry.recording(
        page, lambda: _aliased_page_converted(autorefs, inventory, page), ahead=True
    )
    assert autorefs.current_page is None and inventory.format_sphinx() == Inventory().format_sphinx()
    assert [entry.priority for entry in objects.inventory] == [1, 2, 1]  # the alias, unchecked, recorded
    registry.replay(objects, page)
    assert inventory["pkg.trainer.Trainer"].priority == 1
    assert inventory["pkg.trainer.Trainer"].uri == "api/#t"
    assert autorefs._primary_url_map == {"pkg.trainer.Trainer": ["api/#pkg.trainer.Trainer"]}


LINKLIB = {
    "__init__.py": "from .core import One as One, Two as Two\n",
    "core.py": (
        'class One:\n    """The first class. See [its sibling](sibling.md)."""\n\n\n'
        'class Two:\n    """The second class. See [a leaf](deeper/leaf.md)."""\n'
    ),
}


def test_two_autodoc_pages_of_one_build_link_relative_to_themselves(write_tree, tmp_path, monkeypatch):
    """One converter renders every page of a language build (`page_render.py`); mkdocstrings rewrites a
    docstring's links relative to the page it documents the object on, also on the second page."""
    package = tmp_path / "installed" / "linklib"
    package.mkdir(parents=True)
    for name, text in LINKLIB.items():
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    locals_ = ("index", "a/one", "a/sibling", "b/c/two", "b/c/deeper/leaf")
    entries = "".join(f"  - local: {local}\n    title: {local}\n" for local in locals_)
    pages = {"a/one": "One", "b/c/two": "Two"}
    files = {
        "polydocs.yml": "library: linklib\n",
        "en/_toctree.yml": f"- sections:\n{entries}  title: S\n",
        "en/index.md": HEADER + "# Home\n",
        "en/a/sibling.md": HEADER + "# A sibling\n",
        "en/b/c/deeper/leaf.md": HEADER + "# A leaf\n",
    }
    files |= {f"en/{local}.md": HEADER + f"# {name}\n\n[[autodoc]] {name}\n" for local, name in pages.items()}
    build_site(write_tree(files), tmp_path / "site", only=["en"])
    # Each docstring's link, resolved from its own page (from the first page, `deeper/leaf.md` is none).
    for local, link in [("a/one", '"../sibling/">its sibling'), ("b/c/two", '"../deeper/leaf/">a leaf')]:
        html = (tmp_path / "site" / "en" / local / "index.html").read_text(encoding="utf-8")
        assert f"<a href={link}</a>" in html, local
