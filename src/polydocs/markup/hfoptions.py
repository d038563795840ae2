"""`<hfoptions id="...">` with `<hfoption id="PyTorch">` children -> tabs labelled by the ids."""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect.constructs.tabs import HFOPTIONS
from polydocs.markup._tabs import render_tab_groups
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 26.5


def render_hfoptions(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every `<hfoptions>` group of the page into tabs."""
    return render_tab_groups(lines, HFOPTIONS, context)


class _HfOptionsPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_hfoptions(lines, current_context())


class HfOptionsExtension(Extension):
    """Turns `<hfoptions>` groups into tabs."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_HfOptionsPreprocessor(md), "polydocs_hfoptions", PRIORITY)
