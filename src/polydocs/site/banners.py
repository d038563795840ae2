"""The notices on top of a page shown in another language or translated from an older English page."""

from __future__ import annotations

import html
import re

from polydocs.sources import Language

# Material's search indexer skips an element carrying this (and removes it from the published page): a
# banner says nothing about the page, and would otherwise be every untranslated page's search text.
NOT_INDEXED = 'data-search-exclude="true"'

_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def _inline(text: str) -> str:
    """Escape text and turn `[label](url)` into a link: all the markup the banner strings use."""
    escaped = html.escape(text, quote=False)
    return _LINK.sub(lambda m: f'<a href="{html.escape(m.group(2))}">{m.group(1)}</a>', escaped)


def _admonition(kind: str, title: str, body: str) -> str:
    return (
        f'<div class="admonition {kind} polydocs-banner" {NOT_INDEXED}>'
        f'<p class="admonition-title">{html.escape(title)}</p><p>{_inline(body)}</p></div>\n'
    )


def untranslated_banner(lang: Language) -> str:
    return _admonition(
        "info",
        lang.text("banner.untranslated_title"),
        lang.text("banner.untranslated_body", language=lang.autonym),
    )


def in_progress_banner(lang: Language, english_url: str) -> str:
    return _admonition(
        "info",
        lang.text("banner.in_progress_title"),
        lang.text("banner.in_progress_body", english_url=english_url),
    )


def outdated_banner(lang: Language, english_url: str) -> str:
    return _admonition(
        "warning",
        lang.text("banner.outdated_title"),
        lang.text("banner.outdated_body", english_url=english_url),
    )
