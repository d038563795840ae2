"""Text CommonMark shows as written where Python-Markdown reads markup, escaped so the site shows it too.

doc-builder reads a page as CommonMark does, and so does the page's one parse (markdown-it); where
Python-Markdown reads markup in the same text, readers of the site lost words that huggingface.co shows
(`tests/markup/test_prose_words_kept.py` finds them). Each rule escapes one character, in the lines the
parse reads as prose (a paragraph, a heading, a table's cells), outside code spans; the line count and
every other character are kept:

- `[text](https: //example.com)`: a link whose parentheses hold no CommonMark destination (a space in
  it, and no title after) is no link, shown as written; Python-Markdown made a link whose address held
  those words. The `]` is escaped (`\\](`: no API link either, as doc-builder reads none before a `(`),
  the check being markdown-it's own (`parseLinkDestination`, `parseLinkTitle`), as its link rule makes it,
  on the paragraph's whole text: a destination that a line end breaks (diffusers' Chinese
  `training/kandinsky.md` writes `(https://github.com/huggingface/di` and `ffusers/blob/...)` on two lines)
  is no link either, where Python-Markdown made one of both lines and hid their words.
- A Persian `1.` (U+06F1 and a period) first on a line: an ordered-list marker whose number is not ASCII
  digits is text to CommonMark; Python-Markdown's `\\d` read a list item, numbered `1.`, and the digit
  went. The `.` is escaped.
- `[^10]: O'Reilly` on a line of a paragraph: a link reference definition cannot interrupt a paragraph in
  CommonMark, so it is the paragraph's text; Python-Markdown hid it as a definition. The `[` is escaped.
- `#Title`, `###Heading` or `#` and a no-break space first on a line of a paragraph (the course's Spanish
  chapter1/7.mdx, its Vietnamese chapter8/5.mdx): an ATX heading needs a space or a tab after its `#`s in
  CommonMark and in doc-builder's renderer (mdsvex 0.12, checked under node with 0.12.6), which show the
  line as text; Python-Markdown read a heading. The first `#` is escaped.
"""

from __future__ import annotations

import re

from markdown_it.helpers import parseLinkDestination, parseLinkTitle

from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.page import ParsedPage
from polydocs.markup.context import MarkupContext

# A list marker after any container marks (`> `, blanks); its number is read as Python's `\d` reads it.
_NUMBERED = re.compile(r"^(?P<lead>[ \t>]*)(?P<number>\d+)\.(?=[ \t]|$)")
_ASCII_NUMBER = re.compile(r"[0-9]+")
_NON_ASCII_DIGIT = re.compile(r"(?![0-9])\d")
_LINK_TAIL = re.compile(r"\]\(")
# What Python-Markdown's reference processor takes for a definition: `[label]:` first on the line.
_DEFINITION = re.compile(r"^(?P<lead>[ \t>]*)\[[^\]\n]+\]:")
# A `#` first in a paragraph's line, after its containers' marks and a list item's marker.
_HASH = re.compile(r"^(?P<lead>[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*)#")
_BLANKS = " \t\n"


def render_commonmark_text(lines: list[str], context: MarkupContext) -> list[str]:
    """Escape, in the prose lines of the page, what CommonMark shows as text and Python-Markdown reads."""
    page = context.parsed(lines)
    if (
        "](" not in page.text
        and "]:" not in page.text
        and "#" not in page.text
        and not _NON_ASCII_DIGIT.search(page.text)
    ):
        return lines  # nothing any rule escapes: most pages
    lines = list(lines)
    continued = _paragraph_lines(page)
    non_links = _non_link_tails(page, lines)
    for index in sorted(page.inline_lines):
        if index >= len(lines):
            continue
        line = non_links.get(index, lines[index])
        line = _escape_number(line)
        lines[index] = _escape_paragraph_line(line) if index in continued else line
    return lines


def _paragraph_lines(page: ParsedPage) -> set[int]:
    """The lines of the page's paragraphs: a definition there is the paragraph's text to CommonMark (one
    starting a paragraph was no definition to it either, or the parse would have taken it)."""
    return {
        line
        for start, token in page.blocks("paragraph_open")
        for line in range(start, (token.map or [0, 0])[1])
    }


def _non_link_tails(page: ParsedPage, lines: list[str]) -> dict[int, str]:
    """The lines holding a `](` that CommonMark reads as no link, each with the `]` of those escaped.

    Each is judged on the whole text of its paragraph (or heading, or table cell), as markdown-it's inline
    parse reads it: the k-th `](` of that text is the k-th of its lines, outside code spans. Where the two
    counts differ (an earlier step rewrote a line), each line is judged alone, as far as it goes."""
    escaped: dict[int, str] = {}
    for token in page.tokens:
        if token.type != "inline" or not token.map or "](" not in token.content:
            continue
        text = blank_code_spans(token.content)
        judged = [not _is_link_tail(text, found.start() + 1) for found in _LINK_TAIL.finditer(text)]
        indices = [index for index in range(*token.map) if index < len(lines)]
        places = [
            (index, found.start())
            for index in indices
            for found in _LINK_TAIL.finditer(blank_code_spans(lines[index]))
        ]
        if len(places) != len(judged):
            places = [place for index in indices for place in _line_non_links(lines[index], index)]
            judged = [True] * len(places)
        for (index, start), no_link in reversed(list(zip(places, judged, strict=True))):
            if no_link:
                line = escaped.get(index, lines[index])
                escaped[index] = f"{line[:start]}\\{line[start:]}"
    return escaped


def _line_non_links(line: str, index: int) -> list[tuple[int, int]]:
    """`(index, column)` of each `](` of the line alone that is no link tail."""
    searched = blank_code_spans(line)
    return [
        (index, found.start())
        for found in _LINK_TAIL.finditer(searched)
        if not _is_link_tail(searched, found.start() + 1)
    ]


def _is_link_tail(text: str, open_paren: int) -> bool:
    """Whether `(...)` from `open_paren` is an inline link's destination and title as markdown-it reads them
    (its link rule, `rules_inline/link.py`: blanks and line ends skipped between them), or runs past the
    text (then left as it is)."""
    end = len(text)
    position = _skip_blanks(text, open_paren + 1)
    if position >= end or ")" not in text[position:]:
        return True  # a destination or title going on to the next line: not this line's to judge
    destination = parseLinkDestination(text, position, end)
    if destination.ok:
        position = destination.pos
        blanks = _skip_blanks(text, position)
        title = parseLinkTitle(text, blanks, end)
        if blanks < end and blanks != position and title.ok:
            position = _skip_blanks(text, title.pos)
        else:
            position = blanks
    return position < end and text[position] == ")"


def _skip_blanks(text: str, position: int) -> int:
    while position < len(text) and text[position] in _BLANKS:
        position += 1
    return position


def _escape_number(line: str) -> str:
    numbered = _NUMBERED.match(line)
    if numbered is None or _ASCII_NUMBER.fullmatch(numbered["number"]):
        return line
    dot = numbered.end("number")
    return f"{line[:dot]}\\{line[dot:]}"


def _escape_paragraph_line(line: str) -> str:
    """A paragraph's line with what only Python-Markdown reads as a block there escaped."""
    return _escape_hash(_escape_definition(line))


def _escape_hash(line: str) -> str:
    """The first `#` of a paragraph's line that starts with one escaped: the parse read no heading there, so
    neither a space nor a tab follows it (a no-break space may), which Python-Markdown does not ask."""
    hashed = _HASH.match(line)
    if hashed is None:
        return line
    mark = hashed.end("lead")
    return f"{line[:mark]}\\{line[mark:]}"


def _escape_definition(line: str) -> str:
    definition = _DEFINITION.match(line)
    if definition is None:
        return line
    bracket = definition.end("lead")
    return f"{line[:bracket]}\\{line[bracket:]}"
