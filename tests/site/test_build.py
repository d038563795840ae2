"""Real MkDocs builds of a small three-language tree."""

import json
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
EN_TOC = """
- sections:
  - local: index
    title: Home
  - local: guide
    title: Guide
  - local: extra
    title: Extra
  title: Start
"""


def _toc(home: str, guide: str) -> str:
    entries = f"  - local: index\n    title: {home}\n  - local: guide\n    title: {guide}\n"
    return f"- sections:\n{entries}  title: S\n"


@pytest.fixture
def small_tree(write_tree):
    return write_tree(
        {
            "en/_toctree.yml": EN_TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": HEADER + "# Guide\n\n> [!TIP]\n> Compile once.\n\nWord: compilation.\n",
            "en/extra.md": HEADER + "# Extra\n\nOnly in English.\n",
            "es/_toctree.yml": _toc("Inicio", "Guía"),
            "es/index.md": HEADER + "# Inicio\n",
            "es/guide.md": HEADER + "# Guía\n\n> [!TIP]\n> Compila una vez.\n\nPalabra: compilación.\n",
            "pt/_toctree.yml": _toc("Início", "Guia"),
            "pt/index.md": HEADER + "# Início\n",
            "pt/guide.md": HEADER + "# Guia\n\nPalavra: compilação.\n",
        }
    )


def test_every_language_is_built_with_its_own_language_settings(small_tree, tmp_path):
    out = tmp_path / "site"
    report = build_site(small_tree, out, strict=True)
    assert [result.lang for result in report.languages] == ["en", "es", "pt"]
    guide_es = (out / "es" / "guide" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="es"' in guide_es
    assert 'hreflang="pt"' in guide_es and 'href="../../pt/guide/"' in guide_es
    assert 'href="../../en/guide/"' in guide_es
    assert "Consejo" in guide_es  # the TIP callout's title in Spanish
    assert "fonts.googleapis.com" not in guide_es
    search = json.loads((out / "es" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert search["config"]["lang"] == ["es"]
    assert any("compilación" in doc["text"] for doc in search["docs"])
    assert not any(
        "compilation." in doc["text"] for doc in search["docs"] if doc["location"].startswith("guide")
    )


def test_untranslated_page_falls_back_to_english_with_a_banner(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    extra_pt = (out / "pt" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "Only in English." in extra_pt
    assert "Ainda não traduzida" in extra_pt
    assert "Only in English." in (out / "en" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "Ainda não traduzida" not in (out / "pt" / "guide" / "index.html").read_text(encoding="utf-8")


def test_root_page_links_every_language_without_javascript(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    root = (out / "index.html").read_text(encoding="utf-8")
    for code in ["en", "es", "pt"]:
        assert f'<a href="{code}/" hreflang="{code}"' in root


def test_strict_build_fails_listing_warnings_and_keeps_the_previous_site(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    before = (out / "es" / "guide" / "index.html").read_text(encoding="utf-8")
    guide = small_tree / "es" / "guide.md"
    guide.write_text(
        guide.read_text(encoding="utf-8") + "\n> [!SHOUT]\n> Nope.\n\n[x](./nowhere)\n", encoding="utf-8"
    )
    with pytest.raises(PolydocsError) as raised:
        build_site(small_tree, out, strict=True)
    message = str(raised.value)
    assert "es/guide.md:10: callout-unknown" in message
    assert "es/guide.md:13: link-missing" in message
    assert (out / "es" / "guide" / "index.html").read_text(encoding="utf-8") == before
    assert not list(tmp_path.glob(".site-build-*"))


def test_partial_build_replaces_only_the_named_languages(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    marker = out / "en" / "marker.txt"
    marker.write_text("kept", encoding="utf-8")
    report = build_site(small_tree, out, only=["es"])
    assert [result.lang for result in report.languages] == ["es"]
    assert marker.read_text(encoding="utf-8") == "kept"


def test_corpus_builds_every_language_with_located_warnings(corpus, tmp_path: Path):
    report = build_site(corpus, tmp_path / "site")
    assert {result.lang for result in report.languages} == {"en", "es", "pt"}
    assert all(result.pages > 10 for result in report.languages)
    located = [w for w in report.warnings if ".md:" in w]
    assert len(located) > 100
