"""Real MkDocs builds of a small three-language tree."""

import json

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
    assert "traduzida para o português;" in extra_pt  # a language's name inside a sentence: lower case
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
    assert "es/guide.md:10: callout-kind" in message
    assert "es/guide.md:13: link-missing" in message
    assert (out / "es" / "guide" / "index.html").read_text(encoding="utf-8") == before
    assert not list(tmp_path.glob(".site-polydocs-staging.*"))


def test_second_build_reuses_conversions_with_the_same_html_and_warnings(small_tree, tmp_path):
    guide = small_tree / "es" / "guide.md"
    guide.write_text(guide.read_text(encoding="utf-8") + "\n[x](./nowhere)\n", encoding="utf-8")
    first = build_site(small_tree, tmp_path / "first")
    second = build_site(small_tree, tmp_path / "second")
    assert second.warnings == first.warnings
    assert any("es/guide.md:10: link-missing" in warning for warning in second.warnings)
    for page in ["es/guide/index.html", "pt/extra/index.html", "en/index.html"]:
        assert (tmp_path / "first" / page).read_bytes() == (tmp_path / "second" / page).read_bytes()


def test_partial_build_replaces_only_the_named_languages(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    marker = out / "en" / "marker.txt"
    marker.write_text("kept", encoding="utf-8")
    report = build_site(small_tree, out, only=["es"])
    assert [result.lang for result in report.languages] == ["es"]
    assert marker.read_text(encoding="utf-8") == "kept"


def test_outdated_translation_shows_a_banner_and_the_status_page_lists_it(small_tree, tmp_path):
    from polydocs.dialect import load_source_tree

    freshness = load_source_tree(small_tree).freshness
    freshness.mark("es", "guide", english_blocks=())
    freshness.mark("pt", "guide", english_blocks=())
    freshness.save()
    out = tmp_path / "site"
    build_site(small_tree, out)
    assert "Traducción desactualizada" not in (out / "es" / "guide" / "index.html").read_text(
        encoding="utf-8"
    )

    english = small_tree / "en" / "guide.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nA new paragraph.\n", encoding="utf-8")
    build_site(small_tree, out)
    guide_es = (out / "es" / "guide" / "index.html").read_text(encoding="utf-8")
    assert "Traducción desactualizada" in guide_es
    assert 'href="../../en/guide/"' in guide_es
    status_es = (out / "es" / "status" / "index.html").read_text(encoding="utf-8")
    outdated_section = status_es.split('Desactualizadas (1)<a class="headerlink"', 1)[1].split("<h3", 1)[0]
    assert 'href="../guide/"' in outdated_section


def test_every_page_has_a_notebook_linked_in_its_language(small_tree, tmp_path):
    out = tmp_path / "site"
    build_site(small_tree, out)
    notebook = json.loads((out / "es" / "guide" / "guide.ipynb").read_text(encoding="utf-8"))
    assert notebook["nbformat"] == 4
    assert any("Compila una vez" in "".join(cell["source"]) for cell in notebook["cells"])
    page = (out / "es" / "guide" / "index.html").read_text(encoding="utf-8")
    assert '<a href="guide.ipynb" download>Descargar notebook</a>' in page
    assert (out / "pt" / "extra" / "extra.ipynb").is_file()


def test_warnings_after_an_evidence_badge_keep_their_source_line(small_tree, tmp_path):
    guide = small_tree / "en" / "guide.md"
    code = "\n```py\nprint('compiled')\n```\n\nSee [x](./nowhere).\n"
    guide.write_text(guide.read_text(encoding="utf-8") + code, encoding="utf-8")
    report = build_site(small_tree, tmp_path / "site")
    (warning,) = [w for w in report.warnings if "link-missing" in w]
    assert "en/guide.md:14: link-missing" in warning
    page = (tmp_path / "site" / "en" / "guide" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-evidence--unverified" in page


def test_autodoc_renders_the_object_with_mkdocstrings(small_tree, tmp_path):
    # API names are relative to the reference's package; polydocs documents itself here (fast to load).
    settings = "api_reference:\n  package: polydocs\n  url: 'https://example.org/{page}#{anchor}'\n"
    (small_tree / "polydocs.yml").write_text(settings, encoding="utf-8")
    extra = small_tree / "en" / "extra.md"
    extra.write_text(extra.read_text(encoding="utf-8") + "\n[[autodoc]] diagnostics.Diagnostic\n")
    report = build_site(small_tree, tmp_path / "site")
    page = (tmp_path / "site" / "en" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "One problem at one place in the sources." in page
    assert not [w for w in report.warnings if "autodoc" in w]


def test_site_documents_the_object_from_the_slice(toy_package, small_tree, tmp_path, monkeypatch):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    settings = "api_reference:\n  package: toylib\n  url: 'https://example.org/{page}#{anchor}'\n"
    (small_tree / "polydocs.yml").write_text(settings, encoding="utf-8")
    extra = small_tree / "en" / "extra.md"
    extra.write_text(extra.read_text(encoding="utf-8") + "\n[[autodoc]] Settings\n", encoding="utf-8")
    report = build_site(small_tree, tmp_path / "site", only=["en"])
    page = (tmp_path / "site" / "en" / "extra" / "index.html").read_text(encoding="utf-8")
    assert "Settings of the toy library, documented from a slice." in page
    assert "How big the toy is." in page
    assert not [warning for warning in report.warnings if "autodoc" in warning]
    (slice_path,) = (tmp_path / "cache" / "autodoc").iterdir()
    assert (slice_path / "toylib" / "core.py").is_file()
    assert not (slice_path / "toylib" / "heavy.py").exists()


def test_root_not_found_page_speaks_every_language_and_links_from_the_site_root(small_tree, tmp_path):
    # Hosts such as GitHub Pages serve the root `404.html` for a missing page at any depth.
    (small_tree / "polydocs.yml").write_text("site_url: https://example.org/docs/\n", encoding="utf-8")
    build_site(small_tree, tmp_path / "site")
    page = (tmp_path / "site" / "404.html").read_text(encoding="utf-8")
    assert "Page not found" in page and "Página no encontrada" in page and "Página não encontrada" in page
    for code in ("en", "es", "pt"):
        assert f'<a href="/docs/{code}/" hreflang="{code}"' in page
    assert '<meta name="robots" content="noindex">' in page
