"""GitHub alerts (`> [!TIP]`) and `<Tip>` blocks -> Material admonitions titled in the page's language.

Which lines are callouts, and where each `<Tip>` ends, come from the page's one parse and the callout spec
(`polydocs.dialect.constructs.callouts`); their problems are reported by its check, not here.
"""

from __future__ import annotations

from polydocs.dialect import ParsedPage
from polydocs.dialect.constructs.callouts import (
    ADMONITION_TYPES,
    ALERT_MARKER,
    alerts,
    body_text,
    text_as_own_line,
    tip_layout,
)
from polydocs.dialect.tags import parse_one_line_element
from polydocs.markup._blocks import INDENT, indent_lines, leading_spaces, quoted
from polydocs.markup.context import MarkupContext


def admonition_line(indent: str, kind: str, context: MarkupContext) -> str:
    """`!!! tip "Consejo"`: the first line of an admonition for a callout `kind`."""
    title = context.lang.text(f"callout.{kind}")
    return f"{indent}!!! {ADMONITION_TYPES[kind]} {quoted(title)}"


def render_callouts(lines: list[str], context: MarkupContext) -> list[str]:
    """Every `<Tip>` block, then every GitHub alert (a `<Tip>` may hold alerts), as an admonition."""
    page = context.parsed(lines)
    return render_github_alerts(render_tip_blocks(lines, page, context), page, context)


def before_tag(line: str) -> str:
    """What precedes a `<Tip>` on its line as it is now: its indentation, or the marker of the list item
    it opens (`- `), which the admonition keeps."""
    start = line.find("<")
    return line[:start] if start >= 0 else leading_spaces(line)


def render_tip_blocks(lines: list[str], page: ParsedPage, context: MarkupContext) -> list[str]:
    """`<Tip>` and `<Tip warning={true}>` ... `</Tip>` -> tip / warning admonitions."""
    lines = list(lines)
    layout = tip_layout(page)
    for block in layout.blocks:
        if block.body is not None:  # its admonition line goes above it at the hand-over
            # The text as earlier steps left it (a prose tag escaped), else as the parse read it.
            element = parse_one_line_element(lines[block.index])
            body = element[1] if element is not None else block.body
            lines[block.index] = before_tag(lines[block.index]) + body
            continue
        lines[block.index] = admonition_line(before_tag(lines[block.index]), block.kind, context)
        indent_lines(lines, block.index + 1, block.end)
        if block.closed:
            lines[block.end] = ""
    for index in layout.unopened:
        lines[index] = ""
    return lines


def callout_text_lines(
    lines: list[str], page: ParsedPage, context: MarkupContext
) -> list[tuple[int, int, list[str]]]:
    """`(line, line, block)` for each callout whose text starts on the line of its tag or marker (a tip
    written on one line, `> [!NOTE] The text`): its admonition line, then that text as the line-keeping
    steps left it (links made), indented below. It adds a line, so it is the hand-over's."""
    kinds = {block.index: block.kind for block in tip_layout(page).blocks if block.body is not None}
    kinds |= {
        alert.index: alert.kind.lower() for alert in alerts(page) if alert.rendered and alert.rest.strip()
    }
    blocks = []
    for index, kind in sorted(kinds.items()):
        indent = leading_spaces(lines[index])
        text = lines[index][len(indent) :]
        blocks.append((index, index, [admonition_line(indent, kind, context), indent + INDENT + text]))
    return blocks


def render_github_alerts(lines: list[str], page: ParsedPage, context: MarkupContext) -> list[str]:
    """`> [!NOTE]` and its quote -> a note admonition holding the quote's lines. Text after the marker is
    left on the marker's line, whose admonition line goes above it at the hand-over (`callout_text_lines`)."""
    lines = list(lines)
    for alert in alerts(page):
        # The line as it is now: a `<Tip>` around it indented it, an alert around it unquoted it.
        marker = ALERT_MARKER.match(lines[alert.index])
        if not alert.rendered or marker is None:
            continue
        indent = marker["indent"]
        if marker["rest"].strip():  # the line as earlier steps left it: its prose tags escaped
            lines[alert.index] = indent + text_as_own_line(marker["rest"])
        else:
            lines[alert.index] = admonition_line(indent, alert.kind.lower(), context)
        for body in range(alert.index + 1, alert.end):
            line = lines[body]
            text = body_text(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            lines[body] = indent + INDENT + text if text.strip() else ""
    return lines
