"""A top-level navigation entry that does not hold the page is rendered once per page folder and reused:
every page is byte for byte what rendering each entry for each page gives."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml
from markupsafe import Markup
from mkdocs.structure.nav import Link, Section

from polydocs.site import nav_markup
from polydocs.site.build import build_site
from polydocs.site.nav_markup import TopLevelEntries
from site_files import site_files


def _toctree() -> list[dict[str, object]]:
    """Pages of one folder in two top-level sections, and a page (`tasks`) another section's pages
    lie under (`tasks/asr`): its links to them are relative to itself alone."""
    guides = [{"local": local, "title": local} for local in ("index", "install", "tasks", "quicktour")]
    tasks = [{"local": f"tasks/{name}", "title": name} for name in ("asr", "translation")]
    models = [{"local": f"models/{name}", "title": name} for name in ("bert", "t5")]
    nested = {"title": "Text", "sections": [{"local": "models/text/gpt2", "title": "gpt2"}]}
    return [
        {"title": "Guides", "sections": guides},
        {"title": "Tasks", "sections": tasks},
        {"title": "Models", "sections": [*models, nested]},
        {"title": "Elsewhere", "sections": [{"local": "https://example.org/", "title": "Out"}]},
    ]


def _pages(toc: list[dict[str, object]]) -> list[str]:
    found: list[str] = []
    for entry in toc:
        local = entry.get("local")
        if isinstance(local, str) and "://" not in local:
            found.append(local)
        found += _pages(entry.get("sections", []))  # type: ignore[arg-type]
    return found


def test_every_page_is_what_rendering_each_entry_for_it_gives(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    toc = _toctree()
    for local in _pages(toc):
        (docs / "en" / f"{local}.md").parent.mkdir(parents=True, exist_ok=True)
        (docs / "en" / f"{local}.md").write_text(f"# {local}\n\n## Part\n\nText.\n", encoding="utf-8")
    (docs / "en" / "_toctree.yml").write_text(yaml.safe_dump(toc), encoding="utf-8")
    build_site(docs, tmp_path / "reused", use_cache=False)
    calls: list[str] = []

    def each_time(self, render, entry, path, page):
        calls.append(path)
        return render(entry, path, 1)

    monkeypatch.setattr(TopLevelEntries, "__call__", each_time)
    build_site(docs, tmp_path / "each", use_cache=False)
    assert calls  # the theme renders its top-level entries through it
    reused, each = site_files(tmp_path / "reused"), site_files(tmp_path / "each")
    assert len(each) > len(_pages(toc))
    assert reused == each


def test_an_entry_is_rendered_once_per_folder_and_never_for_a_page_its_links_lie_under():
    section = Section("Tasks", [Link("asr", "tasks/asr/"), Link("translation", "tasks/translation/")])
    rendered: list[str] = []

    def render(entry: object, path: str, level: int) -> Markup:
        rendered.append(path)
        return Markup(f"<li>{len(rendered)}</li>")

    def page(url: str) -> Any:
        return SimpleNamespace(url=url)

    entries = TopLevelEntries()
    first = entries(render, section, "__nav_2", page("install/"))
    assert entries(render, section, "__nav_2", page("quicktour/")) == first  # the same folder and depth
    assert len(rendered) == 1
    entries(render, section, "__nav_2", page("tasks/"))  # its links lie under this page's URL
    entries(render, section, "__nav_2", page("tasks/"))
    entries(render, section, "__nav_2", page("models/bert/"))  # another folder
    entries(render, section, "__nav_2", page(""))  # the home page: every link lies under it
    assert len(rendered) == 5
    theme = Path(nav_markup.__file__).parent / "theme" / "partials" / "nav.html"
    assert nav_markup.TEMPLATE_GLOBAL in theme.read_text(encoding="utf-8")
