"""Translation freshness: the lock file, `polydocs status`, `--mark`, and the status page."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from lint_support import CASES, write_toctrees

from polydocs.cli import main
from polydocs.dialect import load_source_tree
from polydocs.lint.status_page import render_status_markdown
from polydocs.sources import Freshness, language_of
from polydocs.sources.freshness import LOCK_NAME
from polydocs.sources.languages import catalog_strings


def load_freshness(source: Path) -> Freshness:
    return load_source_tree(source).freshness


HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    root = tmp_path / "docs_src"
    pages = {
        "en/intro.md": "# Introduction\n",
        "en/guide.md": "# Guide\n\nStep one.\n",
        "en/extra.md": "# Extra\n",
        "es/intro.md": "# Introducción\n",
        "es/guide.md": "# Guía\n\nPaso uno.\n",
        "pt/intro.md": "# Introdução\n",
    }
    for name, text in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(HEADER + text, encoding="utf-8")
    write_toctrees(root)
    return root


def test_translations_start_untracked_and_missing(source: Path) -> None:
    freshness = load_freshness(source)
    assert freshness.state("es", "guide") == "untracked"
    assert freshness.state("es", "extra") == "missing"
    assert freshness.state("en", "guide") == "current"


def test_editing_english_makes_translations_outdated_until_marked(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", "--source", str(source), "--mark", "es/guide.md", "--mark", "pt"]) == 0
    assert load_freshness(source).state("es", "guide") == "current"
    assert "es:" in (source / LOCK_NAME).read_text(encoding="utf-8")

    english = source / "en" / "guide.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nStep two.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["status", "--source", str(source), "--check"]) == 1
    out = capsys.readouterr().out
    assert "es: 0 current, 1 outdated, 1 untracked, 1 missing (of 3 pages, as the build counts them)" in out
    assert "  outdated  es/guide.md" in out
    assert load_freshness(source).state("pt", "intro") == "current"

    assert main(["status", "--source", str(source), "--mark", str(source / "es" / "guide.md")]) == 0
    assert load_freshness(source).state("es", "guide") == "current"


def test_whitespace_and_line_endings_do_not_outdate(source: Path) -> None:
    assert main(["status", "--source", str(source), "--mark", "es/guide.md"]) == 0
    english = source / "en" / "guide.md"
    english.write_bytes(english.read_bytes().replace(b"\n", b"  \r\n"))
    assert load_freshness(source).state("es", "guide") == "current"


def test_marking_a_page_without_translation_fails(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "--source", str(source), "--mark", "es/extra.md"]) == 1
    assert "there is no translation es/extra.md yet" in capsys.readouterr().err


def test_malformed_lock_is_reported_with_its_line(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (source / LOCK_NAME).write_text("es:\n  guide: 1234\n", encoding="utf-8")
    assert main(["status", "--source", str(source)]) == 1
    assert f"{LOCK_NAME}:2: freshness-lock `guide` has no sha256: hash" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_status_page_matches_golden_file(source: Path, lang: str) -> None:
    assert main(["status", "--source", str(source), "--mark", "es/intro.md", "--mark", "es/guide.md"]) == 0
    english = source / "en" / "guide.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nStep two.\n", encoding="utf-8")
    page = render_status_markdown(load_source_tree(source), language_of(lang))
    golden = CASES / "status_page" / f"{lang}.md"
    if os.environ.get("POLYDOCS_UPDATE_GOLDEN"):
        golden.write_text(page, encoding="utf-8")
    assert page == golden.read_text(encoding="utf-8")


def test_status_lists_the_interface_strings_a_language_still_shows_in_english(
    write_tree, capsys: pytest.CaptureFixture[str]
) -> None:
    toc = "- local: index\n  title: Home\n"
    files = {f"{lang}/{name}": text for lang in ("en", "es", "th") for name, text in [("_toctree.yml", toc)]}
    files |= {"en/index.md": "# Home\n", "es/index.md": "# Inicio\n", "th/index.md": "# หน้าแรก\n"}
    root = write_tree(files)
    assert main(["status", "--source", str(root)]) == 0
    out = capsys.readouterr().out
    total = len(catalog_strings("en"))
    assert f"  interface: all {total} strings in es" in out
    assert f"  interface: {total} of {total} strings shown in English (no th translation" in out
    assert "callout.tip, " in out


def test_status_counts_add_up_to_the_pages_the_build_counts(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One rule of what a page is (`SourceTree.site_pages`): the generated status page and a redirect's
    stub are not pages of the tree; a page only in Spanish is one of Spanish's."""
    (source / "es" / "solo.md").write_text(HEADER + "# Solo\n", encoding="utf-8")
    write_toctrees(source)
    (source / "en" / "_redirects.yml").write_text("old_guide: guide\n", encoding="utf-8")
    report = tmp_path / "report.json"
    built = main(
        ["build", "--source", str(source), "--out", str(tmp_path / "site"), "--report-json", str(report)]
    )
    assert built == 0
    pages = json.loads(report.read_text(encoding="utf-8"))["pages"]
    assert pages == {"en": 3, "es": 4, "pt": 3}
    capsys.readouterr()
    assert main(["status", "--source", str(source)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line[:3] in ("es:", "pt:")]
    assert lines == [
        "es: 0 current, 0 outdated, 3 untracked, 1 missing (of 4 pages, as the build counts them: 3 English "
        "and 1 only in es)",
        "pt: 0 current, 0 outdated, 1 untracked, 2 missing (of 3 pages, as the build counts them)",
    ]
    for line in lines:
        counts = [int(part.split()[0]) for part in line.split(":")[1].split("(")[0].split(",")]
        assert sum(counts) == pages[line[:2]]
