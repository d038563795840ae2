"""A rebuild skips a language only when nothing it is built from changed and its output is intact; every
other rebuild publishes what a build without any cache publishes, byte for byte."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from polydocs.site.build import BuildFailed, build_site
from site_files import site_files
from two_page_site import HEADER, TOC

ES_TOC = "- sections:\n  - local: index\n    title: Inicio\n  title: S\n"


@pytest.fixture
def tree(write_tree, tmp_path, monkeypatch):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    return write_tree(
        {
            "polydocs.yml": "site_name: Toy docs\n",
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": HEADER + "# Guide\n\n## Compile\n\nWord: compilation.\n",
            "es/_toctree.yml": ES_TOC,
            "es/index.md": HEADER + "# Inicio\n\nVea la [guía](./guide).\n",
        }
    )


def _stats(site: Path) -> dict[str, tuple[int, int]]:
    return {
        path.relative_to(site).as_posix(): (path.stat().st_ino, path.stat().st_mtime_ns)
        for path in site.rglob("*")
        if path.is_file()
    }


def _unchanged(report) -> list[str]:
    return [result.lang for result in report.languages if result.unchanged]


def test_a_rebuild_with_nothing_changed_builds_no_language_and_writes_no_file(tree, tmp_path):
    first = build_site(tree, tmp_path / "site")
    before = _stats(tmp_path / "site")
    again = build_site(tree, tmp_path / "site")
    assert _unchanged(first) == [] and _unchanged(again) == ["en", "es"]
    assert _stats(tmp_path / "site") == before  # the same files: not written again, not replaced
    assert [result.pages for result in again.languages] == [result.pages for result in first.languages]


def test_a_skipped_language_reports_the_problems_its_build_found(tree, tmp_path):
    page = tree / "es" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nVea [nada](./missing_page).\n", encoding="utf-8")
    first = build_site(tree, tmp_path / "site")
    again = build_site(tree, tmp_path / "site")
    assert _unchanged(again) == ["en", "es"]
    assert again.warnings == first.warnings and any("missing_page" in w for w in first.warnings)
    with pytest.raises(BuildFailed):
        build_site(tree, tmp_path / "site", strict=True)


def _edit(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _rename_the_guide(tree: Path, site: Path) -> None:
    (tree / "en" / "guide.md").rename(tree / "en" / "howto.md")
    _edit(tree / "en" / "_toctree.yml", "local: guide", "local: howto")
    _edit(tree / "en" / "index.md", "./guide", "./howto")


EDITS: dict[str, tuple[Callable[[Path, Path], None], list[str]]] = {
    # An edit of a Spanish page: English is left as it is.
    "a translated page": (lambda tree, site: _edit(tree / "es" / "index.md", "Vea", "Lea"), ["en"]),
    # The English guide is also Spanish readers' guide (a fallback).
    "an English page a fallback shows": (
        lambda tree, site: _edit(tree / "en" / "guide.md", "compilation", "recompilation"),
        [],
    ),
    "a renamed page": (_rename_the_guide, []),
    "a toctree title": (lambda tree, site: _edit(tree / "es" / "_toctree.yml", "Inicio", "Portada"), ["en"]),
    "polydocs.yml": (lambda tree, site: _edit(tree / "polydocs.yml", "Toy docs", "Toy manual"), []),
    "a deleted output file": (lambda tree, site: (site / "es" / "guide" / "index.html").unlink(), ["en"]),
    "an edited output file": (
        lambda tree, site: (site / "en" / "index.html").write_text("defaced", encoding="utf-8"),
        ["es"],
    ),
}


@pytest.mark.parametrize("edit", EDITS, ids=list(EDITS))
def test_a_rebuild_after_an_edit_publishes_what_a_build_without_cache_does(edit, tree, tmp_path):
    change, left_as_they_were = EDITS[edit]
    site = tmp_path / "site"
    build_site(tree, site)
    change(tree, site)
    rebuilt = build_site(tree, site)
    uncached = build_site(tree, tmp_path / "uncached", use_cache=False)
    assert _unchanged(rebuilt) == left_as_they_were
    assert site_files(site) == site_files(tmp_path / "uncached")
    assert rebuilt.warnings == uncached.warnings


def test_a_build_into_another_folder_builds_every_language(tree, tmp_path):
    build_site(tree, tmp_path / "site")
    other = build_site(tree, tmp_path / "other")
    assert _unchanged(other) == []
    assert site_files(tmp_path / "other") == site_files(tmp_path / "site")


def test_a_language_kept_beside_a_rebuilt_one_shares_its_published_files(tree, tmp_path):
    site = tmp_path / "site"
    build_site(tree, site)
    english = _stats(site / "en")
    _edit(tree / "es" / "index.md", "Vea", "Lea")
    build_site(tree, site)
    assert _stats(site / "en") == english  # hard links to the same files, not copies
    assert os.stat(site / "es" / "index.html").st_nlink == 1


def test_an_edit_of_one_page_renders_that_page_alone(tree, tmp_path):
    site = tmp_path / "site"
    build_site(tree, site)
    before = _stats(site)
    _edit(tree / "en" / "guide.md", "compilation", "recompilation")
    build_site(tree, site)
    after = _stats(site)
    changed = sorted(name for name in after if after[name] != before.get(name))
    # The guide and its notebook in both languages (English's text is Spanish readers' guide), and each
    # language's search index; every other file is still the published file.
    assert changed == [
        "en/guide/guide.ipynb",
        "en/guide/index.html",
        "en/search/search_index.json",
        "es/guide/guide.ipynb",
        "es/guide/index.html",
        "es/search/search_index.json",
    ]
