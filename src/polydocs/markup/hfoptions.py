"""`<hfoptions id="...">` with `<hfoption id="PyTorch">` children -> tabs labelled by the ids."""

from __future__ import annotations

from polydocs.dialect.constructs.tabs import HFOPTIONS
from polydocs.markup._tabs import render_tab_groups
from polydocs.markup.context import MarkupContext


def render_hfoptions(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every `<hfoptions>` group of the page into tabs."""
    return render_tab_groups(lines, HFOPTIONS, context)
