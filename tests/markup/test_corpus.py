"""Every page of the real-world corpus renders without an exception, each warning at a real line."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.markup import MarkupContext, render
from polydocs.sources import language_of

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "transformers-docs"
LANGUAGES = ("en", "es", "pt")


def _pages(lang: str) -> list[Path]:
    return sorted((CORPUS / lang).rglob("*.md"))


@pytest.mark.skipif(
    not CORPUS.is_dir(), reason="the corpus (../shared/corpus beside the repository) is absent"
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_corpus_page_renders(lang: str) -> None:
    pages = _pages(lang)
    assert pages, f"no pages under {CORPUS / lang}"
    known_pages = frozenset(page.relative_to(CORPUS / lang).with_suffix("").as_posix() for page in pages)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        context = MarkupContext(
            path=str(page),
            lang=language_of(lang),
            page_local=page.relative_to(CORPUS / lang).with_suffix("").as_posix(),
            known_pages=known_pages,
        )
        html = render(text, context)
        assert html.strip(), f"{page} rendered to nothing"
        line_count = text.count("\n") + 1
        for warning in context.warnings:
            assert warning.path == str(page)
            assert 1 <= warning.line <= line_count, str(warning)
            assert warning.code and warning.message and warning.hint, str(warning)
