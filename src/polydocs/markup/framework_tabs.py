"""`<frameworkcontent>` with `<pt>`, `<tf>`, `<jax>` children -> PyTorch / TensorFlow / JAX tabs."""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect.constructs.tabs import FRAMEWORK_CONTENT
from polydocs.markup._tabs import render_tab_groups
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 26.4


def render_framework_tabs(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every `<frameworkcontent>` group of the page into tabs."""
    return render_tab_groups(lines, FRAMEWORK_CONTENT, context)


class _FrameworkTabsPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_framework_tabs(lines, current_context())


class FrameworkTabsExtension(Extension):
    """Turns `<frameworkcontent>` groups into tabs."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_FrameworkTabsPreprocessor(md), "polydocs_framework_tabs", PRIORITY)
