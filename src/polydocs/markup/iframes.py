"""`<iframe>` embeds: only allowed hosts, sandboxed, loaded only on the reader's click, always with a link.

The iframe waits in an inert `<template>`: nothing is requested from the third-party host until the reader
presses the button (which the theme's script shows and handles); without JavaScript only the link shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from urllib.parse import urlsplit

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup._blocks import StoreHtml, parse_attributes
from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 28

SANDBOX = "allow-scripts allow-same-origin allow-popups"
REFERRER_POLICY = "strict-origin-when-cross-origin"
# Attributes copied from the page's iframe; the rest (frameborder, style, ...) is the theme's business.
_KEPT_ATTRIBUTES = ("width", "height", "allow", "allowfullscreen")

_IFRAME_START = re.compile(r"^[ ]*<iframe\b", re.IGNORECASE)
_IFRAME_ANYWHERE = re.compile(r"<iframe\b", re.IGNORECASE)
_IFRAME_END = re.compile(r"^\s*</iframe\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class _StartTag:
    attributes: dict[str, str]
    last_line: int
    rest: str


def render_iframes(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each iframe (which may span lines) by one stored HTML block, padding with blank lines."""
    lines = list(lines)
    fenced = context.code_mask(lines)
    index = 0
    while index < len(lines):
        if fenced[index] or not _IFRAME_ANYWHERE.search(lines[index]):
            index += 1
            continue
        if not _IFRAME_START.match(lines[index]):
            context.warn(
                index,
                "iframe-inline",
                "an `<iframe>` inside a line of text is passed through without checks",
                "put the `<iframe ...></iframe>` on lines of its own",
            )
            index += 1
            continue
        start_tag = _read_start_tag(lines, index)
        if start_tag is None:
            context.warn(
                index,
                "iframe-malformed",
                "the `<iframe` tag is never ended with `>`; it is shown as text",
                'end the tag: `<iframe src="..."></iframe>`',
            )
            lines[index] = lines[index].replace("<", "&lt;", 1)
            index += 1
            continue
        last = _consume_end_tag(lines, index, start_tag, context)
        html = _embed_html(start_tag.attributes, index, context)
        lines[index] = store(html) if html else ""
        for padding in range(index + 1, last + 1):
            lines[padding] = ""
        index = last + 1
    return lines


def _read_start_tag(lines: list[str], start: int) -> _StartTag | None:
    """Collect `<iframe ...>` across lines up to the `>` outside quotes."""
    text, quote = "", ""
    for index in range(start, len(lines)):
        line = lines[index]
        offset = line.lower().index("<iframe") + len("<iframe") if index == start else 0
        for position in range(offset, len(line)):
            char = line[position]
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == ">":
                text += line[offset:position]
                return _StartTag(parse_attributes(text.rstrip("/")), index, line[position + 1 :])
        text += line[offset:] + "\n"
    return None


def _consume_end_tag(lines: list[str], start: int, tag: _StartTag, context: MarkupContext) -> int:
    """The last line belonging to the iframe: through `</iframe>`, or the start tag alone when unclosed."""
    closing = re.search(r"</iframe\s*>", tag.rest, re.IGNORECASE)
    if closing is not None:
        return tag.last_line
    if not tag.rest.strip():
        following = tag.last_line + 1
        while following < len(lines) and not lines[following].strip():
            following += 1
        if following < len(lines) and _IFRAME_END.match(lines[following]):
            return following
    context.warn(
        start,
        "iframe-unclosed",
        "`<iframe>` is never closed with `</iframe>`; it is closed right after its start tag",
        "write `></iframe>` at the end of the tag",
    )
    return tag.last_line


def _embed_html(attributes: dict[str, str], index: int, context: MarkupContext) -> str:
    source = attributes.get("src", "")
    parts = urlsplit(source)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https" or not host:
        context.warn(
            index,
            "iframe-src",
            f"the iframe's src {source!r} is not an https URL; nothing is embedded",
            'give it `src="https://..."`',
        )
        return _link_html(source, context) if parts.scheme == "http" and host else ""
    if not any(host == allowed or host.endswith("." + allowed) for allowed in context.iframe_hosts):
        context.warn(
            index,
            "iframe-host",
            f"{host} is not an allowed iframe host; only a link to it is shown",
            f"embed only from {', '.join(context.iframe_hosts)}, or add the host to the site's iframe hosts",
        )
        return _link_html(source, context)
    title = attributes.get("title") or f"{host}{parts.path}"
    kept = "".join(
        f' {name}="{escape(attributes[name])}"' if attributes[name] else f" {name}"
        for name in _KEPT_ATTRIBUTES
        if name in attributes
    )
    iframe = (
        f'<iframe src="{escape(source)}" title="{escape(title)}"{kept} loading="lazy" '
        f'sandbox="{SANDBOX}" referrerpolicy="{REFERRER_POLICY}"></iframe>'
    )
    # Hidden until the theme's script runs; without it the reader still has the link.
    button = (
        '<button type="button" class="md-button md-button--primary polydocs-embed-load" hidden>'
        f"{escape(context.lang.text('embed.load', host=host))}</button>"
    )
    return (
        f'<div class="polydocs-embed">\n<template>{iframe}</template>\n{button}\n'
        f"{_link_html(source, context)}\n</div>"
    )


def _link_html(source: str, context: MarkupContext) -> str:
    text = escape(context.lang.text("embed.link"))
    return (
        f'<p class="polydocs-embed-link"><a href="{escape(source)}" target="_blank" '
        f'rel="noopener">{text}</a></p>'
    )


class _IframePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_iframes(lines, current_context(), self.md.htmlStash.store)


class IframeExtension(Extension):
    """Checks and wraps `<iframe>` embeds."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_IframePreprocessor(md), "polydocs_iframes", PRIORITY)
