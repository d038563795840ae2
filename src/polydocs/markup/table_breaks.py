"""Where a table ends: at its first line without a `|`, as doc-builder reads it; Python-Markdown needs a
blank line there.

doc-builder's renderer (mdsvex, on remark-parse 8) takes a table's rows while each line holds a `|`, so a
heading written right below the last row is a heading (diffusers' controlling_generation.md: a table, then
`## InstructPix2Pix`). Python-Markdown reads a table as a whole block up to the next blank line and showed
that heading as a row of the table. A blank line is written above the first line without a `|` of each
table that starts a block; it adds a line, so it is written at the hand-over, after every line-keeping step
(inside a quote, a quote's marker alone).

A table right after a paragraph's line is no table for doc-builder, nor for Python-Markdown: both show its
rows as the paragraph's text (the `source-visible` check reports it), where GitHub and the one parse
(markdown-it) show a table (diffusers' kandinsky5_video.md, `Kandinsky 5.0 T2V Lite:`). Lines that start
a list or a quote and hold a `|` stay rows, as in doc-builder (diffusers' framepack.md).
"""

from __future__ import annotations

import re

from polydocs.dialect.page import ParsedPage

_CONTAINER_PREFIX = re.compile(r"[ \t>]*")


def table_breaks(lines: list[str], page: ParsedPage) -> list[int]:
    """The indices of the lines a blank line must be written above: the first line without a `|` below
    each table that starts a block (the separator row is the table's second line)."""
    in_paragraph = _paragraph_lines(page)
    breaks = []
    for start, _ in page.blocks("table_open"):
        if start in in_paragraph or start - 1 in in_paragraph:
            continue  # rows continuing a paragraph: its text for doc-builder and Python-Markdown alike
        index = start + 2
        while index < len(lines) and _text(lines[index]) and "|" in lines[index]:
            index += 1
        if index < len(lines) and _text(lines[index]):
            breaks.append(index)
    return breaks


def blank_above(line: str) -> str:
    """The blank line written above `line`, inside the quotes it is in."""
    return container_prefix(line).rstrip()


def container_prefix(line: str) -> str:
    """The quote markers and indentation `line` starts with: the containers it stands in."""
    return _CONTAINER_PREFIX.match(line).group()  # type: ignore[union-attr]


def _text(line: str) -> str:
    return line.strip(" \t>")


def _paragraph_lines(page: ParsedPage) -> frozenset[int]:
    return frozenset(
        index
        for _, token in page.blocks("paragraph_open")
        if token.map
        for index in range(token.map[0], token.map[1])
    )
