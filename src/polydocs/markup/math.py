"""`$$...$$` and `\\\\( ... \\\\)` -> MathML the browser typesets (`polydocs.dialect.constructs.math`).

Each formula is stashed as raw HTML, so no later step and no Markdown rule reads what it holds (an
underscore never becomes emphasis). A formula that cannot be typeset is shown as code; its problem is the
spec's check's. A formula over several lines leaves its first line the placeholder and the others a
placeholder of nothing (a blank line would end the paragraph), so every line stays where it was.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs.math import DISPLAY, INLINE_OPEN, Formula, find_formulas, typeset
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext


def render_math(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace every formula of the page by its MathML, keeping the line count."""
    lines = list(lines)
    text = "\n".join(lines)
    if DISPLAY not in text and INLINE_OPEN not in text:
        return lines
    formulas, _ = find_formulas(context.parsed(lines))
    for formula in reversed(formulas):  # from the end, so the columns of earlier ones on a line hold
        _replace(lines, formula, store(_html(formula)), store)
    return lines


def _html(formula: Formula) -> str:
    mathml = typeset(formula.tex, formula.display).mathml
    if not mathml:
        return f'<code class="polydocs-math-source">{escape(formula.tex.strip())}</code>'
    return f'<span class="polydocs-math">{mathml}</span>' if not formula.display else mathml


def _replace(lines: list[str], formula: Formula, placeholder: str, store: StoreHtml) -> None:
    first, last = lines[formula.index], lines[formula.last]
    if formula.index == formula.last:
        lines[formula.index] = first[: formula.start] + placeholder + first[formula.end :]
        return
    lines[formula.index] = first[: formula.start] + placeholder
    rest = last[formula.end :]
    # A display formula that is its lines is a block of its own; anything else goes on in its paragraph.
    nothing = "" if formula.display and not rest.strip() else store("")
    for middle in range(formula.index + 1, formula.last):
        lines[middle] = _kept_prefix(lines[middle]) + nothing if nothing else ""
    lines[formula.last] = _kept_prefix(last) + rest if rest.strip() else _kept_prefix(last) + nothing


def _kept_prefix(line: str) -> str:
    """The container's markers and indentation a line starts with (`> `, spaces)."""
    return line[: len(line) - len(line.lstrip(" \t>"))]
