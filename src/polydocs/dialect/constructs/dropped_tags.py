"""Text in angle brackets written inside HTML (`<div>Pass <repo_id> here.</div>`): dropped, and said so.

In Markdown such a tag is text (`prose_tags.py`). Inside HTML it is a tag: doc-builder hands an HTML block
an element opens, and a quiz's `text` and `explain` (`{@html}`), to the browser as written, and a browser
drops a tag whose name is no element it knows, name and all (`tag_names.dropped_from_html`); Svelte refuses
a page holding some of them (`<repo_id>`, `<UNK>`: no element name to it). The site's sanitiser drops them
too. Readers of neither site see the words, so each is reported at its line (`html-tag-dropped`), with
the escape that shows it on both.

Left out: tags inside comments, inside `<script>`, `<style>`, `<textarea>` and `<title>` (text to a
browser) and inside `<svg>` and `<math>` (their own elements); an `<iframe>`'s line, whose text after the
frame the site shows as Markdown (`markup/iframes.py`); and a component tag starting its line (the
components construct's).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape as html_escape

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.iframes import find_iframes
from polydocs.dialect.constructs.prose_tags import component_names_by_line
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import (
    HTML_ELEMENTS,
    OBSOLETE_HTML_ELEMENTS,
    dropped_from_html,
    node_shown_as_text,
    tag_name,
)

DROPPED = "html-tag-dropped"
CODES = code_table(
    DiagnosticCode(DROPPED, "error", "Text in angle brackets, no element, dropped from text that is HTML."),
)

# A tag as a browser reads one: a name up to a blank, `/` or `>`, then attributes up to the `>` (a quoted
# value may hold `<` or `>`), read possessively.
_TAG = re.compile(
    r"""<(?P<closing>/?)(?P<name>[A-Za-z][^\s/<>]*+)(?:[\s/](?:[^<>"']++|"[^"]*+"|'[^']*+')*+)?>"""
)
# The elements a browser renders, in any case: an HTML block led by one is HTML to doc-builder.
_ELEMENTS = HTML_ELEMENTS | OBSOLETE_HTML_ELEMENTS
# Elements whose content a browser reads as text, and those whose content is no HTML element.
_RAW_TEXT = ("script", "style", "textarea", "title")
_FOREIGN = frozenset({"svg", "math"})
_RAW_TEXT_START = re.compile(rf"<(?P<name>{'|'.join(_RAW_TEXT)})(?=[\s/>])", re.IGNORECASE)
# `markdown="1"` (or `block`, `span`): Python-Markdown's md_in_html reads the element's content as Markdown.
_MARKDOWN_INSIDE = re.compile(r"""\smarkdown\s*=\s*["']?(?!0["'\s>])""", re.IGNORECASE)


def dropped_tags(html: str) -> list[str]:
    """The tags of the HTML `html` that a browser drops (`<mask>` in a quiz's choice), in order."""
    return [tag for _, tag in _dropped(html)]


def dropped_tag_finding(index: int, tag: str, where: str) -> Finding:
    """The finding for `tag`, dropped from the HTML `where` names, at the 0-based line `index`."""
    return Finding(
        index,
        DROPPED,
        f"`{tag}` in {where} is no HTML element: that text is HTML, where the tag is dropped and readers see "
        "nothing of it (on huggingface.co too)",
        f"write `{html_escape(tag)}` to show it",
    )


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    """Each tag a browser drops from an HTML block an element opens, at its line."""
    if "<" not in page.text:
        return
    visible = {index for index, _ in visible_lines(page)}
    components = component_names_by_line(page)
    framed = {
        index
        for iframe in find_iframes(page)
        if not iframe.inline
        for index in range(iframe.index, iframe.last + 1)
    }
    for start, end in _element_blocks(page):
        for index, tag in _dropped_in_lines(page.lines[start:end], start):
            if index in visible and index not in framed and tag_name(tag) not in components.get(index, ()):
                yield dropped_tag_finding(index, tag, "this HTML block")


def _element_blocks(page: ParsedPage) -> Iterator[tuple[int, int]]:
    """The line spans of the HTML blocks an element opens (`<div>`, `<table>`, `<center>`), which
    doc-builder hands on as HTML: not a comment, and not a block doc-builder shows as text."""
    for token in page.tokens:
        if token.type != "html_block" or not token.map or node_shown_as_text(token.content):
            continue
        first = _TAG.search(token.content)
        if first is not None and first["name"].lower() in _ELEMENTS:
            yield token.map[0], token.map[1]


def _dropped_in_lines(lines: tuple[str, ...], start: int) -> Iterator[tuple[int, str]]:
    """`(index, tag)` for each dropped tag of a block's `lines`, the first at the page's line `start`."""
    text = "\n".join(lines)
    first = _TAG.search(text)
    if first is not None and _MARKDOWN_INSIDE.search(first[0]):
        text = "\n".join(blank_code_spans(line) for line in lines)  # Markdown's code shows as written
    index, counted = start, 0
    for position, tag in _dropped(text):  # in order: each line end counted once
        index += text.count("\n", counted, position)
        counted = position
        yield index, tag


def _dropped(html: str) -> Iterator[tuple[int, str]]:
    """`(offset, tag)` for each tag of `html` a browser drops, outside comments, text-only and foreign
    elements."""
    foreign = 0
    for tag in _TAG.finditer(_blank_text_content(html)):
        name = tag["name"].lower()
        if name in _FOREIGN and not tag[0].endswith("/>"):
            foreign += -1 if tag["closing"] else 1
        elif foreign <= 0 and dropped_from_html(tag[0]):
            yield tag.start(), tag[0]


def _blank_text_content(html: str) -> str:
    """`html` with its comments and the content of its text-only elements blanked (lines kept). Linear:
    each kind of start is searched for from where the last one was found, each end once; a comment or an
    element never closed runs to the end."""
    lowered = html.lower()
    out, position = [], 0
    comment, raw = html.find("<!--"), _RAW_TEXT_START.search(html)
    while comment >= 0 or raw is not None:
        if raw is None or 0 <= comment < raw.start():
            closed = html.find("-->", comment + 4)
            begin, end = comment, len(html) if closed < 0 else closed + 3
        else:
            opened = html.find(">", raw.end())
            closed = lowered.find(f"</{raw['name'].lower()}", opened) if opened >= 0 else -1
            begin, end = (
                (len(html), len(html)) if opened < 0 else (opened + 1, len(html) if closed < 0 else closed)
            )
        out += [html[position:begin], re.sub(r"[^\n]", " ", html[begin:end])]
        position = end
        if comment >= 0 and comment < position:
            comment = html.find("<!--", position)
        if raw is not None and raw.start() < position:
            raw = _RAW_TEXT_START.search(html, position)
    out.append(html[position:])
    return "".join(out)
