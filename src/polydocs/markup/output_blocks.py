"""Fences whose info string superfences cannot read (```` ```python out ````) -> an opening it reads the same
way: `{.python .polydocs-output}` for output blocks (styled apart in the theme), `{.py}` for the others.

Which fences those are is the dialect's (`dialect/constructs/output_blocks.py`), found from the page's one
parse, where every such line is a fence already; only the opening line's info string changes.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect.constructs.output_blocks import superfences_opening
from polydocs.markup.context import MarkupContext, current_context

# Right after the page's parse, so that every later step sees the fences superfences will see.
PRIORITY = 29.4


def render_output_blocks(lines: list[str], context: MarkupContext) -> list[str]:
    lines = list(lines)
    for fence in context.parsed(lines).fences:
        opening = superfences_opening(fence.info)
        line = lines[fence.index]
        position = line.find(fence.marker)
        if (
            opening is not None
            and position >= 0
            and line[position + len(fence.marker) :].strip() == fence.info
        ):
            lines[fence.index] = f"{line[: position + len(fence.marker)]}{opening}"
    return lines


class _OutputBlockPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_output_blocks(lines, current_context())


class OutputBlockExtension(Extension):
    """Makes every fence with a multi-word info string one superfences reads."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_OutputBlockPreprocessor(md), "polydocs_output_blocks", PRIORITY)
