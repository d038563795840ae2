"""Autodoc links: [`Trainer`], [`~transformers.Trainer`], [`Trainer.train`] -> links to the API reference.

What is an API link, and when it can be linked, is the construct's spec
(`polydocs.dialect.constructs.api_links`), whose check reports the links shown as code instead.
"""

from __future__ import annotations

import posixpath
import re
from functools import partial

from polydocs.dialect.constructs.api_links import API_LINK, api_link_problem, shown_name
from polydocs.markup.context import MarkupContext
from polydocs.sources.api_inventory import ApiInventory


def render_api_links(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every autodoc link into a Markdown link to its reference, or into plain code."""
    lines = list(lines)
    for index, line in context.outside_code(lines):
        if "[`" in line:
            lines[index] = API_LINK.sub(
                partial(_rendered, api=context.api, page_local=context.page_local), line
            )
    return lines


def _rendered(link: re.Match[str], *, api: ApiInventory, page_local: str) -> str:
    shown = shown_name(link)
    target = api.resolve(link["name"])
    if target is None or api_link_problem(link["name"], api) is not None:
        return f"`{shown}`"
    if target.page:  # a reference page of this site: a `.md` link from this page, which MkDocs resolves
        relative = posixpath.relpath(f"{target.page}.md", posixpath.dirname(page_local) or ".")
        return f"[`{shown}`]({relative}#{target.anchor})"
    return f"[`{shown}`]({target.url})"
