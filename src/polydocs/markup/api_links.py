"""Autodoc links: [`Trainer`], [`~transformers.Trainer`], [`Trainer.train`] -> links to the API reference."""

from __future__ import annotations

import re
from functools import partial

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 25.5

# Followed by `(`, `[` or `:` it is an ordinary Markdown link or reference whose text is code.
_API_LINK = re.compile(r"\[`(?P<tilde>~)?(?P<name>[A-Za-z_][\w.]*)`\](?![(\[:])")


def render_api_links(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every autodoc link into a Markdown link to its reference, or into plain code with a warning."""
    lines = list(lines)
    for index, line in context.outside_code(lines):
        if "[`" in line:
            lines[index] = _API_LINK.sub(partial(_render_link, index=index, context=context), line)
    return lines


def _render_link(match: re.Match[str], *, index: int, context: MarkupContext) -> str:
    name = match["name"]
    shown = name.rsplit(".", 1)[-1] if match["tilde"] else name
    api = context.api
    target = api.resolve(name)
    if target is None:
        context.warn(
            index,
            "api-link-unresolved",
            f"[`{match[0][2:-2]}`] names no object of the {api.package} API inventory; it is shown as code",
            "check the spelling, or add the object and its page to the site's API inventory",
        )
        return f"`{shown}`"
    if api.importable() and not api.exists(name):
        context.warn(
            index,
            "api-link-missing",
            f"`{api.package}.{target.name}` is not in the installed {api.package}; it is shown as code",
            "the object was renamed or removed: link to the name the library has now",
        )
        return f"`{shown}`"
    return f"[`{shown}`]({target.url})"


class _ApiLinkPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_api_links(lines, current_context())


class ApiLinkExtension(Extension):
    """Turns autodoc links into links to the API reference."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_ApiLinkPreprocessor(md), "polydocs_api_links", PRIORITY)
