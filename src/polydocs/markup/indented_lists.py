"""Where a list indented by four spaces or more starts right below a paragraph's line: doc-builder shows a
list; CommonMark and Python-Markdown showed the paragraph's text.

doc-builder's renderer (mdsvex 0.12, on remark-parse 8) lets a bullet or `1.` item interrupt a paragraph
however far it is indented:

    To add additional content to your demo, the `Interface` class supports some optional parameters:
        - `title`: you can give a title to your demo, ...
        - `description`: ...

is a sentence and a list on huggingface.co (the course's chapter9/4.mdx, in seven languages; transformers'
pt/index.md; 9 lists on the trees at hand). CommonMark, the page's one parse, reads lines indented four
spaces or more below a paragraph's line as that paragraph's text, and so did Python-Markdown: the items'
markers were shown in the sentence. What readers see follows doc-builder: the list's lines, to the
paragraph's end, lose the first item's indentation beyond the paragraph's (a continuation line what it
has of it), and a
blank line is written above the first item at the hand-over, as `paragraph_breaks.py` does for a list that
is not indented. Every earlier step read those lines as the paragraph's prose, which they stay inside the
items. Only outside list items and quotes, where the paragraph's lines are the page's own.
"""

from __future__ import annotations

import re

from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import leading_spaces

# A bullet or `1.` item indented four spaces or more (mdsvex's markers below a paragraph's line), read from
# the line's start, its indentation taken whole: linear in the line wherever it is tried.
_INDENTED_ITEM = re.compile(r"\A(?P<indent> {4,}+)(?:[-+*]|1\.)(?:[ \t]|$)")


def indented_lists(lines: list[str], page: ParsedPage) -> tuple[list[str], list[int]]:
    """The lines with each indented list below a paragraph's line moved to the first column, and the
    indices of the first items a blank line must be written above."""
    lines = list(lines)
    breaks = []
    for first, end in _top_level_paragraphs(page):
        start = next((index for index in range(first + 1, end) if _is_item(lines, page, index)), None)
        if start is None:
            continue
        # Steps may have indented the paragraph since the parse (a `<Tip>`'s body): that indentation stays.
        base = _spaces(lines[first])
        shift = _spaces(lines[start]) - base
        for index in range(start, min(end, len(lines))):
            taken = min(shift, max(_spaces(lines[index]) - base, 0))
            lines[index] = lines[index][:base] + lines[index][base + taken :]
        breaks.append(start)
    return lines, breaks


def _is_item(lines: list[str], page: ParsedPage, index: int) -> bool:
    """Whether line `index` is an indented item in the source and still is (a step that took the line, as
    `[[autodoc]]` takes its options' lines, leaves it alone)."""
    return (
        index < len(lines)
        and _INDENTED_ITEM.match(page.lines[index]) is not None
        and lines[index].strip() == page.lines[index].strip()
    )


def _top_level_paragraphs(page: ParsedPage) -> list[tuple[int, int]]:
    """The line spans of the paragraphs outside list items and quotes."""
    spans = []
    depth = 0
    for token in page.tokens:
        if token.type in ("list_item_open", "blockquote_open"):
            depth += 1
        elif token.type in ("list_item_close", "blockquote_close"):
            depth -= 1
        elif token.type == "paragraph_open" and depth == 0 and token.map:
            spans.append((token.map[0], min(token.map[1], len(page.lines))))
    return spans


def _spaces(line: str) -> int:
    return len(leading_spaces(line))
