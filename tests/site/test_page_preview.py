"""`polydocs serve` builds the pages a writer opens alone before their language (`site/page_preview.py`):
the previewed page is the page the language's build writes, byte for byte, no other page is converted
for it, and the served language ends as a full build makes it. Over HTTP: `test_serve.py`."""

from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.site.build import build_site
from polydocs.site.page_preview import asked_pages, published_file
from polydocs.site.serve import _IncrementalBuilder
from polydocs.site.serve_languages import LanguageQueue
from site_files import site_files
from two_page_site import HEADER, TOC

ES_TOC = "- sections:\n  - local: index\n    title: Inicio\n  title: S\n"


@pytest.fixture
def tree(write_tree, tmp_path, monkeypatch):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": HEADER + "# Guide\n\n## Compile\n\n```py\nprint('compiled')\n```\n",
            "es/_toctree.yml": ES_TOC,
            "es/index.md": HEADER + "# Inicio\n\nVea la [guía](./guide).\n\n> [!TIP]\n> Compile.\n",
        }
    )


def _cached_pages(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "cache" / "site" / "pages").rglob("*.json"))


@pytest.mark.parametrize("asked", ["/es/guide/", "/es/"])
def test_a_previewed_page_is_the_page_its_languages_build_writes_and_converts_no_other(asked, tree, tmp_path):
    site = tmp_path / "served"
    site.mkdir()
    builder = _IncrementalBuilder(tree, site, read=False)
    builder.queue = LanguageQueue(lambda: builder.prepare("es"), builder.build_waiting)
    builder.queue.ask("es", asked)  # before the tree is read, as a browser opened with serve does
    builder.prepare("es")
    page = "guide/index.html" if "guide" in asked else "index.html"

    builder._preview("es", builder._pages_to_preview("es", home=False))
    pages = sorted(path.relative_to(site / "es").as_posix() for path in (site / "es").rglob("*.html"))
    assert pages == [page]  # no other page, no status page, and no search index or notebook
    assert not (site / "es" / "search").exists() and not list((site / "es").rglob("*.ipynb"))
    assert len(_cached_pages(tmp_path)) == 1  # only the previewed page was converted
    build_site(tree, tmp_path / "full", use_cache=False)
    assert (site / "es" / page).read_bytes() == (tmp_path / "full" / "es" / page).read_bytes()

    builder.build_waiting("es")  # the language's build replaces the preview
    assert site_files(site / "es") == site_files(tmp_path / "full" / "es")


def test_with_no_page_asked_the_first_language_previews_its_home_page_and_a_later_one_nothing(tree, tmp_path):
    (tmp_path / "served").mkdir()
    builder = _IncrementalBuilder(tree, tmp_path / "served", read=False)
    builder.prepare("es")
    assert builder._pages_to_preview("es", home=True) == ["index.md"]
    assert builder._pages_to_preview("es", home=True) == []  # shown already
    assert builder._pages_to_preview("en", home=False) == []


def test_request_paths_name_the_pages_they_open_in_the_order_asked(tree):
    model = load_source_tree(tree)
    paths = ["/es/guide/", "/es/assets/x.css", "/es/", "/es/guide/index.html", "/en/guide/", "/es/nada/"]
    assert asked_pages(model, "es", paths) == ["guide.md", "index.md"]


def test_the_queue_gives_each_languages_asked_paths_once_in_order():
    queue = LanguageQueue(lambda: ["en", "es"], lambda lang: None)
    for path in ("/es/b/", "/es/a/", "/es/b/", "/en/"):
        queue.ask(path.split("/")[1], path)
    assert queue.asked_paths("es") == ["/es/b/", "/es/a/"]
    assert queue.asked_paths("es") == []


def test_only_files_inside_the_served_folder_count_as_published(tmp_path):
    site = tmp_path / "site"
    (site / "es" / "guide").mkdir(parents=True)
    (site / "es" / "guide" / "index.html").write_text("<html>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("x", encoding="utf-8")
    assert published_file(site, "/es/guide/") and published_file(site, "/es/guide/index.html")
    assert not published_file(site, "/es/") and not published_file(site, "/es/../../secret.txt")
