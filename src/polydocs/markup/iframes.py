"""`<iframe>` embeds: only allowed hosts, sandboxed, loaded only on the reader's click, always with a link.

The iframe waits in an inert `<template>`: nothing is requested from the third-party host until the reader
presses the button (which the theme's script shows and handles); without JavaScript only the link shows.
Where the iframes are, and what is wrong with them, is the dialect's (`polydocs.dialect.constructs.iframes`):
this module only renders them, and the page's parse reports their problems. The embed and its link carry
the URL as the reader's browser reads it (`Iframe.href`), never the text as written.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs.iframes import HOST, SOURCE, Iframe, find_iframes, source_problem
from polydocs.dialect.constructs.prose_tags import with_tags_as_text
from polydocs.markup._blocks import StoreHtml, text_after
from polydocs.markup.context import MarkupContext

SANDBOX = "allow-scripts allow-same-origin allow-popups"
REFERRER_POLICY = "strict-origin-when-cross-origin"
# Attributes copied from the page's iframe; the rest (frameborder, style, ...) is the theme's business.
_KEPT_ATTRIBUTES = ("width", "height", "allow", "allowfullscreen")


def render_iframes(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each iframe (which may span lines) by one stored HTML block, padding with blank lines.

    An iframe inside a line of text is left to the sanitiser; a start tag never ended is shown as text."""
    lines = list(lines)
    page = context.parsed(lines)
    for iframe in find_iframes(page):
        if iframe.inline:
            continue
        if not iframe.ended:
            lines[iframe.index] = lines[iframe.index].replace("<", "&lt;", 1)
            continue
        # Text after the `</iframe>` on its line is shown after the embed, as doc-builder shows it; after a
        # start tag never closed it is the frame's content, which browsers never show (`iframe-unclosed`).
        after = text_after(iframe.after, page.lines[iframe.last], lines[iframe.last]) if iframe.closed else ""
        html = _embed_html(iframe, context)
        # In a quote, the embed stays in it (its markers kept); elsewhere the block is at the first column.
        lead = iframe.lead if ">" in iframe.lead else ""
        lines[iframe.index] = lead + store(html) if html else lead.rstrip()
        for padding in range(iframe.index + 1, iframe.last + 1):
            lines[padding] = ""
        if after:
            lines[iframe.last] = (lines[iframe.last] + " " + with_tags_as_text(after)).strip()
    return lines


def _embed_html(iframe: Iframe, context: MarkupContext) -> str:
    problem = source_problem(iframe, context.iframe_hosts)
    if problem == SOURCE:
        # An http URL is not embedded, but the reader may still follow it.
        return _link_html(iframe.href, context) if iframe.scheme == "http" and iframe.host else ""
    if problem == HOST:
        return _link_html(iframe.href, context)
    title = iframe.attributes.get("title") or f"{iframe.host}{iframe.path}"
    kept = "".join(
        f' {name}="{escape(iframe.attributes[name])}"' if iframe.attributes[name] else f" {name}"
        for name in _KEPT_ATTRIBUTES
        if name in iframe.attributes
    )
    embed = (
        f'<iframe src="{escape(iframe.href)}" title="{escape(title)}"{kept} loading="lazy" '
        f'sandbox="{SANDBOX}" referrerpolicy="{REFERRER_POLICY}"></iframe>'
    )
    # Hidden until the theme's script runs; without it the reader still has the link.
    button = (
        '<button type="button" class="md-button md-button--primary polydocs-embed-load" hidden>'
        f"{escape(context.lang.text('embed.load', host=iframe.host))}</button>"
    )
    return (
        f'<div class="polydocs-embed">\n<template>{embed}</template>\n{button}\n'
        f"{_link_html(iframe.href, context)}\n</div>"
    )


def _link_html(source: str, context: MarkupContext) -> str:
    text = escape(context.lang.text("embed.link"))
    return (
        f'<p class="polydocs-embed-link"><a href="{escape(source)}" target="_blank" '
        f'rel="noopener">{text}</a></p>'
    )
