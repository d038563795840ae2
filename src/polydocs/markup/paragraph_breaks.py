"""Where a list or a fenced code block starts right below a paragraph's line: doc-builder shows it as a block
of its own; Python-Markdown needs a blank line there.

doc-builder's renderer (mdsvex 0.12, on remark-parse 8) and CommonMark let a list or a fence interrupt a
paragraph:

    Effectively, the template does three things:
    1. For each message, ...
    2. Add the message content

is a sentence and a list of two items on huggingface.co (transformers' chat_templating.md). Python-Markdown
reads a paragraph as a whole block up to the next blank line: it showed the items as the paragraph's text,
markers and all (564 lists on the trees at hand: transformers 24, peft 17, the course 321, diffusers 202),
and wrote a fence's code block inside the paragraph's `<p>`, which the browser splits in two around it. A
blank line is written above the block's first line; it adds a line, so it is written at the hand-over, after
every line-keeping step (inside a quote, a quote's marker alone). Headings, quotes, rules and HTML blocks
already end a paragraph for Python-Markdown, and tables are `table_breaks.py`'s.

Only where both readers start the block: the parse (markdown-it, CommonMark) finds it, and a list's marker
is one mdsvex also takes there, a bullet (`-`, `+`, `*`) or `1.`. CommonMark also lets `1)` and `01.`
interrupt a paragraph, mdsvex does not: those lines stay the paragraph's text, as on huggingface.co. Inside
a list item the item's own layout holds (`list_indentation.py`), and nothing is added.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from polydocs.dialect.page import ParsedPage

_LIST_OPEN = frozenset({"bullet_list_open", "ordered_list_open"})
# A list's first marker as mdsvex takes it below a paragraph's line, after the containers' prefix (read
# from the line's start only, the prefix taken whole: linear in the line, wherever it is tried).
_INTERRUPTING_MARKER = re.compile(r"\A[ \t>]*+(?:[-+*]|1\.)(?:[ \t]|$)")


def paragraph_breaks(lines: list[str], page: ParsedPage) -> list[int]:
    """The indices of the lines a blank line must be written above: the first line of each list or fence
    that starts right below a paragraph's last line, outside list items."""
    breaks = []
    containers: list[str] = []  # the block containers open at each token: list items, quotes
    paragraph_end = -1  # the line below the paragraph that just closed in this container, else -1
    for token in page.tokens:
        if token.type in ("paragraph_open", "paragraph_close", "inline"):
            if token.type == "paragraph_open":
                paragraph_end = token.map[1] if token.map else -1
            continue
        if _interrupts(token, paragraph_end, containers, lines):
            breaks.append(paragraph_end)
        paragraph_end = -1
        if token.nesting == 1:
            containers.append(token.type)
        elif token.nesting == -1:
            containers.pop()
    return breaks


def _interrupts(token: Token, paragraph_end: int, containers: list[str], lines: list[str]) -> bool:
    """Whether `token` opens a block on the line right below a paragraph, outside list items, that both
    readers start there."""
    if not token.map or token.map[0] != paragraph_end or paragraph_end >= len(lines):
        return False
    if "list_item_open" in containers:
        return False
    if token.type == "fence":
        return True
    return token.type in _LIST_OPEN and _INTERRUPTING_MARKER.match(lines[paragraph_end]) is not None
