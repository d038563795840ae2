"""What one page may cost the tools that render it, checked in linear time before any of them sees it.

A page past a bound is not rendered: the site publishes an error notice in its place, build and lint report
why at the line, and every other page builds (`markup/page_parse.py` swaps the page for the notice;
`site/page_conversion.py` and lint's runner also turn a RecursionError no bound foresaw into the same).

- **Nesting** (`page-too-deep`): Python-Markdown nests a list, quote or HTML block by recursing, each level
  costing more than the last: 500 nested list levels stopped every language with an unexpected
  RecursionError, 500 nested `<hfoptions>` took 41 s, 100,000 nested `<div>` took nh3 49 s. Containers
  (list items, block quotes, counted on the page's parse) and tags (HTML elements and doc-builder
  components, on a stack, a closing tag closing what it matches) may each be `MAX_DEPTH` deep.
- **Size** (`page-too-costly`): every step above is linear, some with large factors (markdown-it reads 80,000
  `![` in 2 s): a page may have `MAX_CHARACTERS` characters, ten times the corpora's largest (93 KB).
- **Raw HTML scanning** (`page-too-costly`): Python-Markdown hands the whole page to Python's
  `html.parser`, which reads from each `<a` never ended to the next `>`: a page of 16,000 lines
  `<a href=x` took 83 s. `html_scan.py` adds up what it reads; a page may make it read `HTML_SCAN_BUDGET`
  characters (the corpora's most is 12,596, a course page).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect import inline_budget
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs.prose_tags import read_as_html_by_python_markdown_only
from polydocs.dialect.html_scan import scan_cost
from polydocs.dialect.page import ParsedPage

TOO_DEEP = "page-too-deep"
TOO_COSTLY = "page-too-costly"
# The codes of a page that is not rendered; `inline-too-costly` leaves the page rendered, the run as text.
REFUSING = frozenset({TOO_DEEP, TOO_COSTLY})
CODES = code_table(
    DiagnosticCode(TOO_DEEP, "error", "A page nested deeper than the site renders."),
    DiagnosticCode(TOO_COSTLY, "error", "A page past the work a page may cost."),
    DiagnosticCode(
        inline_budget.TOO_COSTLY, "error", "A paragraph past its inline budget, shown as plain text."
    ),
)

MAX_CHARACTERS = 1_000_000
MAX_DEPTH = 32
HTML_SCAN_BUDGET = 5_000_000

_HINT = "split the page or flatten it; the site shows an error notice instead of this page"
# An element or component tag; `[^<>]*?` stops at the next `<` or `>`, so each character is read once.
_TAG = re.compile(r"<(?P<closing>/?)(?P<name>[A-Za-z][\w:.-]*+)[^<>]*?(?P<self>/?)>")
# Elements that have no closing tag.
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_CONTAINERS = {"list_item_open": 1, "list_item_close": -1, "blockquote_open": 1, "blockquote_close": -1}


@dataclass(frozen=True)
class PageRefusal:
    """Why a page is not rendered: at the 0-based line `index` of its text."""

    index: int
    code: str
    message: str

    def finding(self) -> Finding:
        return Finding(self.index, self.code, self.message, _HINT)


def page_refusal(page: ParsedPage) -> PageRefusal | None:
    """The first bound the page is past, None when it may be rendered."""
    if len(page.text) > MAX_CHARACTERS:  # before the parse is asked for anything
        return PageRefusal(
            0, TOO_COSTLY, f"{len(page.text):,} characters (a page may have {MAX_CHARACTERS:,})"
        )
    return _containers_too_deep(page) or _tags_too_deep(page) or _html_too_costly(page)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    """Each run of inline markup shown as plain text (a page past its bounds is answered before every check
    by `checks.page_findings`: its one finding is why)."""
    for token in page.tokens:
        if (
            token.type == "inline"
            and token.map
            and (problem := inline_budget.inline_cost_problem(token.content))
        ):
            message = f"{problem}; it is shown as plain text"
            yield Finding(token.map[0], inline_budget.TOO_COSTLY, message, inline_budget.HINT)


def _containers_too_deep(page: ParsedPage) -> PageRefusal | None:
    depth = 0
    for token in page.tokens:
        depth += _CONTAINERS.get(token.type, 0)
        if depth > MAX_DEPTH and token.map:
            return PageRefusal(
                token.map[0], TOO_DEEP, f"lists and quotes nested deeper than {MAX_DEPTH} levels"
            )
    return None


def _tags_too_deep(page: ParsedPage) -> PageRefusal | None:
    stack: list[str] = []
    open_count: dict[str, int] = {}
    prose = _text_lines(page)
    for index, line in page.outside_code():
        if "<" not in line:
            continue
        for tag in _TAG.finditer(blank_code_spans(line)):
            if index in prose and read_as_html_by_python_markdown_only(tag[0]):
                continue  # `<repo_id>`, in prose or alone: text (prose_tags.py), no element to nest in
            name = tag["name"].lower()
            if tag["closing"]:
                if open_count.get(name):
                    while (top := stack.pop()) != name:  # a closing tag closes what it matches
                        open_count[top] -= 1
                    open_count[name] -= 1
            elif not tag["self"] and name not in _VOID:
                stack.append(name)
                open_count[name] = open_count.get(name, 0) + 1
                if len(stack) > MAX_DEPTH:
                    return PageRefusal(
                        index, TOO_DEEP, f"HTML or component tags nested deeper than {MAX_DEPTH} levels"
                    )
    return None


def _text_lines(page: ParsedPage) -> frozenset[int]:
    """The lines whose text in angle brackets the site shows as text, read from the block parse alone: those
    of the page's paragraphs, headings and table cells (CommonMark's inline content), and a tag alone on its
    line outside an HTML block (`<repo_id>`); in an HTML block it is HTML."""
    return page.inline_lines | {index for index, _ in page.tag_lines if index not in page.html_block_lines}


def _html_too_costly(page: ParsedPage) -> PageRefusal | None:
    fenced = {index for fence in page.fences for index in range(fence.index, fence.last + 1)}
    lines = [line for index, line in enumerate(page.lines) if index not in fenced]  # superfences took these
    cost = scan_cost("\n".join(lines))
    if cost <= HTML_SCAN_BUDGET:
        return None
    first = next((index for index, line in enumerate(page.lines) if index not in fenced and "<" in line), 0)
    return PageRefusal(
        first,
        TOO_COSTLY,
        f"tags never ended make the HTML parser read {cost:,} characters (at most {HTML_SCAN_BUDGET:,})",
    )
