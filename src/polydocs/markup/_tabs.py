"""A group tag holding tab tags (`<hfoptions>`/`<hfoption>`, `<frameworkcontent>`/`<pt>`) -> tabs.

The groups, their tabs and where each ends come from the page's one parse (`tab_layout` of the tab spec,
`polydocs.dialect.constructs.tabs`); their problems are reported by its check, not here.
"""

from __future__ import annotations

from polydocs.dialect.constructs.tabs import TAB_GROUPS, TabGroup, TabGroupSpec, tab_body_lines, tab_layout
from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import INDENT, indent_lines, leading_spaces, quoted
from polydocs.markup.context import MarkupContext


def render_tab_groups(lines: list[str], spec: TabGroupSpec, context: MarkupContext) -> list[str]:
    """Rewrite every group of `spec` into alternate-style tabs, keeping the line count."""
    lines = list(lines)
    # In page order, so a group inside a tab is rendered after the tab indented it.
    for group in tab_layout(context.parsed(lines), spec).groups:
        _render_group(lines, group)
    return lines


def _render_group(lines: list[str], group: TabGroup) -> None:
    item = _list_item_marker(lines[group.index])
    lines[group.index] = ""
    if group.closed:
        lines[group.end] = ""
    for tab in group.tabs:
        # Each group starts a new tab set (`===!`), so two groups in a row never merge.
        marker = "===!" if tab.number == 1 else "==="
        lines[tab.index] = f"{leading_spaces(lines[tab.index])}{marker} {quoted(tab.label)}"
        if item and tab.number == 1 and tab.body is None:
            # A group opening a list item (`- <InferenceSnippet>`): its first label on the marker's line,
            # padded to the item's content column (after a bare `- `, pymdownx.tabbed starts no set the
            # item's next lines continue); the tab's own line left blank above its body.
            lines[group.index] = f"{item}{marker} {quoted(tab.label)}"
            lines[tab.index] = ""
        if tab.body is not None:  # its body is written below it at the hand-over (`one_line_tab_blocks`)
            continue
        indent_lines(lines, tab.index + 1, tab.end)
        if tab.closing is not None:
            lines[tab.closing] = ""


def _list_item_marker(line: str) -> str:
    """What precedes a group's tag that opens a list item (`- `), padded to Python-Markdown's content
    column; "" for a tag alone on its line."""
    indent = leading_spaces(line)
    written = line[len(indent) : line.find("<")].strip() if "<" in line else ""
    return indent + written + " " * max(1, len(INDENT) - len(written)) if written else ""


def one_line_tab_blocks(lines: list[str], page: ParsedPage) -> list[tuple[int, int, list[str]]]:
    """`(line, line, block)` for each tab written on one line: its tab line, then its body indented below.

    A body adds lines to the page, so it is written at the hand-over, after every line-keeping step.
    """
    blocks = []
    for spec in TAB_GROUPS:
        for group in tab_layout(page, spec).groups:
            for tab in group.tabs:
                if tab.body:
                    inside = leading_spaces(lines[tab.index]) + INDENT
                    body = [inside + line for line in tab_body_lines(tab.body)]
                    blocks.append((tab.index, tab.index, [lines[tab.index], *body]))
    return blocks
