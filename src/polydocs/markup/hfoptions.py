"""`<hfoptions id="...">` with `<hfoption id="PyTorch">` children -> tabs labelled by the ids."""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup._blocks import TagLine
from polydocs.markup._tabs import TabSyntax, render_tab_groups
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 26.5


def _option_label(tag: TagLine, number: int, index: int, context: MarkupContext) -> str:
    label = tag.attributes.get("id", "")
    if label:
        return label
    context.warn(
        index,
        "hfoptions-malformed",
        f"`<hfoption>` without an id; its tab is labelled `Option {number}`",
        'give it the label readers should see: `<hfoption id="PyTorch">`',
    )
    return f"Option {number}"


HFOPTIONS = TabSyntax("hfoptions", frozenset({"hfoption"}), "hfoptions", _option_label)


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
