"""`<frameworkcontent>` with `<pt>`, `<tf>`, `<jax>` children -> PyTorch / TensorFlow / JAX tabs."""

from __future__ import annotations

from polydocs.dialect.constructs.tabs import FRAMEWORK_CONTENT
from polydocs.markup._tabs import render_tab_groups
from polydocs.markup.context import MarkupContext


def render_framework_tabs(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every `<frameworkcontent>` group of the page into tabs."""
    return render_tab_groups(lines, FRAMEWORK_CONTENT, context)
