"""Relative page links (`./torch_compile`, `../tasks/asr#x`, `page.mdx`) -> `.md` links MkDocs resolves per
language. Which targets are pages, and which pages exist, is the construct's spec
(`polydocs.dialect.constructs.page_links`), whose check reports the missing ones."""

from __future__ import annotations

from polydocs.dialect.constructs.page_links import link_matches, resolve_page_link
from polydocs.markup.context import MarkupContext

__all__ = ["render_page_links", "resolve_page_link"]


def render_page_links(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every relative page link of the page; a link to a missing page is left as written."""
    lines = list(lines)
    if not context.known_pages:
        return lines  # the site's pages are unknown (plain `render`): links are left as written
    for index, line in context.outside_code(lines):
        lines[index] = _rewritten(line, context)
    return lines


def _rewritten(line: str, context: MarkupContext) -> str:
    pieces, position = [], 0
    for match in link_matches(line):
        resolved = resolve_page_link(
            match["target"], context.page_local, context.known_pages, context.moved_pages
        )
        if resolved is not None:
            pieces += [line[position : match.start("target")], resolved]
            position = match.end("target")
    return "".join(pieces) + line[position:]
