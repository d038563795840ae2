"""`<iframe>` embeds: where a page has them, which hosts it may embed from, and their check.

`embeddable` (and `host_allowed`, for a host already read) is the one rule for hosts (one of the site's
`iframe_hosts` or a subdomain of one): the site's renderer (`markup/iframes.py`), this check and the
sanitiser (`markup/unsafe_html.py`) all ask it, and each reads the URL as a browser does first
(`dialect/urls.py`): the host compared is the host the reader's browser would load the embed from.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tags import parse_attributes
from polydocs.dialect.urls import BrowserUrl, browser_url, host_within

MALFORMED = "iframe-malformed"
UNCLOSED = "iframe-unclosed"
SOURCE = "iframe-src"
HOST = "iframe-host"
TITLE = "iframe-title"
INLINE = "iframe-inline"
CODES = code_table(
    DiagnosticCode(MALFORMED, "error", "An `<iframe>` start tag that is not well formed."),
    DiagnosticCode(UNCLOSED, "error", "An `<iframe>` not followed by `</iframe>`."),
    DiagnosticCode(SOURCE, "error", "An `<iframe>` source that is not an https URL."),
    DiagnosticCode(HOST, "error", "An `<iframe>` on a host `iframe_hosts` does not allow."),
    DiagnosticCode(TITLE, "error", "An embedded `<iframe>` without a title for screen readers."),
    DiagnosticCode(INLINE, "error", "An `<iframe>` not on lines of its own."),
)

# What the problems that name nothing of the page say, and what to do about them.
_MESSAGES = {
    INLINE: (
        "an `<iframe>` inside a line of text (or spanning lines of a quote) is not made an embed: the site "
        "removes it (a page under `trusted:` publishes it as written, unchecked)",
        "put the `<iframe ...></iframe>` on lines of its own (in a quote, on one line)",
    ),
    MALFORMED: (
        "the `<iframe` tag is never ended with `>`; it is shown as text",
        'end the tag: `<iframe src="..."></iframe>`',
    ),
    UNCLOSED: (
        "`<iframe>` is never closed with `</iframe>`; it is closed right after its start tag",
        "write `></iframe>` at the end of the tag",
    ),
    TITLE: (
        "the `<iframe>` has no title, so screen readers can only announce its address",
        'add title="..." describing the content, in the page\'s language',
    ),
}

# An iframe starting its line, after its indentation, or after a quote's markers (`> <iframe ...>`, trl's
# grpo_trainer.md inside a `> [!TIP]`).
_START = re.compile(r"^(?P<lead>(?:[ ]*+>[ ]?+)*+[ ]*+)<iframe\b", re.IGNORECASE)
_ANYWHERE = re.compile(r"<iframe\b", re.IGNORECASE)
_END = re.compile(r"^\s*</iframe\s*>", re.IGNORECASE)
_END_IN_LINE = re.compile(r"</iframe\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class Iframe:
    """An `<iframe>` at line `index`. On lines of its own, it runs to `last`: through its `</iframe>`, or
    (never closed) through the end of its start tag. `ended` is False when the start tag has no `>`.
    `after` is what follows it on line `last` (after its `</iframe>`, or its start tag's `>`)."""

    index: int
    last: int
    attributes: dict[str, str]
    inline: bool = False
    ended: bool = True
    closed: bool = True
    after: str = ""
    # What stands before it on its line: its indentation, and a quote's `>` markers.
    lead: str = ""

    @property
    def source(self) -> str:
        return self.attributes.get("src", "")

    @property
    def url(self) -> BrowserUrl | None:
        """The src as the reader's browser reads it (character references decoded, as in any HTML
        attribute: `&#92;` is a backslash); None where it is no absolute URL."""
        return browser_url(html.unescape(self.source))

    @property
    def href(self) -> str:
        """The src as the browser would request it (`https://evil.example/@huggingface.co/x`)."""
        return self.url.href if self.url else self.source

    @property
    def scheme(self) -> str:
        return self.url.scheme if self.url else ""

    @property
    def host(self) -> str:
        return self.url.host if self.url else ""

    @property
    def path(self) -> str:
        return self.url.path if self.url else ""

    @property
    def https(self) -> bool:
        return _https(self.url)


def host_allowed(host: str, hosts: Iterable[str]) -> bool:
    """Whether a page may embed from `host` (as `dialect.urls.browser_url` reads it): it is one of
    `hosts`, or a subdomain of one."""
    return any(host_within(host, allowed) for allowed in hosts)


def embeddable(source: str, hosts: Iterable[str]) -> bool:
    """Whether the site embeds `source`: an https URL without credentials, on an allowed host, as the
    reader's browser reads it."""
    url = browser_url(source)
    return _https(url) and url is not None and host_allowed(url.host, hosts)


def source_problem(iframe: Iframe, hosts: Iterable[str]) -> str | None:
    """Why the site does not embed a well-formed iframe (`iframe-src`, `iframe-host`); None when it does."""
    if not iframe.https:
        return SOURCE
    return None if host_allowed(iframe.host, hosts) else HOST


def _https(url: BrowserUrl | None) -> bool:
    """An https URL with a host and no user name or password (browsers refuse those in frames)."""
    return url is not None and url.scheme == "https" and bool(url.host) and not url.credentials


def find_iframes(page: ParsedPage) -> list[Iframe]:
    """Every `<iframe>` a reader may meet, in page order (code and closed comments skipped). Each is at a
    line holding `<iframe`, so a page whose text holds none has none and is not parsed for it: most pages
    of a tree (`polydocs init` asks every page for its embeds before lint parses them)."""
    if not _ANYWHERE.search(page.text):
        return []
    found: list[Iframe] = []
    after = 0
    for index, line in visible_lines(page):
        if index < after or not _ANYWHERE.search(line):
            continue
        iframe = _iframe_at(page.lines, index)
        found.append(iframe)
        after = iframe.last + 1
    return found


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of the iframes the site embeds: on lines of their own and ended (one inside a line of text
    is left to the sanitiser, one never ended is shown as text)."""
    for iframe in find_iframes(page):
        if not iframe.inline and iframe.ended:
            yield from range(iframe.index, iframe.last + 1)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for iframe in find_iframes(page):
        yield from _problems(iframe, facts.iframe_hosts)


def _problems(iframe: Iframe, hosts: tuple[str, ...]) -> Iterator[Finding]:
    if iframe.inline or not iframe.ended:
        yield _finding(iframe, INLINE if iframe.inline else MALFORMED)
        return
    if not iframe.closed:
        yield _finding(iframe, UNCLOSED)
    problem = source_problem(iframe, hosts)
    if problem is not None:
        yield _source_finding(iframe, problem, hosts)
    elif not iframe.attributes.get("title", "").strip():
        # Only an embed needs one: an iframe the site shows as a link (or not at all) has its own fix first.
        yield _finding(iframe, TITLE)


def _finding(iframe: Iframe, code: str) -> Finding:
    message, hint = _MESSAGES[code]
    return Finding(iframe.index, code, message, hint)


def _source_finding(iframe: Iframe, problem: str, hosts: tuple[str, ...]) -> Finding:
    if problem == SOURCE:
        return Finding(
            iframe.index,
            SOURCE,
            f"the iframe's src {iframe.source!r} {_not_embeddable(iframe.url)}; nothing is embedded",
            'give it `src="https://..."`',
        )
    return Finding(
        iframe.index,
        HOST,
        f"{iframe.host} is not an allowed iframe host; only a link to it is shown",
        f"embed only from {', '.join(hosts)}, or add the host to `iframe_hosts` in polydocs.yml",
    )


def _not_embeddable(url: BrowserUrl | None) -> str:
    if url is not None and url.credentials:
        return "names a user or password before its host, which browsers refuse in a frame"
    return "is not an https URL"


def _iframe_at(lines: tuple[str, ...], index: int) -> Iframe:
    start = _START.match(lines[index])
    if start is None:
        return Iframe(index, index, {}, inline=True)
    lead = start["lead"]
    if ">" in lead:
        return _quoted_iframe_at(lines[index], index, lead)
    start_tag = _read_start_tag(lines, index)
    if start_tag is None:
        return Iframe(index, index, {}, ended=False)
    attributes, tag_end, rest = start_tag
    end = _end_tag_line(lines, tag_end, rest)
    if end is None:
        return Iframe(index, tag_end, attributes, closed=False, after=rest, lead=lead)
    closing = _END_IN_LINE.search(rest if end == tag_end else lines[end])
    assert closing is not None
    return Iframe(index, end, attributes, after=closing.string[closing.end() :], lead=lead)


def _quoted_iframe_at(line: str, index: int, lead: str) -> Iframe:
    """An iframe in a quote: read where it is written whole on its line (the next lines' `>` markers would
    be read as its tag's end); one spanning lines is left to the sanitiser, as one in a line of text."""
    start_tag = _read_start_tag((line,), 0)
    closing = _END_IN_LINE.search(start_tag[2]) if start_tag is not None else None
    if start_tag is None or closing is None:
        return Iframe(index, index, {}, inline=True)
    return Iframe(index, index, start_tag[0], after=closing.string[closing.end() :], lead=lead)


def _read_start_tag(lines: tuple[str, ...], start: int) -> tuple[dict[str, str], int, str] | None:
    """The start tag's attributes, its last line and what follows its `>` (outside quotes) there."""
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
                return parse_attributes(text.rstrip("/")), index, line[position + 1 :]
        text += line[offset:] + "\n"
    return None


def _end_tag_line(lines: tuple[str, ...], tag_end: int, rest: str) -> int | None:
    """The line of the `</iframe>`: after the start tag on its line, or next after blank lines."""
    if _END_IN_LINE.search(rest):
        return tag_end
    if rest.strip():
        return None
    following = tag_end + 1
    while following < len(lines) and not lines[following].strip():
        following += 1
    return following if following < len(lines) and _END.match(lines[following]) else None
