"""What the search index holds of polydocs' own additions (banners, the notebook link): nothing; and a page
falling back to English shares English's entries. Real MkDocs builds of a two-language tree."""

import json
import re
from collections import Counter

from material.plugins.search import plugin as material_search

from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
EN_TOC = "- sections:\n  - local: index\n    title: Home\n  - local: extra\n    title: Extra\n  title: S\n"
# A Python block: the page gets a notebook, and so a "Download notebook" link above its text.
EXTRA = HEADER + "# Extra\n\nOnly in English.\n\n```py\nprint('hi')\n```\n\n## More\n\nA second section.\n"


def _entries(site, lang, page):
    index = json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
    return [doc for doc in index["docs"] if doc["location"].split("#")[0] == page]


def _as_in_english(entries):
    """A fallback's Spanish entries, whose page entry alone has the title the navigation shows (its
    English title, said to be English): that title back to English's."""
    page = [doc for doc in entries if doc["location"] == "extra/"]
    assert [doc["title"] for doc in page] == ["Extra (en inglés)"]
    return [{**doc, "title": "Extra"} if doc["location"] == "extra/" else doc for doc in entries]


def test_banners_and_notebook_links_are_not_indexed_and_a_fallback_shares_englishs_entries(
    write_tree, tmp_path, monkeypatch
):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    indexed: Counter[str] = Counter()
    index_page = material_search.SearchIndex.add_entry_from_context

    def counted(self, page):
        indexed[page.url] += 1
        return index_page(self, page)

    monkeypatch.setattr(material_search.SearchIndex, "add_entry_from_context", counted)
    tree = write_tree(
        {
            "en/_toctree.yml": EN_TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/extra.md": EXTRA,
            "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: S\n",
            "es/index.md": HEADER + "# Inicio\n",
        }
    )
    site = tmp_path / "site"
    build_site(tree, site, jobs=1)  # in this process, English first: its entries are there to share

    english, spanish = _entries(site, "en", "extra/"), _entries(site, "es", "extra/")
    assert any("Only in English." in doc["text"] for doc in spanish)
    assert _as_in_english(spanish) == english
    texts = " ".join(doc["text"] for lang in ("en", "es") for doc in _entries(site, lang, "extra/"))
    assert "notebook" not in texts.lower() and "Aún no traducida" not in texts
    # Material's indexer read the fallback page once, for English; Spanish took its entries.
    assert indexed["extra/"] == 1
    # The banner and the link are still published, without the indexer's hint.
    published = (site / "es" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "Aún no traducida" in published and "extra.ipynb" in published
    assert "data-search-exclude" not in published


def test_a_fallback_indexed_on_its_own_is_marked_english_and_has_englishs_entries(write_tree, tmp_path):
    # Without a cache Spanish indexes its fallback page itself: under its banner and inside the element
    # that marks its text as English, Material's indexer finds what it finds in English's page.
    tree = write_tree(
        {
            "en/_toctree.yml": EN_TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/extra.md": EXTRA,
            "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: S\n",
            "es/index.md": HEADER + "# Inicio\n",
        }
    )
    site = tmp_path / "site"
    build_site(tree, site, use_cache=False)
    assert _as_in_english(_entries(site, "es", "extra/")) == _entries(site, "en", "extra/")
    marked = '<div class="polydocs-shown-in" lang="en" dir="ltr">'
    assert marked in (site / "es" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-shown-in" not in (site / "en" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-shown-in" not in (site / "es" / "index.html").read_text(encoding="utf-8")


def _search_worker(page_html):
    config = page_html.split('<script id="__config" type="application/json">', 1)[1].split("</script>", 1)[0]
    return json.loads(config)["search"]


def test_translations_search_through_polydocs_worker_and_english_through_materials(write_tree, tmp_path):
    tree = write_tree(
        {
            "en/_toctree.yml": EN_TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/extra.md": HEADER + "# Extra\n",
            "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: S\n",
            "es/index.md": HEADER + "# Inicio\n",
        }
    )
    site = tmp_path / "site"
    build_site(tree, site, jobs=1)

    english = _search_worker((site / "en" / "extra" / "index.html").read_text(encoding="utf-8"))
    assert english.startswith("../assets/javascripts/workers/search.") and "polydocs" not in english
    material = english.rsplit("/", 1)[1]
    for page in ("index.html", "extra/index.html", "404.html"):
        worker = _search_worker((site / "es" / page).read_text(encoding="utf-8"))
        # Beside Material's worker: Material loads its lunr languages relative to the running worker.
        assert worker.endswith(f"assets/javascripts/workers/polydocs-search.js?worker={material}"), page
    workers = site / "es" / "assets" / "javascripts" / "workers"
    assert (workers / "polydocs-search.js").is_file() and (workers / material).is_file()


def test_a_tables_cells_are_words_apart_in_the_index_and_the_page_is_published_as_rendered(built_docs_src):
    # The benchmark tables are written without white space between cells: `ViT-base`, then
    # `clasificación de imágenes`, then `1` were indexed as `ViT-baseclasificación de imágenes1`.
    index = json.loads((built_docs_src / "es" / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    words = {
        part
        for doc in index["docs"]
        if doc["location"].startswith("perf_torch_compile/")
        for part in separator.split(doc["text"].lower())
    }
    assert {"clasificación", "imágenes", "vit", "base"} <= words
    assert not [word for word in words if word.startswith(("baseclasificación", "imágenes1"))]
    page = (built_docs_src / "es" / "perf_torch_compile" / "index.html").read_text(encoding="utf-8")
    assert "</td><td" in page and "</td>\n<td" not in page
