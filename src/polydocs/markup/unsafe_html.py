"""Untrusted page HTML made safe: nh3 applies the allowlist, and every removal is told at its source line.

The site sanitises each converted page and the linter reports the very same removals, both through
`sanitize_page` on the HTML the site's converter makes, so the two can never disagree.

A page nh3 leaves as it was keeps polydocs' own bytes: the parsed tokens of the page and of nh3's output
are compared, and only a page that differs is published as nh3 serialised it. That comparison can only
fail safe: a page the comparison cannot prove unchanged is published as nh3's output.
"""

from __future__ import annotations

import html
import re
import secrets
from dataclasses import dataclass
from importlib.metadata import version
from urllib.parse import urlsplit

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import parse_page
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs.iframes import embeddable
from polydocs.guide import guide_url
from polydocs.markup._html_tokens import RemovedMarkup, Token, compare, read_html, serialize, tokenize
from polydocs.markup.html_allowlist import (
    ALLOWED_VALUES,
    REMOVED_WITH_CONTENT,
    URL_SCHEMES,
    attribute_problem,
    cleaner,
    is_known_element,
    is_url_attribute,
)
from polydocs.markup.iframes import REFERRER_POLICY, SANDBOX
from polydocs.markup.youtube import PLAYER_HOST

CODE = "unsafe-html"
# Part of every converted page's cache key: another nh3 may remove other things.
SANITIZER = f"nh3 {version('nh3')}"

# polydocs' click-to-load embed exactly as `iframes.py` writes it, values escaped (no `"`, `<` or `>`).
_VALUE = r'"[^"<>]*"'
_EMBED = re.compile(
    rf"<template><iframe src=(?P<src>{_VALUE}) title={_VALUE}"
    rf'(?: (?:width|height|allow)={_VALUE}| allowfullscreen)* loading="lazy" '
    rf'sandbox="{re.escape(SANDBOX)}" referrerpolicy="{re.escape(REFERRER_POLICY)}"></iframe></template>'
)

_HINTS = {
    "script": "pages cannot run scripts; remove it",
    "iframe": "put the `<iframe src=...></iframe>` on lines of its own, so that polydocs makes the embed",
    "template": "put the `<iframe src=...></iframe>` on lines of its own, so that polydocs makes the embed",
    "style": "style sheets are the theme's; use the allowed `style` properties on an element instead",
    "form": "pages cannot hold forms; link to the form instead",
    "object": "link to the content instead",
    "embed": "link to the content instead",
}
_ALLOWED_HTML = guide_url("markup.md", "Untrusted HTML — `unsafe_html.py`, `html_allowlist.py`")
_GENERIC_HINT = f"use Markdown or the HTML the site allows ({_ALLOWED_HTML})"


@dataclass(frozen=True)
class Removal:
    """Something nh3 took out of a page: an element, an attribute, or markup a browser reads otherwise."""

    what: str
    hint: str
    # Where to look for it in the page's source, and which occurrence (0-based) it is there.
    needle: re.Pattern[str]
    occurrence: int
    # Whether the needle is matched against the source with its entities decoded (URLs).
    decoded: bool = False


@dataclass(frozen=True)
class SanitizedPage:
    html: str
    removals: list[Removal]


def sanitize_page(page_html: str, iframe_hosts: tuple[str, ...]) -> SanitizedPage:
    """The page with everything outside the allowlist removed; unchanged (same bytes) when nothing was."""
    marker = f"polydocs-embed-{secrets.token_hex(8)}-"
    lifted, embeds = _lift_embeds(page_html, iframe_hosts, marker)
    cleaned = cleaner().clean(lifted)
    before = read_html(lifted).tokens
    if cleaned == lifted or serialize(before) == cleaned:
        return SanitizedPage(page_html, [])
    after = tokenize(cleaned)
    if _same(before, after):
        return SanitizedPage(page_html, [])
    comparison = compare(before, after, REMOVED_WITH_CONTENT)
    if comparison.only_structure:
        # nh3 only spelled out what browsers read into the page anyway (closing `</p>`, `<tbody>`).
        return SanitizedPage(page_html, [])
    for placeholder, embed in embeds.items():
        cleaned = cleaned.replace(placeholder, embed)
    return SanitizedPage(cleaned, _removals(before, comparison.removed, marker))


def _same(before: list[Token], after: list[Token]) -> bool:
    """Equal but for attribute order and the case of SVG names (`viewBox`), which html5ever sets."""
    return len(before) == len(after) and all(
        _normal(b) == _normal(a) for b, a in zip(before, after, strict=True)
    )


def _normal(token: Token) -> Token:
    if token.kind != "start":
        return token._replace(tag=token.tag.lower())
    return token._replace(
        tag=token.tag.lower(), attributes=tuple(sorted((n.lower(), v) for n, v in token.attributes))
    )


def _lift_embeds(page_html: str, iframe_hosts: tuple[str, ...], marker: str) -> tuple[str, dict[str, str]]:
    """polydocs' embeds (an allowed https host only) swapped for text placeholders nh3 keeps as they are.

    nh3 drops what a `<template>` holds. The marker has a fresh random part, so no page can write one,
    and is escaped text, so it comes back as written only where nh3 left text (never in an attribute)."""
    embeds: dict[str, str] = {}

    # `<Youtube>`'s player (`youtube.py`) is embedded from its one host whatever the site's iframe hosts.
    hosts = (*iframe_hosts, PLAYER_HOST)

    def lift(match: re.Match[str]) -> str:
        if not embeddable(html.unescape(match["src"][1:-1]), hosts):
            return match[0]
        placeholder = f"&lt;{marker}{len(embeds)}&gt;"
        embeds[placeholder] = match[0]
        return placeholder

    return _EMBED.sub(lift, page_html), embeds


def _removals(before: list[Token], removed: list[RemovedMarkup], marker: str) -> list[Removal]:
    """Each removal, with which occurrence of its element or attribute it is on the page (0-based).

    A lifted embed still counts as the `<template>` and `<iframe>` its source line has."""
    counts: dict[tuple[str, str], int] = {}
    position = 0
    removals = []
    for item in sorted(removed, key=lambda item: item.index):
        for token in before[position : item.index]:
            _count(counts, token, marker)
        position = max(position, item.index)
        if item.attribute is not None:
            name, value = item.attribute
            occurrence = counts.get(_attribute_key(name, value), 0)
            removals.append(_attribute_removal(item.tag, name, value, occurrence))
        elif item.tag and is_known_element(item.tag):
            removals.append(_element_removal(item.tag, counts.get(("element", item.tag), 0)))
        elif item.tag:
            # Unwrapped as browsers treat it, which readers do not see; a component, and text in angle
            # brackets written in HTML (`<repo_id>` in a `<div>`: `html-tag-dropped`), are the dialect's to
            # report. What it carried that would have run is said all the same.
            for name, value in before[item.index].attributes:
                if name.startswith("on") or (is_url_attribute(name) and _url_refused(item.tag, name, value)):
                    occurrence = counts.get(_attribute_key(name, value), 0)
                    removals.append(_attribute_removal(item.tag, name, value, occurrence))
        else:
            removals.append(_markup_removal(item.text))
    return removals


def _count(counts: dict[tuple[str, str], int], token: Token, marker: str) -> None:
    keys = []
    if token.kind == "start":
        keys = [("element", token.tag), *(_attribute_key(name, value) for name, value in token.attributes)]
    elif token.kind == "text" and marker in token.text:
        keys = [("element", "template"), ("element", "iframe")] * token.text.count(marker)
    for key in keys:
        counts[key] = counts.get(key, 0) + 1


def _attribute_key(name: str, value: str) -> tuple[str, str]:
    # As the needles match: URLs whatever their case, attributes by name.
    return ("url", value.strip().lower()) if is_url_attribute(name) else ("attribute", name)


def _element_removal(tag: str, occurrence: int) -> Removal:
    hint = _HINTS.get(tag, _GENERIC_HINT)
    needle = re.compile(rf"<\s*{re.escape(tag)}(?![\w-])", re.IGNORECASE)
    return Removal(f"removed the `<{tag}>` element", hint, needle, occurrence)


def _attribute_removal(tag: str, name: str, value: str, occurrence: int) -> Removal:
    shown = value if len(value) <= 40 else value[:37] + "..."
    if name.startswith("on"):
        what, hint = f"removed the event handler `{name}` of `<{tag}>`", "pages cannot run scripts; remove it"
    elif is_url_attribute(name):
        what = f'removed `{name}="{shown}"` of `<{tag}>`: {_url_problem(tag, name, value)}'
        needle = re.compile(re.escape(value.strip()), re.IGNORECASE)
        return Removal(what, "link to an https:// or relative URL instead", needle, occurrence, decoded=True)
    else:
        reason = attribute_problem(tag, name, value) or _not_allowed(tag, name, value)
        what, hint = f"removed `{name}` of `<{tag}>`: {reason}", _GENERIC_HINT
    # The attribute's name, not the element of that name (`style=` is not `<style>`).
    ending = r"\s*=" if value else r"(?![\w-])"
    needle = re.compile(rf"(?<![\w</-]){re.escape(name)}{ending}", re.IGNORECASE)
    return Removal(what, hint, needle, occurrence)


def _not_allowed(tag: str, name: str, value: str) -> str:
    values = ALLOWED_VALUES.get(tag, {}).get(name)
    if values:
        return f'`{name}="{value}"` is not allowed on `<{tag}>` (only {", ".join(sorted(values))})'
    return f"`{name}` is not allowed on `<{tag}>`"


def _url_problem(tag: str, name: str, value: str) -> str:
    scheme = urlsplit(value.strip()).scheme.lower()
    if problem := attribute_problem(tag, name, value):
        return problem
    if scheme in URL_SCHEMES or not scheme:
        return "not a valid URL"
    return f"`{scheme}:` URLs are not allowed (only {', '.join(sorted(URL_SCHEMES))} and relative ones)"


def _url_refused(tag: str, name: str, value: str) -> bool:
    scheme = urlsplit(value.strip()).scheme.lower()
    return bool(attribute_problem(tag, name, value)) or bool(scheme and scheme not in URL_SCHEMES)


def _markup_removal(text: str) -> Removal:
    first = next((line.strip() for line in text.splitlines() if line.strip()), text.strip())[:60]
    what = f"removed `{first}`: it went with markup the site refuses, or HTML read otherwise than it looks"
    hint = (
        "write `<` as `&lt;` or put the text in backticks when it is not HTML; close HTML elements in order"
    )
    return Removal(what, hint, re.compile(re.escape(first)), 0)


def source_line(removal: Removal, source: str) -> int:
    """The 1-based line of `source` (a page's Markdown) the removal came from; 1 when it cannot be found.

    Code (fences and inline code) is skipped: HTML written there is shown, never removed."""
    found: list[int] = []
    page = parse_page(source)
    for index, line in enumerate(source.split("\n")):
        if page.is_code(index):
            continue
        prose = blank_code_spans(line)
        if removal.decoded:
            prose = html.unescape(prose)
        found += [index + 1] * len(removal.needle.findall(prose))
    if not found:
        return 1
    return found[min(removal.occurrence, len(found) - 1)]


def diagnostics(path: str, source: str, removals: list[Removal], line_offset: int = 0) -> list[Diagnostic]:
    """One warning per removal at its source line; `source` is the page file's whole text."""
    return [
        Diagnostic(path, source_line(r, source) + line_offset, CODE, r.what, _trust_hint(r.hint))
        for r in removals
    ]


def _trust_hint(hint: str) -> str:
    return f"{hint} (or list the page under `trusted:` in polydocs.yml if maintainers wrote it)"


_TITLE_MARKUP = re.compile(r"<[a-zA-Z!/?]|&[#\w]+;")


def title_diagnostic(path: str, line: int, title: str) -> Diagnostic | None:
    """A navigation title holding markup, which the site shows as text (`_toctree.yml` titles are text)."""
    if not _TITLE_MARKUP.search(title):
        return None
    shown = title if len(title) <= 60 else title[:57] + "..."
    return Diagnostic(
        path,
        line,
        CODE,
        f"the title `{shown}` holds HTML; the navigation shows it as text, markup and all",
        "write the title as plain text",
    )


__all__ = [
    "CODE",
    "SANITIZER",
    "Removal",
    "SanitizedPage",
    "diagnostics",
    "sanitize_page",
    "source_line",
    "title_diagnostic",
]
