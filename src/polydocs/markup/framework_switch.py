"""`{#if fw === 'pt'} ... {:else} ... {/if}` -> a pair of content tabs, PyTorch and TensorFlow.

The tabs are labelled like `<frameworkcontent>`'s (`markup/framework_tabs.py`), and the site turns on
Material's linked tabs where a page switches framework: choosing TensorFlow in one block switches every
block labelled so, on this page and the next (Material keeps the choice in the browser's storage).
A block whose condition is no framework's loses only its markers: both branches show.
"""

from __future__ import annotations

from polydocs.dialect.constructs.framework_switch import StrayMarker, SwitchBlock, find_switch_blocks
from polydocs.dialect.constructs.tabs import FRAMEWORK_LABELS
from polydocs.markup._blocks import INDENT, indent_lines, quoted
from polydocs.markup.context import MarkupContext


def render_framework_switches(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite each `{#if}` block into tabs, keeping the line count; stray markers are blanked."""
    lines = list(lines)
    for block in find_switch_blocks(context.parsed(lines)):
        if isinstance(block, SwitchBlock) and block.framework:
            _render_tabs(lines, block)
        else:
            for index in _marker_lines(block):
                lines[index] = ""
    return lines


def _render_tabs(lines: list[str], block: SwitchBlock) -> None:
    end = len(lines) if block.end is None else block.end
    # What stands before the marker now: the indent of a callout or a tab it is in, or a quote's `> `.
    prefix = lines[block.index][: lines[block.index].find("{")]
    first_end = end if block.otherwise is None else block.otherwise
    lines[block.index] = f"{prefix}===! {quoted(FRAMEWORK_LABELS[block.framework])}"
    _indent_body(lines, block.index + 1, first_end, prefix)
    if block.otherwise is not None:
        lines[block.otherwise] = f"{prefix}=== {quoted(FRAMEWORK_LABELS[block.other_framework])}"
        _indent_body(lines, block.otherwise + 1, end, prefix)
    if block.end is not None:
        lines[block.end] = prefix.rstrip()


def _indent_body(lines: list[str], start: int, end: int, prefix: str) -> None:
    """Indent a tab's lines one level inside what they stand in (spaces, or a block quote's `>`)."""
    if ">" not in prefix:
        indent_lines(lines, start, end)
        return
    for index in range(start, end):
        if lines[index].startswith(prefix):
            lines[index] = prefix + INDENT + lines[index][len(prefix) :]


def _marker_lines(block: SwitchBlock | StrayMarker) -> list[int]:
    if isinstance(block, SwitchBlock):
        return [index for index in (block.index, block.otherwise, block.end) if index is not None]
    return [block.index]
