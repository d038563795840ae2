"""Doc-builder's heading anchor (`## Title[[id]]`) is one rule (`dialect/heading_anchors.py`) and every
place that meets it gives the same answer: the site's heading has that id and shows the heading without
it, lint's anchors (read from the page as the site renders it) hold that id, the notebook shows the
heading as `heading_without_anchor` gives it, and so does the site's name (`site/mkdocs_config.py` reads
the title through it). Checked on synthetic headings and on every heading anchor of the golden cases."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.components import find_leftovers
from polydocs.dialect.heading_anchors import heading_anchor, heading_without_anchor
from polydocs.markup import MarkupContext, render
from polydocs.markup.page_anchors import anchor_ids
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.notebooks.page import page_notebook
from polydocs.sources import language_of

CASES = Path(__file__).parent / "cases"

HEADINGS = [
    "## Title[[custom]]",
    "# Transformers 能做什么\uff1f[[Transformers 能做什么\uff1f]]",  # the course's full-width question mark
    "### A  b [[ spaced  id ]]   ",
    "## {braces} here[[a{b}c]]",
    "## `code` and *emphasis*[[styled]]",
    "####    [[anchor-alone]]",
]
# In a `<Tip>`, a tab, a quote and an alert, which the site renders as containers of their own.
CONTAINED = (
    "<Tip>\n\n## In a tip[[tip-anchor]]\n\n</Tip>\n\n"
    "<hfoptions id='x'>\n<hfoption id='A'>\n\n### In a tab[[tab-anchor]]\n\n</hfoption>\n</hfoptions>\n\n"
    "> ## In a quote[[quote-anchor]]\n\n> [!TIP]\n> ## In an alert[[alert-anchor]]\n> Text.\n"
)
# Headings without `[[anchor]]` whose inline parts doc-builder's title keeps apart (`markup/heading_ids.py`),
# each with the id doc-builder's kit gives it: its `getTitleText` and id expression run under Node as a remark
# plugin of mdsvex 0.12, its parser.
INLINE_MARKUP_IDS = [
    ("## ¿Qué es un *pipeline*?", "qué-es-un-pipeline-"),
    ("## `from_pretrained`()", "frompretrained-"),
    ("## De `Dataset`s a `DataFrame`s", "de-dataset-s-a-dataframe-s"),
    ("## A [link](x)!", "a-link-"),
    ("## Utilisation d'un <i>notebook</i> Google Colab", "utilisation-dun-i-notebook-i-google-colab"),
    ("## a\\_b &amp; c", "a--b--c"),
    ("## a `<b>` c", "a-ltbgt-c"),
    ("## `{x}`", "123x125"),
    ("## Special tokens <eos>", "special-tokens-eos"),
    ("## Tom&#39;s", "tom--s"),
]
_HEADING = re.compile(r'<h[1-6] id="(?P<id>[^"]*)">(?P<shown>.*?)<a class="headerlink"')
_TAG = re.compile(r"<[^>]*>")


def _site_headings(text: str) -> dict[str, str]:
    """The site's headings of the page: id -> the text shown (the page rendered and sanitised as built)."""
    context = MarkupContext(path="page.md", lang=language_of("en"))
    page_html = sanitize_page(render(text, context), context.iframe_hosts).html
    shown = {
        found["id"]: html.unescape(_TAG.sub("", found["shown"])) for found in _HEADING.finditer(page_html)
    }
    assert set(shown) <= anchor_ids(page_html), "lint's anchors miss a heading id of the site"
    return shown


def _shown_text(heading: str) -> str:
    """What a reader sees of a Markdown heading line: its text without marks or code and emphasis marks."""
    return re.sub(r"[`*]", "", heading.lstrip("#")).strip()


def _notebook_lines(text: str) -> list[str]:
    cells = json.loads(page_notebook(text, Path("page.md"), language_of("en")))["cells"]
    return [line.rstrip("\n") for cell in cells for line in cell["source"]]


def test_the_site_lint_and_the_notebook_read_each_heading_anchor_alike() -> None:
    text = "\n\n".join(HEADINGS) + "\n"
    shown = _site_headings(text)
    notebook = _notebook_lines(text)
    for line in HEADINGS:
        anchored = heading_anchor(line)
        assert anchored is not None, line
        assert shown.get(anchored.id) == _shown_text(anchored.heading), line
        assert heading_without_anchor(line) == anchored.heading
        assert anchored.heading.rstrip() in notebook, line


def test_a_heading_with_inline_markup_has_doc_builders_id_on_the_site_and_in_lints_anchors() -> None:
    shown = _site_headings("\n\n".join(line for line, _ in INLINE_MARKUP_IDS) + "\n")
    assert list(shown) == [expected for _, expected in INLINE_MARKUP_IDS]


def test_a_heading_anchor_in_a_tip_a_tab_or_a_quote_is_its_id_on_the_site_as_in_the_notebook() -> None:
    shown = _site_headings(CONTAINED)
    assert shown == {
        "tip-anchor": "In a tip",
        "tab-anchor": "In a tab",
        "quote-anchor": "In a quote",
        "alert-anchor": "In an alert",
    }
    notebook = "\n".join(_notebook_lines(CONTAINED))
    assert all(f"## {title}" in notebook for title in ("In a tip", "In a tab", "In a quote", "In an alert"))
    assert "[[" not in notebook


def test_text_after_the_anchor_makes_it_no_anchor_anywhere() -> None:
    line = "## Joined [[joined]] text after"
    assert heading_anchor(line) is None and heading_without_anchor(line) == line
    assert "joined" not in _site_headings(line + "\n")
    assert line in _notebook_lines(line + "\n")


def test_every_heading_anchor_of_the_golden_cases_is_its_id_in_their_expected_html() -> None:
    checked = 0
    for case in sorted(CASES.glob("*/*.md")):
        text = case.read_text(encoding="utf-8")
        lines = text.split("\n")
        expected = case.with_suffix(".html").read_text(encoding="utf-8") if "[[" in text else ""
        for leftover in find_leftovers(parse_page(text)) if "[[" in text else ():
            found = heading_anchor(lines[leftover.index]) if leftover.kind == "heading-anchor" else None
            if found is not None:
                assert f'id="{found.id}"' in expected, f"{case.name}:{leftover.index + 1}"
                checked += 1
    assert checked >= 9  # heading_anchors.md and heading_anchors_in_containers.md
