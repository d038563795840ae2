"""`[[autodoc]] transformers.Trainer` (and `- method` lines) -> a mkdocstrings `::: transformers.Trainer`."""

from __future__ import annotations

import re
from html import escape

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect import parse_page
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 28.5

_AUTODOC = re.compile(r"^(?P<indent>[ ]*)\[\[autodoc\]\][ ]+(?P<name>[A-Za-z_][\w.]*)[ ]*$")
_MEMBER = re.compile(r"^[ ]+-[ ]+(?P<member>[\w.]+)[ ]*$")


def autodoc_names(text: str) -> list[str]:
    """The object names of a page's autodoc directives, as written (`Trainer`, `transformers.Trainer`)."""
    return [match["name"] for _, line in parse_page(text).outside_code() if (match := _AUTODOC.match(line))]


def render_autodoc(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each autodoc directive and its member lines, keeping the line count."""
    lines = list(lines)
    for index, line in context.outside_code(lines):
        directive = _AUTODOC.match(line)
        if directive is None:
            continue
        members: list[str] = []
        while index + 1 + len(members) < len(lines) and (
            member := _MEMBER.match(lines[index + 1 + len(members)])
        ):
            members.append(member["member"])
        qualified = f"{context.api.package}.{context.api.qualified(directive['name'])}"
        block = _mkdocstrings_block(qualified, members) if _available(directive["name"], context) else None
        if block is None:
            context.warn(
                index,
                "autodoc-unavailable",
                f"`{qualified}` cannot be imported, so its API reference is not generated",
                f"install {context.api.package} for the build, or fix the object's name",
            )
            block = [store(_placeholder_html(qualified))]
        block += [""] * (len(members) + 1 - len(block))
        lines[index : index + len(block)] = [directive["indent"] + text if text else "" for text in block]
    return lines


def _available(name: str, context: MarkupContext) -> bool:
    return context.api.importable() and context.api.exists(name)


def _mkdocstrings_block(qualified: str, members: list[str]) -> list[str]:
    block = [f"::: {qualified}"]
    # `- all` asks for every public member, which is what mkdocstrings shows without a members option.
    if members and "all" not in members:
        # One flow-style YAML line, so that the block is never longer than the directive it replaces.
        block.append(f"    options: {{members: [{', '.join(members)}]}}")
    return block


def _placeholder_html(qualified: str) -> str:
    return f'<p class="polydocs-autodoc-unavailable"><code>{escape(qualified)}</code></p>'


class _AutodocPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_autodoc(lines, current_context(), self.md.htmlStash.store)


class AutodocExtension(Extension):
    """Turns autodoc directives into mkdocstrings blocks."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_AutodocPreprocessor(md), "polydocs_autodoc", PRIORITY)
