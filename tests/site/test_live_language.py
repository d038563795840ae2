"""`polydocs serve` renders an edit's pages alone with the language build it kept: the served site is then
the site a full build without cache makes, byte for byte; edits it cannot render alone build in full, and
end the same way."""

from pathlib import Path

import pytest

from polydocs.site.build import build_site
from polydocs.site.serve import _IncrementalBuilder
from polydocs.sources.freshness import content_hash
from site_files import site_files
from two_page_site import HEADER, TOC

ES_TOC = "- sections:\n  - local: index\n    title: Inicio\n  title: S\n"
GUIDE = HEADER + "# Guide\n\n## Compile\n\nWord: compilation.\n\n## Export\n\nThen export.\n"


@pytest.fixture
def tree(write_tree, tmp_path, monkeypatch):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": GUIDE,
            "es/_toctree.yml": ES_TOC,
            "es/index.md": HEADER + "# Inicio\n\nVea la [guía](./guide).\n",
        }
    )


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.fixture
def served(tree, tmp_path):
    site = tmp_path / "served"
    build_site(tree, site)
    return site, _IncrementalBuilder(tree, site)


@pytest.mark.parametrize("page", ["es/index.md", "en/guide.md"])
def test_a_second_edit_of_a_page_renders_it_alone_and_serves_a_full_builds_site(page, tree, served, tmp_path):
    site, builder = served
    _append(tree / page, "\nFirst edit.\n")
    builder()  # no kept build yet: the languages the edit touches are built in full, and kept
    kept = dict(builder.live)
    _append(tree / page, "\n## Second edit\n\nA new section, searched.\n")
    builder()
    assert builder.live == kept and kept  # the same builds: nothing was built in full again
    build_site(tree, tmp_path / "full", use_cache=False)
    assert site_files(site / "es") == site_files(tmp_path / "full" / "es")
    assert site_files(site / "en") == site_files(tmp_path / "full" / "en")


def test_an_editors_swap_file_builds_nothing_and_serves_a_full_builds_site(tree, served, tmp_path):
    site, builder = served
    _append(tree / "es" / "index.md", "\nFirst edit.\n")
    builder()
    kept = dict(builder.live)
    (tree / "es" / ".index.md.swp").write_bytes(b"\x00swap")
    (tree / "es" / ".#index.md").symlink_to("root@host.1234")  # Emacs' lock: a link to nothing
    builder()
    assert builder.live == kept
    build_site(tree, tmp_path / "full", use_cache=False)
    assert site_files(site / "es") == site_files(tmp_path / "full" / "es")


def test_a_toctree_edit_builds_the_language_in_full(tree, served, tmp_path):
    site, builder = served
    _append(tree / "es" / "index.md", "\nFirst edit.\n")
    builder()
    kept = builder.live["es"]
    toctree = tree / "es" / "_toctree.yml"
    toctree.write_text(ES_TOC.replace("Inicio", "Portada"), encoding="utf-8")
    builder()
    assert builder.live["es"] is not kept
    build_site(tree, tmp_path / "full", use_cache=False)
    assert site_files(site / "es") == site_files(tmp_path / "full" / "es")


def _served_as_a_full_build_serves(tree: Path, site: Path, scratch: Path) -> None:
    build_site(tree, scratch / "full", use_cache=False)
    for lang in ("en", "es"):
        assert site_files(site / lang) == site_files(scratch / "full" / lang), lang


def test_an_english_edit_shows_the_translation_it_makes_outdated_without_building_again(
    tree, served, tmp_path
):
    site, builder = served
    (tree / "es" / "guide.md").write_text(GUIDE.replace("Guide", "Guía"), encoding="utf-8")
    lock = f"es:\n  guide: {content_hash(GUIDE)}\n"
    (tree / "translations.lock.yml").write_text(lock, encoding="utf-8")
    builder()  # settings and page lists changed: every language built in full, and kept
    assert "Traducción desactualizada" not in (site / "es" / "guide" / "index.html").read_text("utf-8")
    kept = dict(builder.live)
    _append(tree / "en" / "guide.md", "\nA sentence the translation lacks.\n")
    builder()
    assert builder.live == kept  # rendered alone: the English page, the translation, the status pages
    assert "Traducción desactualizada" in (site / "es" / "guide" / "index.html").read_text("utf-8")
    _served_as_a_full_build_serves(tree, site, tmp_path)


EDITS = {
    "an added page": lambda tree: (tree / "es" / "nueva.md").write_text(HEADER + "# Nueva\n", "utf-8"),
    "a deleted page": lambda tree: (tree / "en" / "guide.md").unlink(),
    "a renamed page": lambda tree: (tree / "es" / "index.md").rename(tree / "es" / "inicio.md"),
    "an edited polydocs.yml": lambda tree: (tree / "polydocs.yml").write_text(
        "site_name: Renamed\n", "utf-8"
    ),
    "an edited English toctree": lambda tree: _append(
        tree / "en" / "_toctree.yml", "- local: x\n  title: X\n"
    ),
}


@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_an_edit_of_the_sites_structure_serves_what_a_full_build_makes(edit, tree, served, tmp_path):
    site, builder = served
    _append(tree / "es" / "index.md", "\nFirst edit.\n")
    _append(tree / "en" / "guide.md", "\nFirst edit.\n")
    builder()  # both languages built and kept
    edit(tree)
    builder()
    _served_as_a_full_build_serves(tree, site, tmp_path)
