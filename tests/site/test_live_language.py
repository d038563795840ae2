"""`polydocs serve` renders an edit's pages alone with the language build it kept: the served site is then
the site a full build without cache makes, byte for byte; edits it cannot render alone build in full."""

from pathlib import Path

import pytest

from polydocs.site.build import build_site
from polydocs.site.serve import _IncrementalBuilder

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: guide\n    title: Guide\n  title: S\n"
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


def _files(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes() for path in site.rglob("*") if path.is_file()
    }


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
    assert _files(site / "es") == _files(tmp_path / "full" / "es")
    assert _files(site / "en") == _files(tmp_path / "full" / "en")


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
    assert _files(site / "es") == _files(tmp_path / "full" / "es")
