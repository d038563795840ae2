"""What makes rebuilds fast must not change what is built: cached pages, cached search entries."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.site.build import build_site
from two_page_site import HEADER, TOC

REPO = Path(__file__).resolve().parents[2]
GUIDE = HEADER + "# Guide\n\n## Compile\n\nWord: compilation.\n\n```py\nimport torch\nprint(torch)\n```\n"


@pytest.fixture
def tree(write_tree):
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": GUIDE,
            "es/_toctree.yml": TOC.replace("Home", "Inicio"),
            "es/index.md": HEADER + "# Inicio\n\nPalabra: compilación.\n",
        }
    )


def _search_index(site: Path, lang: str) -> dict[str, object]:
    return json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))


def _cache(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Path:
    monkeypatch.setenv("POLYDOCS_CACHE", str(folder))
    return folder / "site"


def test_cached_build_publishes_the_same_site_as_an_uncached_one(tree, tmp_path, monkeypatch):
    cache = _cache(monkeypatch, tmp_path / "cache")
    uncached = build_site(tree, tmp_path / "uncached", use_cache=False)
    build_site(tree, tmp_path / "first")
    cached = build_site(tree, tmp_path / "cached")
    assert any((cache / "pages").glob("*.json")) and any((cache / "search").glob("*.json"))
    assert cached.warnings == uncached.warnings
    for lang in ["en", "es"]:
        assert _search_index(tmp_path / "cached", lang) == _search_index(tmp_path / "uncached", lang)
    for page in ["en/guide/index.html", "es/guide/index.html", "es/index.html"]:
        built = (tmp_path / "cached" / page).read_bytes()
        assert built == (tmp_path / "uncached" / page).read_bytes()


def test_search_box_and_index_come_from_the_plugin_that_runs_material_search(tree, tmp_path):
    build_site(tree, tmp_path / "site")
    page = (tmp_path / "site" / "es" / "guide" / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="search"' in page and 'for="__search"' in page
    assert "data-search-" not in page  # Material's indexing hints are not published
    index = _search_index(tmp_path / "site", "es")
    assert index["config"]["lang"] == ["es"]  # type: ignore[index]
    locations = {doc["location"] for doc in index["docs"]}  # type: ignore[attr-defined]
    assert {"", "guide/", "guide/#compile"} <= locations


def test_an_edit_is_indexed_again_while_unchanged_pages_reuse_their_entries(tree, tmp_path, monkeypatch):
    cache = _cache(monkeypatch, tmp_path / "cache")
    build_site(tree, tmp_path / "site")
    entries_before = set((cache / "search").glob("*.json"))
    guide = tree / "en" / "guide.md"
    guide.write_text(GUIDE.replace("compilation", "recompilation"), encoding="utf-8")
    build_site(tree, tmp_path / "site")
    added = set((cache / "search").glob("*.json")) - entries_before
    # The English guide is shown in both languages, the second under its banner, which the index leaves
    # out: the new version is indexed once, and the other language takes its entries.
    assert len(added) == 1
    texts = [doc["text"] for doc in _search_index(tmp_path / "site", "es")["docs"]]  # type: ignore[index]
    assert any("recompilation" in text for text in texts)


def test_new_benchmark_results_convert_the_page_showing_them_again(tree, tmp_path, monkeypatch):
    cache = _cache(monkeypatch, tmp_path / "cache")
    results = (REPO / "docs_src" / "_data" / "benchmarks").glob("*.json")
    data = tree / "_data" / "benchmarks"
    data.mkdir(parents=True)
    first = sorted(results)[0]
    (data / first.name).write_bytes(first.read_bytes())
    guide = tree / "en" / "guide.md"
    guide.write_text(GUIDE + "\n<!-- polydocs: benchmarks -->\n", encoding="utf-8")
    build_site(tree, tmp_path / "site", strict=True)
    pages_before = set((cache / "pages").glob("*.json"))
    (data / f"again-{first.name}").write_bytes(first.read_bytes())
    build_site(tree, tmp_path / "site", strict=True)
    # Only the English guide (shown in both languages, converted once) shows the results.
    assert len(set((cache / "pages").glob("*.json")) - pages_before) == 1


def test_converted_pages_depend_on_polydocs_own_code(tmp_path, monkeypatch):
    # An editable install changes the code that converts pages without changing polydocs' version.
    import polydocs
    from polydocs import converter_versions

    package = tmp_path / "polydocs"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "callouts.py").write_text("TITLE = 'Tip'\n", encoding="utf-8")
    monkeypatch.setattr(polydocs, "__file__", str(package / "__init__.py"))
    before = converter_versions.own_code_digest()
    (package / "callouts.py").write_text("TITLE = 'Hint'\n", encoding="utf-8")
    assert converter_versions.own_code_digest() != before


def test_a_cached_page_keeps_the_title_its_conversion_found(write_tree, tmp_path, monkeypatch):
    # Not in the toctree, so MkDocs titles the pages from their text: from the `# ` heading only when it
    # is the page's first element (else from the file name), and a cached page must not differ.
    toc = "- sections:\n  - local: index\n    title: Home\n  title: S\n"
    source = write_tree(
        {
            "en/_toctree.yml": toc,
            "en/index.md": HEADER + "# Home\n",
            "en/first.md": HEADER + "# Heading first\n\nText.\n",
            "en/later_title.md": HEADER + "<SomeWidget />\n\n# Heading second\n\nText.\n",
        }
    )
    _cache(monkeypatch, tmp_path / "cache")

    def titles(site: Path) -> list[str]:
        pages = ["first", "later_title"]
        return [_title(site / "en" / page / "index.html") for page in pages]

    uncached = build_site(source, tmp_path / "uncached", use_cache=False)
    build_site(source, tmp_path / "first")
    build_site(source, tmp_path / "cached")
    assert uncached.diagnostics
    assert titles(tmp_path / "cached") == titles(tmp_path / "uncached")
    assert titles(tmp_path / "uncached")[0].startswith("Heading first")


def _title(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text.split("<title>", 1)[1].split("</title>", 1)[0]


_PAGE_KEY = """
from polydocs.sources.api_inventory import ApiInventory
from polydocs.site.page_cache import fingerprint
from polydocs.cache import stable_repr
names = frozenset(f"peft.N{i}" for i in range(9))
api = ApiInventory("https://x/{name}", {"A": "a"}, "peft", undocumentable=names)
print(fingerprint("# Page", stable_repr(api)))
"""


def test_a_page_cache_key_is_the_same_in_every_process():
    # A set's repr follows the process's string hashing: keys made with it missed the cache on every
    # build of a tree with undocumentable autodoc objects (peft's: 80 of its 84 pages).
    keys = set()
    for seed in ["1", "2", "3"]:
        environment = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO / "src")}
        run = subprocess.run(
            [sys.executable, "-c", _PAGE_KEY], env=environment, capture_output=True, text=True, check=True
        )
        keys.add(run.stdout)
    assert len(keys) == 1
