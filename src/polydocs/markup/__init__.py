"""The Hugging Face doc-builder dialect as one Python-Markdown extension: a step per construct (`steps.py`).

The site builder passes `markdown_extensions()` and `extension_configs()` to MkDocs and wraps each page's
conversion in `page_context(...)`; `render` does both for a single text.
"""

from __future__ import annotations

from typing import Any

import markdown

from polydocs.dialect.heading_anchors import doc_builder_heading_id
from polydocs.markup.context import MarkupContext, current_context, page_context
from polydocs.markup.page_links import resolve_page_link
from polydocs.markup.steps import DialectExtension

__all__ = [
    "MarkupContext",
    "current_context",
    "extension_configs",
    "markdown_extensions",
    "page_context",
    "render",
    "resolve_page_link",
]

_STANDARD_EXTENSIONS = [
    "admonition",
    "pymdownx.details",
    "pymdownx.superfences",
    # pymdownx.highlight, a code block met again in the process taking its HTML from the first time.
    "polydocs.markup.code_highlight",
    "pymdownx.inlinehilite",
    "pymdownx.tabbed",
    "attr_list",
    "md_in_html",
    "tables",
    "toc",
]


def markdown_extensions() -> list[str | markdown.Extension]:
    """Every Markdown extension the site uses: the standard ones by name, then the dialect (`steps.py`)."""
    return [
        *_STANDARD_EXTENSIONS,
        DialectExtension(),
    ]


def extension_configs() -> dict[str, dict[str, Any]]:
    """Settings of the standard extensions, keyed like `markdown_extensions()` names them."""
    return {
        "polydocs.markup.code_highlight": {"pygments_lang_class": True},
        # A fence is code whatever its info string says (`python out`, `py no-format`), as in CommonMark
        # and the page's one parse; strict headers would show such a block as text.
        "pymdownx.superfences": {"relaxed_headers": True},
        "pymdownx.tabbed": {"alternate_style": True},
        # A heading without `[[anchor]]` gets doc-builder's id, so links written for huggingface.co land:
        # `heading_ids.py` gives it from the heading's inline parts before toc runs; toc's `slugify` is the
        # same rule for a heading that step did not reach.
        "toc": {"permalink": True, "slugify": doc_builder_heading_id},
    }


def render(text: str, context: MarkupContext) -> str:
    """Convert one page's Markdown to HTML the way the site does; warnings land in `context.warnings`."""
    converter = markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
    context.page = None  # a conversion of its own, not one nested inside an earlier one (page_parse.py)
    with page_context(context):
        return converter.convert(text)
