"""No page of the real-world corpora shows readers the source of a construct: every page, converted and
sanitised as the site does it, has prose (code blocks aside) free of component tags, Svelte blocks, fences
and escaped HTML.

Before the components were rendered, 64 of the course's 105 English pages failed this.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from polydocs.dialect.constructs import autodoc, components
from polydocs.markup import MarkupContext, render
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.sources import language_of

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpus"
# (corpus, language folder): English everywhere, two of the course's translations, its right-to-left ones,
# which wrap their pages in `<div dir="rtl">`, and Chinese, whose heading anchors hold whole titles.
TREES = [
    ("course-docs", "en"),
    ("course-docs", "es"),
    ("course-docs", "fr"),
    ("course-docs", "fa"),
    ("course-docs", "ar"),
    ("course-docs", "he"),
    ("course-docs", "zh-CN"),
    ("transformers-docs", "en"),
    ("peft-docs", "."),
]

_DIRECTIVE_KIND = "doc-builder directive or heading anchor"
# A page's own mistake the build reports at its line and shows as written: peft's three `[[autodoc]]`
# on one line, a Chinese heading whose anchor the next paragraph follows on the same line.
_REPORTED_AS_WRITTEN = {autodoc.MALFORMED, components.ANCHOR_MISPLACED}
_CODE = re.compile(r"<(pre|code|template)\b.*?</\1>", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
# What a reader must never see in prose.
_SOURCE = {
    "component tag": re.compile(r"</?[A-Z][A-Za-z]+(?:[\s/>]|$)|<[a-z]+_[a-z_]+[\s/>]", re.MULTILINE),
    "Svelte block": re.compile(r"\{[#:/](?:if|else|each)\b"),
    "fence": re.compile(r"^\s*(?:```|~~~)", re.MULTILINE),
    _DIRECTIVE_KIND: re.compile(r"\[\[[^\]\n]+\]\]"),
    "heading, callout or tab syntax": re.compile(r'^\s*(?:#{1,6} \S|!!! \w|=== ")', re.MULTILINE),
    "escaped HTML": re.compile(r"</?(?:div|p|a|img|span|iframe|details|summary|fieldset|br|table)\b[^>]*>"),
}


def visible_prose(page_html: str) -> str:
    """The text a reader sees outside code blocks and inline code."""
    return html.unescape(_TAG.sub(" ", _CODE.sub(" ", page_html)))


def source_shown(prose: str) -> list[str]:
    """`kind: excerpt` for each kind of source syntax the prose shows."""
    shown = []
    for kind, pattern in _SOURCE.items():
        match = pattern.search(prose)
        if match is not None:
            shown.append(f"{kind}: {prose[max(match.start() - 30, 0) : match.end() + 30]!r}")
    return shown


def test_the_scan_sees_source_syntax_in_prose_and_not_in_code() -> None:
    assert source_shown(visible_prose("<p>&lt;Question choices={[...]}</p>"))
    assert source_shown(visible_prose("<p>{#if fw === 'pt'}</p>"))
    assert source_shown(visible_prose("<p>```python out</p>"))
    assert source_shown(visible_prose("<h2>使用 pipelines [[使用 pipelines]]</h2>"))
    assert source_shown(visible_prose('<div dir="rtl">\n# عنوان\n\n!!! tip "Tip"\n</div>'))
    assert source_shown(visible_prose("<p>&lt;div class=&quot;x&quot;&gt;</p>"))
    assert not source_shown(visible_prose("<pre><code>&lt;Question /&gt;\n```</code></pre><p>a < b</p>"))


def _pages(folder: Path) -> list[Path]:
    return sorted(path for suffix in ("*.md", "*.mdx") for path in folder.rglob(suffix))


@pytest.mark.skipif(not CORPORA.is_dir(), reason="the corpus (../shared/corpus) is absent")
@pytest.mark.parametrize(("corpus", "lang"), TREES)
def test_no_corpus_page_shows_source_syntax_to_readers(corpus: str, lang: str) -> None:
    folder = (CORPORA / corpus / lang).resolve()
    pages = _pages(folder)
    assert pages, f"no pages under {folder}"
    failing = {}
    for page in pages:
        context = MarkupContext(path=str(page), lang=language_of("en" if lang == "." else lang))
        sanitized = sanitize_page(render(page.read_text(encoding="utf-8"), context), context.iframe_hosts)
        shown = source_shown(visible_prose(sanitized.html))
        reported = {warning.code for warning in context.warnings} & _REPORTED_AS_WRITTEN
        if shown and not (reported and all(kind.startswith(_DIRECTIVE_KIND) for kind in shown)):
            failing[page.relative_to(folder).as_posix()] = shown
    assert not failing, f"{len(failing)} of {len(pages)} pages show source syntax:\n" + "\n".join(
        f"{name}: {problems}" for name, problems in sorted(failing.items())
    )
