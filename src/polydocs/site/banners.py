"""The notices on top of a page shown in another language or translated from an older English page."""

from __future__ import annotations

import html
import re

from polydocs.sources import Language

# Material's search indexer skips an element carrying this (and removes it from the published page): a
# banner says nothing about the page, and would otherwise be every untranslated page's search text.
NOT_INDEXED = 'data-search-exclude="true"'

_LINK = re.compile(r"\[([^\[\]]+)\]\(([^()]+)\)")  # brackets inside stop it: each character read once


def _inline(text: str) -> str:
    """Escape text and turn `[label](url)` into a link: all the markup the banner strings use."""
    escaped = html.escape(text, quote=False)
    return _LINK.sub(lambda m: f'<a href="{html.escape(m.group(2))}">{m.group(1)}</a>', escaped)


def _shown_in(lang: Language, key: str) -> str:
    """The attributes of a string of `lang`'s catalog that no file of it translates: English, said so."""
    return ' lang="en" dir="ltr"' if key in lang.missing_strings else ""


def _admonition(kind: str, lang: Language, state: str, **values: str) -> str:
    """The banner of `state` (`untranslated`, `in_progress`, `outdated`) in `lang`."""
    title, body = f"banner.{state}_title", f"banner.{state}_body"
    return (
        f'<div class="admonition {kind} polydocs-banner" {NOT_INDEXED}>'
        f'<p class="admonition-title"{_shown_in(lang, title)}>{html.escape(lang.text(title))}</p>'
        f"<p{_shown_in(lang, body)}>{_inline(lang.text(body, **values))}</p></div>\n"
    )


def untranslated_banner(lang: Language) -> str:
    return _admonition("info", lang, "untranslated", language=lang.name_in("banner.untranslated_body"))


def in_progress_banner(lang: Language, english_url: str) -> str:
    return _admonition("info", lang, "in_progress", english_url=english_url)


def outdated_banner(lang: Language, english_url: str) -> str:
    return _admonition("warning", lang, "outdated", english_url=english_url)
