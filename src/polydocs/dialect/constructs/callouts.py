"""Callouts: GitHub alerts (`> [!TIP]`) and `<Tip>` blocks: their kinds, how they are written, their check.

The site renders them as Material admonitions (`polydocs.markup.callouts`) from the layout found here; the
notebooks quote them. Both read the kinds from `ADMONITION_TYPES`, the one list of them.

An alert is read as doc-builder's renderer reads it (kit/preprocessors/mdsvex/index.js, `onBlockquote`): a
quote whose first paragraph starts with `[!KIND]` is the callout, and all that paragraph holds is its text,
the words after the marker on its line and the lines CommonMark continues it with lazily (no `>`) included
(datasets' `image_load.mdx`, diffusers' `distributed_inference.md` and trl's `openenv.md` write
`> [!NOTE] The text`, which huggingface.co shows as a note).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.components import CODES as COMPONENT_CODES
from polydocs.dialect.components import (
    NESTING,
    UNCLOSED,
    UNOPENED,
    Attribute,
    Component,
    Span,
    commented_lines,
    component_tags,
    one_of,
)
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tags import TagLine, parse_one_line_element

# Callout kind -> Material admonition type (Material has no "important" or "caution" style of its own).
ADMONITION_TYPES = {
    "note": "note",
    "tip": "tip",
    "important": "info",
    "warning": "warning",
    "caution": "danger",
}

KIND = "callout-kind"
POSITION = "callout-position"
QUOTE = "callout-quote"
EMPTY = "callout-empty"
# Every code this check reports: its own, and those a `<Tip>` shares with every component.
CODES = code_table(
    DiagnosticCode(KIND, "error", "A `> [!KIND]` alert of a kind that does not exist."),
    DiagnosticCode(POSITION, "error", "An alert marker not on the first line of its quote."),
    DiagnosticCode(QUOTE, "error", "An alert's text is not in `>` lines of its quote."),
    DiagnosticCode(EMPTY, "error", "An alert with no text."),
    *COMPONENT_CODES.values(),
)

# `warning={true}` and a bare `warning` make a warning; `warning={false}` (or none) a tip.
TIP = Component(
    "Tip", (Attribute("warning", one_of("true", "false", ""), "`warning={true}` or `warning={false}`"),)
)

ALERT_MARKER = re.compile(r"^(?P<indent>[ ]*)>[ ]?\[!(?P<kind>[^\]]*)\](?P<rest>.*)$")
_QUOTED = re.compile(r"^(?P<indent>[ ]*)>[ ]?(?P<text>.*)$")
_BARE_MARKER = re.compile(r"^\s*\[!(?P<kind>[A-Za-z]+)\]")
_QUOTE_LINE = re.compile(r"^\s*>")
# What opens a block at the start of a line, each escapable with a backslash in CommonMark and
# Python-Markdown alike; an ordered list's number is escaped at its `.` or `)`.
_BLOCK_MARKERS = frozenset(">#-+*=`~")
_LIST_NUMBER = re.compile(r"^(\d{1,9})[.)]")


@dataclass(frozen=True)
class Alert:
    """A `> [!KIND]` marker line, the text after the marker on it (`rest`) and the line after its quote
    (`end`); the site renders it when the kind is known."""

    index: int
    kind: str
    rest: str
    end: int

    @property
    def known(self) -> bool:
        return self.kind.lower() in ADMONITION_TYPES

    @property
    def rendered(self) -> bool:
        return self.known

    @property
    def first_line(self) -> str:
        """The text after the marker, as the first line of the callout's text (`text_as_own_line`)."""
        return text_as_own_line(self.rest)


@dataclass(frozen=True)
class TipBlock:
    """A `<Tip>` from its opening line to `end` (its closing tag, or the end of the page when it has none).

    A tip written on one line (`<Tip>text</Tip>`, `<Tip warning={true}>text</Tip>`) opens and closes on
    it: `end` is `index` and `body` its text, a callout as doc-builder renders it (its Markdown reads the
    tags as inline HTML around the text, and Svelte renders `Tip.svelte` there)."""

    index: int
    tag: TagLine
    end: int
    closed: bool
    body: str | None = None

    @property
    def kind(self) -> str:
        return tip_kind(self.tag)


def tip_kind(tag: TagLine) -> str:
    """The callout a `<Tip>` makes: a warning for `warning={true}` and a bare `warning`, else a tip."""
    return "warning" if tag.attributes.get("warning", "false") in ("", "true") else "tip"


@dataclass(frozen=True)
class TipLayout:
    """The page's `<Tip>` blocks, in order, and the `</Tip>` lines that close none of them."""

    blocks: tuple[TipBlock, ...]
    unopened: tuple[int, ...]

    def spans(self) -> Iterator[Span]:
        for block in self.blocks:
            if block.closed:
                yield Span(TIP.name, block.index, block.end)


def _quoted_run_end(lines: Sequence[str], index: int, indent: str) -> int:
    """The line after the run of `>` lines at the marker's indentation below it."""
    body = index + 1
    while body < len(lines) and (quoted := _QUOTED.match(lines[body])) and quoted["indent"] == indent:
        body += 1
    return body


def text_as_own_line(text: str) -> str:
    """Text after an alert's marker written as a line of its own that is still the callout's paragraph: on
    the marker's line it continues that paragraph, so a `>`, `#`, `-` or list number it starts with is text
    (diffusers' docstrings write `> [!WARNING] > This API is experimental.`), which alone on a line would
    open a block; that character is escaped."""
    text = text.strip()
    if not text or ParsedPage(text).tokens[0].type == "paragraph_open":  # not kept: a piece of a line
        return text
    if number := _LIST_NUMBER.match(text):
        return f"{number[1]}\\{text[len(number[1]) :]}"
    return f"\\{text}" if text[0] in _BLOCK_MARKERS else text


def alerts(page: ParsedPage) -> tuple[Alert, ...]:
    """Every alert marker outside code and comments, read once per page (its check, the site's two steps
    and the notebook ask). Its body runs to the end of the innermost quote the parse reads around it,
    lazily continued lines included; where the parse reads no quote there (the marker inside an HTML
    block), to the end of the `>` lines below it."""
    return page.derived(_read_alerts)


def _read_alerts(page: ParsedPage) -> tuple[Alert, ...]:
    commented = commented_lines(page)
    quotes = _quote_ends(page)
    found = []
    for index, line in page.outside_code():
        if index not in commented and (marker := ALERT_MARKER.match(line)):
            end = quotes.get(index) or _quoted_run_end(page.lines, index, marker["indent"])
            found.append(Alert(index, marker["kind"], marker["rest"], end))
    return tuple(found)


def _quote_ends(page: ParsedPage) -> dict[int, int]:
    """For each line inside a blockquote, the line after the innermost blockquote holding it."""
    ends: dict[int, int] = {}
    for token in page.tokens:  # outer quotes come first: an inner quote's lines are written over
        if token.type == "blockquote_open" and token.map:
            start, end = token.map
            ends.update(dict.fromkeys(range(start, min(end, len(page.lines))), end))
    return ends


def tip_layout(page: ParsedPage) -> TipLayout:
    """Each `<Tip>` closed by the first `</Tip>` not taken by a `<Tip>` opened inside it."""
    tags = component_tags(page)
    blocks, closings = [], set()
    for index, tag in tags.tags:
        if tag.name == TIP.name and tag.opening:
            closing = tags.find_closing(index, TIP.name)
            blocks.append(TipBlock(index, tag, closing.index, closing.found))
            closings.add(closing.index)
    unopened = tuple(
        index for index, tag in tags.tags if tag.name == TIP.name and tag.closing and index not in closings
    )
    blocks += _one_line_tips(page)
    return TipLayout(tuple(sorted(blocks, key=lambda block: block.index)), unopened)


def _one_line_tips(page: ParsedPage) -> list[TipBlock]:
    """Each `<Tip>text</Tip>` alone on its line, outside code and comments."""
    commented = commented_lines(page)
    blocks = []
    for index, line in page.outside_code():
        if "</Tip>" in line and index not in commented and (element := parse_one_line_element(line)):
            tag, body = element
            if tag.name == TIP.name and body:
                blocks.append(TipBlock(index, tag, index, closed=True, body=body))
    return blocks


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of the callouts the site renders (an alert's marker, a `<Tip>`'s tags): where a reader
    sees their syntax as written if a renderer leaves them."""
    yield from (alert.index for alert in alerts(page) if alert.rendered)
    for block in tip_layout(page).blocks:
        yield from (block.index, block.end) if block.closed else (block.index,)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for alert in alerts(page):
        yield from _alert_problems(page, alert)
    yield from _bare_markers(page)
    yield from _tip_problems(tip_layout(page))


def _alert_problems(page: ParsedPage, alert: Alert) -> Iterator[Finding]:
    marker = f"`[!{alert.kind}]`"
    if not alert.known:
        kinds = ", ".join(f"[!{kind.upper()}]" for kind in ADMONITION_TYPES)
        yield Finding(
            alert.index,
            KIND,
            f"unknown callout kind {marker}; it is shown as a plain quote",
            f"use one of {kinds}",
        )
    if alert.index > 0 and _QUOTE_LINE.match(page.lines[alert.index - 1]):
        yield Finding(
            alert.index,
            POSITION,
            f"{marker} is not the first line of its quote; the site splits "
            "the quote there, GitHub shows the marker as text",
            "start a new `>` block with the marker, separated by a blank line",
        )
    if not alert.rest.strip() and not any(body_text(line).strip() for line in alert_body(page.lines, alert)):
        yield Finding(
            alert.index,
            EMPTY,
            f"{marker} callout has no text",
            "add `> text` lines right below it (each line of a callout starts with `>`)",
        )


def alert_body(lines: Sequence[str], alert: Alert) -> Sequence[str]:
    """The lines of the alert's quote below its marker."""
    return lines[alert.index + 1 : alert.end]


def body_text(line: str) -> str:
    """A line of an alert's body without its quote marker: what the callout holds of it (a lazily
    continued line has none)."""
    quoted = _QUOTED.match(line)
    return quoted["text"] if quoted else line.lstrip()


def _bare_markers(page: ParsedPage) -> Iterator[Finding]:
    commented = commented_lines(page)
    for index, line in page.outside_code():
        if (bare := _BARE_MARKER.match(line)) and index not in commented:
            kind = bare["kind"]
            yield Finding(
                index,
                QUOTE,
                f"`[!{kind}]` outside a `>` quote renders as plain text",
                f"write `> [!{kind}]` and prefix the callout's lines with `> `",
            )


def _tip_problems(layout: TipLayout) -> Iterator[Finding]:
    for block in layout.blocks:
        yield from TIP.attribute_problems(block.index, block.tag)
        if not block.closed:
            yield Finding(
                block.index,
                UNCLOSED,
                "`<Tip>` is never closed; it runs to the end of the page",
                "add `</Tip>` on its own line where the tip ends",
            )
        if any(outer.index < block.index < outer.end for outer in layout.blocks):
            yield Finding(
                block.index,
                NESTING,
                "`<Tip>` inside another `<Tip>`",
                "close the first tip before opening this one",
            )
    for index in layout.unopened:
        yield Finding(
            index,
            UNOPENED,
            "`</Tip>` closes no `<Tip>`; it is dropped",
            "remove it, or put its `<Tip>` on a line of its own",
        )
