"""doc-builder's code in several languages -> labelled tabs: `<tokenizerslangcontent>` with `<python>`,
`<rust>`, `<node>`; `<inferencesnippet>` with `<python>`, `<js>`, `<curl>` (the tab specs: `CODE_TABS` of
`polydocs.dialect.constructs.tabs`). Nothing is fetched: the tabs hold what the page wrote."""

from __future__ import annotations

from polydocs.dialect.constructs.tabs import CODE_TABS
from polydocs.markup._tabs import render_tab_groups
from polydocs.markup.context import MarkupContext


def render_code_tabs(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every group of code in several languages into tabs."""
    for spec in CODE_TABS:
        lines = render_tab_groups(lines, spec, context)
    return lines
