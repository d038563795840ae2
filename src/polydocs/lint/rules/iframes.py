"""Embedded frames: closed, loaded from an allowed host, and titled for screen readers."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import fields
from urllib.parse import urlsplit

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.context import MarkupContext

# The hosts the site's iframe extension embeds (and their subdomains); anything else is shown only as a link,
# so lint holds pages to the very same list.
IFRAME_HOSTS: tuple[str, ...] = next(
    tuple(f.default)
    for f in fields(MarkupContext)
    if f.name == "iframe_hosts" and isinstance(f.default, tuple)
)

_OPEN = re.compile(r"<iframe\b(?P<attrs>[^>]*)(?P<end>>|$)", re.IGNORECASE)
_CLOSE = re.compile(r"</iframe\s*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"(?P<name>[\w-]+)\s*=\s*(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)'|(?P<bare>[^\s>]+))")


def host_allowed(host: str) -> bool:
    return any(host == allowed or host.endswith("." + allowed) for allowed in IFRAME_HOSTS)


def _attributes(text: str) -> dict[str, str]:
    found = {}
    for match in _ATTRIBUTE.finditer(text):
        value = (
            match.group("dq") if match.group("dq") is not None else match.group("sq") or match.group("bare")
        )
        found[match.group("name").lower()] = html.unescape(value or "")
    return found


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    text = document.prose_text
    path = str(document.path)
    opens = list(_OPEN.finditer(text))
    for index, match in enumerate(opens):
        line = document.line_of(match.start(), text)
        following = opens[index + 1].start() if index + 1 < len(opens) else len(text)
        if not match.group("end"):
            yield Diagnostic(
                path, line, "iframe-tag", "<iframe tag is never ended with `>`", "end the tag", "error"
            )
        if not _CLOSE.search(text, match.end(), following):
            yield Diagnostic(
                path,
                line,
                "iframe-unclosed",
                "<iframe> has no </iframe>; everything after it is swallowed by the frame",
                "add </iframe> right after the opening tag",
                "error",
            )
        attributes = _attributes(match.group("attrs"))
        source = attributes.get("src", "")
        host = (urlsplit(source).hostname or "") if source else ""
        if not source:
            yield Diagnostic(path, line, "iframe-src", "<iframe> has no src", "add src=https://...", "error")
        elif urlsplit(source).scheme != "https" or not host_allowed(host):
            allowed = ", ".join(IFRAME_HOSTS)
            yield Diagnostic(
                path,
                line,
                "iframe-host",
                f"<iframe> loads {host or source!r}, which is not an allowed https host",
                f"embed only from {allowed} over https, or link to the content instead",
                "error",
            )
        if not attributes.get("title", "").strip():
            yield Diagnostic(
                path,
                line,
                "iframe-title",
                "<iframe> has no title, so screen readers cannot say what it shows",
                'add title="..." describing the content, in the page\'s language',
                "error",
            )
