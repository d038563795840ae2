"""A group tag holding child tags (`<hfoptions>`/`<hfoption>`, `<frameworkcontent>`/`<pt>`) -> tabs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polydocs.markup._blocks import TagLine, find_closing, indent_lines, parse_tag_line, quoted
from polydocs.markup.context import MarkupContext


@dataclass(frozen=True)
class TabSyntax:
    """How one kind of tab group is written; `label` names a child's tab, or warns and invents a name."""

    group: str
    children: frozenset[str]
    code: str
    label: Callable[[TagLine, int, int, MarkupContext], str]

    def show(self, name: str) -> str:
        return f"`<{name}>`"


def render_tab_groups(lines: list[str], syntax: TabSyntax, context: MarkupContext) -> list[str]:
    """Rewrite every group of `syntax` into alternate-style tabs, keeping the line count."""
    lines = list(lines)
    fenced = context.code_mask(lines)
    for index in range(len(lines)):
        tag = None if fenced[index] else parse_tag_line(lines[index])
        if tag is None or tag.self_closing:
            continue
        if tag.name == syntax.group and tag.opening:
            _render_group(lines, fenced, index, tag, syntax, context)
        elif tag.name == syntax.group or tag.name in syntax.children:
            outside = (
                "closes no group" if tag.name == syntax.group else f"is outside {syntax.show(syntax.group)}"
            )
            context.warn(
                index,
                f"{syntax.code}-stray",
                f"`{lines[index].strip()}` {outside}; it is shown as it is",
                f"put each {' / '.join(map(syntax.show, sorted(syntax.children)))} inside one "
                f"{syntax.show(syntax.group)} ... `</{syntax.group}>` group",
            )
    return lines


def _render_group(
    lines: list[str], fenced: list[bool], start: int, tag: TagLine, syntax: TabSyntax, context: MarkupContext
) -> None:
    group_end = find_closing(lines, fenced, start, syntax.group)
    if not group_end.found:
        context.warn(
            start,
            f"{syntax.code}-unclosed",
            f"{syntax.show(syntax.group)} is never closed; its tabs run to the end of the page",
            f"add `</{syntax.group}>` on its own line after the last tab",
        )
    lines[start] = ""
    if group_end.found:
        lines[group_end.index] = ""
    nesting = {syntax.group, *syntax.children}
    stop_at = {(child, False) for child in syntax.children} | {(syntax.group, True)}
    position, tab_number, stray_reported = start + 1, 0, False
    while position < group_end.index:
        child = None if fenced[position] else parse_tag_line(lines[position])
        if child is not None and child.opening and child.name in syntax.children:
            tab_number += 1
            label = syntax.label(child, tab_number, position, context)
            end = find_closing(lines, fenced, position, child.name, nesting, stop_at)
            if not end.found:
                context.warn(
                    position,
                    f"{syntax.code}-unclosed",
                    f"{syntax.show(child.name)} is never closed; it ends at the next tab or the group's end",
                    f"add `</{child.name}>` on its own line where this tab ends",
                )
            end_index = min(end.index, group_end.index)
            marker = "===!" if tab_number == 1 else "==="
            lines[position] = f"{child.indent}{marker} {quoted(label)}"
            indent_lines(lines, position + 1, end_index)
            if end.found and end.index < group_end.index:
                lines[end.index] = ""
                end_index += 1
            position = end_index
            continue
        if lines[position].strip() and not stray_reported:
            stray_reported = True
            context.warn(
                position,
                f"{syntax.code}-stray",
                f"text inside {syntax.show(syntax.group)} but outside any tab splits the tabs in two",
                "move it into a tab, or before or after the group",
            )
        position += 1
