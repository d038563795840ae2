"""One module per doc-builder construct: its spec (names, attributes, what is allowed) and its check.

The registry below is the order in which a page's findings are produced; the markup extensions render
the same constructs from the same parse (`polydocs.markup`), the lint rules report these findings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect import page_bounds
from polydocs.dialect.checks import CheckRegistry, DeclaredCheck
from polydocs.dialect.constructs import (
    api_links,
    autodoc,
    callouts,
    components,
    dropped_tags,
    fences,
    framework_switch,
    iframes,
    jsx_attributes,
    license_header,
    literal_include,
    math,
    notebooks,
    page_links,
    quiz,
    tabs,
    translation_markers,
)
from polydocs.dialect.page import ParsedPage

# In the order a page's findings are produced. Each module has `check(page, facts)` and its `CODES`, the
# codes it may report declared (name, level, summary): a finding of another code is an error.
CONSTRUCTS = (
    page_bounds,
    fences,
    license_header,
    callouts,
    tabs,
    autodoc,
    iframes,
    components,
    jsx_attributes,
    quiz,
    dropped_tags,
    notebooks,
    framework_switch,
    math,
    literal_include,
    page_links,
    api_links,
    translation_markers,
)


def _name(construct: ModuleType) -> str:
    return construct.__name__.rsplit(".", 1)[-1]


CONSTRUCT_CHECKS = CheckRegistry(
    [DeclaredCheck(_name(construct), construct.check, construct.CODES) for construct in CONSTRUCTS]
)

# Every code a construct check may report, as its construct declares it: what the build and `polydocs lint`
# must agree on, and the constructs' part of the table of every code (`polydocs.codes`).
CONSTRUCT_CODES: dict[str, DiagnosticCode] = code_table(
    *(code for construct in CONSTRUCTS for code in construct.CODES.values())
)

# The constructs whose syntax a reader would see as written where a renderer leaves them; each says on which
# lines (`written_lines`). The others are Markdown an output renders as the site does (fences, page links,
# `$$` math: `page.jupyter_math` writes the rest), HTML comments no reader sees (the license header,
# translation markers), or no syntax of their own (page bounds, JSX attribute spellings).
SHOWN_CONSTRUCTS = (
    callouts,
    tabs,
    autodoc,
    iframes,
    components,
    quiz,
    notebooks,
    framework_switch,
    literal_include,
    api_links,
)


@dataclass(frozen=True)
class WrittenConstruct:
    """A line where a construct the site renders is written: `construct` names its module."""

    index: int
    construct: str


def written_constructs(page: ParsedPage) -> Iterator[WrittenConstruct]:
    """Where the page writes each construct the site renders, by each construct's own reading: what a
    second renderer (the notebooks) must have rendered, asked of its output read again as a page."""
    for construct in SHOWN_CONSTRUCTS:
        for index in sorted(set(construct.written_lines(page))):
            yield WrittenConstruct(index, _name(construct))


__all__ = [
    "CONSTRUCTS",
    "CONSTRUCT_CHECKS",
    "CONSTRUCT_CODES",
    "SHOWN_CONSTRUCTS",
    "WrittenConstruct",
    "written_constructs",
]
