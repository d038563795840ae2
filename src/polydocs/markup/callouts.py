"""GitHub alerts (`> [!TIP]`) and `<Tip>` blocks -> Material admonitions titled in the page's language."""

from __future__ import annotations

import re

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup._blocks import INDENT, find_closing, indent_lines, parse_tag_line, quoted
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 27

# Callout kind -> Material admonition type (Material has no "important" or "caution" style of its own).
ADMONITION_TYPES = {
    "note": "note",
    "tip": "tip",
    "important": "info",
    "warning": "warning",
    "caution": "danger",
}

_ALERT = re.compile(r"^(?P<indent>[ ]*)>[ ]?\[!(?P<kind>[A-Za-z]+)\][ ]*$")
_QUOTED = re.compile(r"^(?P<indent>[ ]*)>[ ]?(?P<text>.*)$")


def admonition_line(indent: str, kind: str, context: MarkupContext) -> str:
    """`!!! tip "Consejo"`: the first line of an admonition for a callout `kind`."""
    title = context.lang.text(f"callout.{kind}")
    return f"{indent}!!! {ADMONITION_TYPES[kind]} {quoted(title)}"


def render_tip_blocks(lines: list[str], context: MarkupContext) -> list[str]:
    """`<Tip>` and `<Tip warning={true}>` ... `</Tip>` -> tip / warning admonitions."""
    lines = list(lines)
    fenced = context.code_mask(lines)
    for index in range(len(lines)):
        tag = None if fenced[index] else parse_tag_line(lines[index])
        if tag is None or tag.name != "Tip":
            continue
        if tag.closing:
            context.warn(index, "callout-unmatched", "`</Tip>` closes no `<Tip>`", "remove it")
            lines[index] = ""
            continue
        closing = find_closing(lines, fenced, index, "Tip")
        if not closing.found:
            context.warn(
                index,
                "callout-unclosed",
                "`<Tip>` is never closed; it runs to the end of the page",
                "add `</Tip>` on its own line where the tip ends",
            )
        warning = tag.attributes.get("warning", "false") in ("", "true")
        lines[index] = admonition_line(tag.indent, "warning" if warning else "tip", context)
        indent_lines(lines, index + 1, closing.index)
        if closing.found:
            lines[closing.index] = ""
    return lines


def render_github_alerts(lines: list[str], context: MarkupContext) -> list[str]:
    """`> [!NOTE]` followed by quoted lines -> a note admonition holding those lines."""
    lines = list(lines)
    fenced = context.code_mask(lines)
    for index in range(len(lines)):
        alert = None if fenced[index] else _ALERT.match(lines[index])
        if alert is None:
            continue
        kind = alert["kind"].lower()
        if kind not in ADMONITION_TYPES:
            allowed = ", ".join(f"[!{k.upper()}]" for k in ADMONITION_TYPES)
            context.warn(
                index,
                "callout-unknown",
                f"unknown callout kind `[!{alert['kind']}]`; it is shown as a plain quote",
                f"use one of {allowed}",
            )
            continue
        indent = alert["indent"]
        lines[index] = admonition_line(indent, kind, context)
        body = index + 1
        while (
            body < len(lines)
            and (quoted_line := _QUOTED.match(lines[body]))
            and quoted_line["indent"] == indent
        ):
            text = quoted_line["text"]
            lines[body] = indent + INDENT + text if text.strip() else ""
            body += 1
    return lines


class _CalloutPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        context = current_context()
        return render_github_alerts(render_tip_blocks(lines, context), context)


class CalloutExtension(Extension):
    """Turns `<Tip>` blocks and GitHub alerts into admonitions."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_CalloutPreprocessor(md), "polydocs_callouts", PRIORITY)
