"""Output blocks (```` ```python out ````) -> ```` ```{.python .polydocs-output} ````: highlighted as their
language, with a class the theme styles apart from code to run. Interactive sessions (```` ```py ```` whose
code starts at `>>>`) -> ```` ```{.pycon .polydocs-session} ````: Pygments' Python console lexer tells the
prompts and code from the lines they printed, which the theme styles as output.

Which fences are output is the dialect's (`dialect/constructs/output_blocks.py`), found among the fences
of the page's one parse; only the opening line's info string changes.
"""

from __future__ import annotations

from polydocs.dialect.constructs.output_blocks import SESSION_OPENING, is_session, output_opening
from polydocs.markup.context import MarkupContext


def render_output_blocks(lines: list[str], context: MarkupContext) -> list[str]:
    lines = list(lines)
    for fence in context.parsed(lines).fences:
        opening = output_opening(fence.info)
        if opening is None and is_session(fence.info, fence.content):
            opening = SESSION_OPENING
        line = lines[fence.index]
        position = line.find(fence.marker)
        if (
            opening is not None
            and position >= 0
            and line[position + len(fence.marker) :].strip() == fence.info
        ):
            lines[fence.index] = f"{line[: position + len(fence.marker)]}{opening}"
    return lines
