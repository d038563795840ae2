"""The visible text `source-visible` reads (`visible_source._VisibleText`) is taken from the page's tokens,
the sanitiser's read of the same HTML, not from a read of its own with html.parser: the same text, block
for block, as html.parser's events give, on hostile HTML and on every rendering of the golden cases."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from polydocs.markup._html_tokens import read_html
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.markup.visible_source import _VisibleText, source_visible

CASES = Path(__file__).parent / "cases"

HOSTILE = [
    "<p>Plain <em>prose</em> and <code>code</code>.</p>",
    "<p>a<br/>b<br>c<br />d</p><hr/><p>e</p>",
    # A void element of a class that is no prose, written closed and not: html.parser ends it only closed.
    '<p>before<br class="dataframe"/>after</p>',
    '<p>before<br class="dataframe">after</p>',
    '<hr class="doc-object" />text after<img class="doc-contents"/>more',
    '<div class="doc-object"><p>hidden<br/>still</p></div><p>shown <img src="x"/> too</p>',
    "<pre><code>x = 1<br/>y</code></pre><p>## heading shown</p>",
    "<svg><path d='M0'/><g><br/></g></svg><p>[link](x)</p>",
    "<div/>text<span/>more<P>Upper</P><BR/>end",
    "<p>entities &amp;lt;b&amp;gt; &lt;Tip&gt; &#96;code&#96; &nbsp; and a lone &amp</p>",
    "<p>a < b and c > d</p><p>x<y</p>",  # not plain HTML: the tokens fall back to html.parser
    "<script>var a = '<p>'; </script><style>p { }</style><p>after</p>",
    "<!DOCTYPE html><!-- a comment --><p>text</p><![CDATA[ x ]]><?pi x?>",
    "<p unquoted=value data-x='single' flag>attributes</p><p\ntitle=\"multi\nline\">text</p>",
    "<table><tr><td>| a | b |</td></tr></table><ul><li>- item<li>next</ul>",
    "<details><summary>More</summary>`inline` <kbd>Ctrl</kbd></details>",
    '<p>unended <a href="x"',
    "text before any tag<p>then</p>trailing &",
]


def _fed(page_html: str) -> list[str]:
    """The visible text as html.parser's events give it: what `blocks_of` read before."""
    reader = _VisibleText()
    HTMLParser.feed(reader, page_html)
    HTMLParser.close(reader)
    reader._end_block()
    return reader.blocks


def _renderings() -> list[Path]:
    return sorted(CASES.rglob("*.html"))


@pytest.mark.parametrize("page_html", HOSTILE)
def test_hostile_html_gives_the_text_html_parser_gives(page_html: str) -> None:
    assert _VisibleText.blocks_of(page_html) == _fed(page_html)


def test_every_golden_rendering_gives_the_text_html_parser_gives() -> None:
    renderings = _renderings()
    assert len(renderings) > 20
    for rendering in renderings:
        page_html = rendering.read_text(encoding="utf-8")
        assert _VisibleText.blocks_of(page_html) == _fed(page_html), rendering


def test_the_visible_text_of_plain_html_is_not_read_by_html_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    page_html = "<h2>Title</h2><p>Readers see ## this and `that`.</p><pre><code>x = 1</code></pre>"

    def refuse(self: HTMLParser, data: str) -> None:
        raise AssertionError("the page's HTML was read again by html.parser")

    sanitize_page(page_html, ())  # the sanitiser reads the page first, as lint's rules and the build do
    monkeypatch.setattr(HTMLParser, "feed", refuse)
    found = source_visible("page.md", "# Title\n\nReaders see ## this and `that`.\n", page_html)
    assert [finding.code for finding in found] == ["source-visible"]


def test_the_sanitiser_and_the_visible_text_share_one_read() -> None:
    page_html = "<p>Shared <b>once</b>.</p>"
    sanitize_page(page_html, ())
    first = read_html(page_html)
    _VisibleText.blocks_of(page_html)
    assert read_html(page_html) is first
