"""`<literalinclude>{...}</literalinclude>` -> the fenced code block of the excerpt it names
(`polydocs.dialect.constructs.literal_include`), or a notice when the excerpt cannot be read (its problem is
the spec's check's).

An excerpt has as many lines as its file gives, not as the directive has, so this runs in the hand-over,
after every construct that keeps the page's lines where they were; the fence is written where the
directive is now (inside a tab, indented with it), with a fence longer than any backtick run of the code.
"""

from __future__ import annotations

import re
from html import escape

from polydocs.dialect.constructs.literal_include import CONTAINER, OPEN, Include, excerpt, find_includes
from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext

_BACKTICKS = re.compile(r"`{3,}")
_LIST_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]+$")


def include_blocks(
    lines: list[str], page: ParsedPage, context: MarkupContext, store: StoreHtml
) -> list[tuple[int, int, list[str]]]:
    """`(first, last, block)` for each directive: lines `first`..`last` become `block`."""
    if OPEN not in page.text:
        return []
    blocks = []
    for include in find_includes(page):
        first = lines[include.index]
        prefix = first[: CONTAINER.match(first).end()]  # type: ignore[union-attr]
        block = _block(include, context, store)
        if _LIST_MARKER.search(prefix):  # Python-Markdown reads a block in a list item 4 spaces in, below it
            inside = prefix[: _LIST_MARKER.search(prefix).start()] + "    "  # type: ignore[union-attr]
            lines_of = [prefix + store(""), "", *(inside + line for line in block)]
        else:
            lines_of = [prefix + line for line in block]
        blocks.append((include.index, include.last, lines_of))
    return blocks


def _block(include: Include, context: MarkupContext, store: StoreHtml) -> list[str]:
    code = None
    if context.source_file is not None and context.include_root is not None:
        code = excerpt(include, context.source_file, context.include_root).code
    if code is None:
        notice = context.lang.text("component.include_unreadable", path=include.path or "?")
        return [store(f'<p class="polydocs-placeholder">{escape(notice)}</p>')]
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=2)
    fence = "`" * max(3, longest + 1)
    return [fence + include.language, *code.split("\n"), fence]
