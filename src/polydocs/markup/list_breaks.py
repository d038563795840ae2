"""Where a list of another kind follows a list: doc-builder shows two lists; Python-Markdown made one.

CommonMark and doc-builder's renderer (mdsvex 0.12, on remark-parse 8) end a list where an item of another
kind starts, a bullet after a numbered item, a number after a bullet, or another bullet character, blank
line between or not:

    1. Motivation first:
    * Is it related to a problem/frustration with the library?

is an item numbered 1 and a list of bullets below it on huggingface.co (diffusers' conceptual/
contribution.md, in three languages). Python-Markdown continues a list with any item that follows it and
made one numbered list of them, the bullets numbered 2, 3, 4 (18 lists on the trees at hand: a fetched
diffusers 16, the course's French chapter9/7.mdx 2). A raw block that shows nothing, an empty HTML comment,
is written above the second list's first line, between blank lines, inside the same containers (a quote's
marker, a list item's indentation): Python-Markdown ends the first list there. It adds lines, so it is
written at the hand-over.

Only where both readers start the second list: the parse (markdown-it) closes a list and opens the next one
there, and neither is numbered with `1)`, which CommonMark reads as a list and mdsvex as text.
"""

from __future__ import annotations

from markdown_it.token import Token

from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.table_breaks import blank_above, container_prefix

_LIST_OPEN = frozenset({"bullet_list_open", "ordered_list_open"})
_LIST_CLOSE = frozenset({"bullet_list_close", "ordered_list_close"})
# What ends the first list for Python-Markdown and shows nothing: a raw HTML block of its own.
_LIST_END = "<!-- -->"


def list_breaks(lines: list[str], page: ParsedPage, store: StoreHtml) -> dict[int, list[str]]:
    """For the first line of each list that follows a list of another kind, the lines written above it."""
    breaks = {}
    opened: list[Token] = []  # the lists open at each token, innermost last
    closed: Token | None = None  # the opening of the list whose close is the previous token
    for token in page.tokens:
        if closed is not None and _starts_another_list(closed, token) and _merged(lines, closed, token):
            index = token.map[0]  # type: ignore[index]
            blank = blank_above(lines[index])
            breaks[index] = [blank, container_prefix(lines[index]) + store(_LIST_END), blank]
        closed = None
        if token.type in _LIST_OPEN:
            opened.append(token)
        elif token.type in _LIST_CLOSE:
            closed = opened.pop()
    return breaks


def _starts_another_list(closed: Token, token: Token) -> bool:
    """Whether `token` opens a list right after the list `closed` opened, both lists mdsvex reads as lists."""
    return token.type in _LIST_OPEN and closed.markup != ")" and token.markup != ")"


def _merged(lines: list[str], closed: Token, token: Token) -> bool:
    """Whether Python-Markdown reads the second list as the first one's continuation: both start in the same
    container as the lines stand now (a list inside a tab and one below the tab are not), with only blank
    lines between them (no admonition a tag became)."""
    if not closed.map or not token.map or token.map[0] >= len(lines):
        return False
    first, end, start = closed.map[0], closed.map[1], token.map[0]
    return container_prefix(lines[first]) == container_prefix(lines[start]) and not any(
        line.strip(" \t>") for line in lines[end:start]
    )
