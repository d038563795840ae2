"""The first and the last of the dialect's preprocessors: parse the page once and report its constructs'
problems; then, once every construct is rendered, hand the page to Python-Markdown as the parse reads it.

Every preprocessor in between reads `context.page` for where code, tags and comments are; none warns on its
own about a construct, so the build reports exactly what `polydocs lint` reports (`polydocs.dialect`).
"""

from __future__ import annotations

import bisect
import re

from polydocs.dialect import Fence, ParsedPage, page_findings, parse_page
from polydocs.dialect.checks import Finding
from polydocs.dialect.constructs.fences import closing_fence
from polydocs.dialect.page_bounds import REFUSING, page_refusal
from polydocs.markup._blocks import StoreHtml
from polydocs.markup._tabs import one_line_tab_blocks
from polydocs.markup.callouts import callout_text_lines
from polydocs.markup.components import note_lines
from polydocs.markup.context import MarkupContext
from polydocs.markup.fence_indentation import align_fence_lines
from polydocs.markup.indented_lists import indented_lists
from polydocs.markup.inference_snippet import inference_snippet_blocks
from polydocs.markup.list_breaks import list_breaks
from polydocs.markup.literal_include import include_blocks
from polydocs.markup.paragraph_breaks import paragraph_breaks
from polydocs.markup.refused_page import refused_notice
from polydocs.markup.table_breaks import blank_above, table_breaks

# One complete element marked `markdown="0"` (md_in_html's "raw HTML, do not parse") alone on its line,
# after the container's quote markers and indentation (an evidence badge under a code block in a tab).
_RAW_ELEMENT = re.compile(
    r'^(?P<prefix>[ \t>]*)(?P<html><(?P<tag>[A-Za-z]\w*)\b[^<>]*\smarkdown="0"[^<>]*>.*</(?P=tag)>)\s*$'
)


def report_constructs(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Parse the page once for every later step and report its constructs' problems; change no line, but
    for a page past its bounds (`dialect/page_bounds.py`): that becomes the notice the site shows instead."""
    # A second conversion inside the page's is mkdocstrings rendering a docstring of an autodoc block:
    # its text is the library's, not the page's, so its problems are not the page author's to fix.
    nested = context.page is not None
    context.page = parse_page("\n".join(lines))
    if nested:
        return lines
    context.text_lines = len(lines)
    refusal = _refusal(context)
    if refusal is None:
        return lines
    # Every line kept (blank), so later steps and locations still hold; nothing is left for them to read.
    notice = store(refused_notice(context.lang, context.source_line(refusal.index)))
    refused = [notice, *[""] * (len(lines) - 1)]
    context.page = parse_page("\n".join(refused))
    return refused


def _refusal(context: MarkupContext) -> Finding | None:
    """Report the page's construct problems (only its bounds where nobody reads them: `check_constructs`)
    and return why the page is not rendered, if it is not."""
    assert context.page is not None
    if not context.check_constructs:
        bound = page_refusal(context.page)  # `page_findings` asks it first, and stops there: the same answer
        return bound.finding() if bound is not None else None
    findings = page_findings(context.page, context.facts)
    for finding in findings:
        context.warn(finding.index, finding.code, finding.message, finding.hint)
    return next((finding for finding in findings if finding.code in REFUSING), None)


def hand_over(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """The page as the parse reads it, for superfences and Python-Markdown: nested raw elements stay blocks,
    fences never closed are closed, a fence's two lines are indented alike, and tables, lists and fences below
    a paragraph's line, and a list after a list of another kind, are blocks of their own."""
    page = context.parsed(lines)
    lines = align_fence_lines(lines, page)
    lines, list_starts = indented_lists(lines, page)
    blank_breaks = {
        index: [blank_above(lines[index])]
        for index in (*table_breaks(lines, page), *paragraph_breaks(lines, page), *list_starts)
    }
    blocks = _with_breaks(
        lines,
        {**blank_breaks, **list_breaks(lines, page, store)},
        [
            *include_blocks(lines, page, context, store),
            *one_line_tab_blocks(lines, page),
            *callout_text_lines(lines, page, context),
            *note_lines(lines, page, context),
            *inference_snippet_blocks(lines, page),
        ],
    )
    lines = close_unclosed_fences(stash_nested_raw_elements(lines, page, store), page)
    return _with_includes(lines, page, blocks)


def _with_breaks(
    lines: list[str], breaks: dict[int, list[str]], blocks: list[tuple[int, int, list[str]]]
) -> list[tuple[int, int, list[str]]]:
    """The blocks in order, with the lines `breaks` gives a line written above it (above a block starting
    there)."""
    starting = {first: (first, last, block) for first, last, block in blocks}
    for index, above in sorted(breaks.items()):
        first, last, block = starting.get(index, (index, index, [lines[index]]))
        starting[index] = (first, last, [*above, *block])
    return sorted(starting.values(), key=lambda block: block[0])


def _with_includes(lines: list[str], page: ParsedPage, blocks: list[tuple[int, int, list[str]]]) -> list[str]:
    """Each `<literalinclude>` directive, one-line tab and line a blank goes above replaced by its block, from
    the bottom up; the lines the closed fences added above one move it down by as many."""
    if not blocks:
        return lines
    added = sorted(fence.last for fence in page.fences if not fence.closed)
    for first, last, block in reversed(blocks):
        shift = bisect.bisect_left(added, first)
        lines[first + shift : last + shift + 1] = block
    return lines


def close_unclosed_fences(lines: list[str], page: ParsedPage) -> list[str]:
    """Each fence the parse found never closed, closed right after its last line, inside its container.

    pymdownx.superfences shows a fence never closed as text; the parse (CommonMark) runs it to the end of
    its container as code, and that is what the checker runs and the linter reads, so the site shows it so.
    The lines after the inserted ones move down, which no preprocessor of ours sees: they have all run.
    """
    lines = list(lines)
    for fence in reversed(page.fences):  # from the bottom up, so the indices above each insertion hold
        if not fence.closed and fence.last < len(lines):
            lines.insert(_last_written(lines, fence) + 1, closing_fence(lines[fence.index], fence.marker))
    return lines


def _last_written(lines: list[str], fence: Fence) -> int:
    """The fence's last line that is not blank: its trailing blank lines show nothing, and left after the
    closing fence they keep the blank lines Python-Markdown needs at the end of the page."""
    last = fence.last
    while last > fence.index and not lines[last].strip(" \t>"):
        last -= 1
    return last


def stash_nested_raw_elements(lines: list[str], page: ParsedPage, store: StoreHtml) -> list[str]:
    """A raw element marked `markdown="0"` in a container (quote, tab, admonition, list item) kept a block.

    Python-Markdown finds raw HTML blocks only at the top level: inside a container the element would be
    inline HTML in a `<p>` (a `<div>` inside a paragraph), where CommonMark and the top level have a block.
    """
    lines = list(lines)
    for index, line in enumerate(lines):
        match = _RAW_ELEMENT.match(line) if not page.is_code(index) else None
        if match and _inside_container(match["prefix"]):
            lines[index] = match["prefix"] + store(match["html"])
    return lines


def _inside_container(prefix: str) -> bool:
    return ">" in prefix or len(prefix.expandtabs(4)) >= 4
