"""Relative page links: `[x](./torch_compile)`, `[x](../tasks/asr#x)`, `[x](page.mdx)`, `[ref]: ./page`.

Each names a page of the language's site (its own pages and the English ones it falls back to). The site
rewrites the link to the `.md` name MkDocs resolves (`markup/page_links.py`); a link to a page the site does
not have is reported here, once, for the build and the linter alike.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from difflib import get_close_matches
from functools import lru_cache

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.code_spans import code_spans
from polydocs.dialect.page import ParsedPage
from polydocs.sources.tree import PAGE_SUFFIXES

LINK_MISSING = "link-missing"
CODES = code_table(
    DiagnosticCode(LINK_MISSING, "error", "A relative link to a page the language's site does not have."),
)

# A target without extension or with a page's suffix names a page; any other (`.png`, `.py`, `.ipynb`) a file.
PAGE_LINK_SUFFIXES = ("", *PAGE_SUFFIXES)

_INLINE_LINK = re.compile(r"(?<!!)(?P<head>\[[^\[\]]*\]\()(?P<target>[^()\s]+)(?P<tail>(?:\s+\"[^\"]*\")?\))")
_REFERENCE = re.compile(r"^(?P<head>[ ]{0,3}\[[^\]]+\]:[ ]*)(?P<target>\S+)(?P<tail>.*)$")
_SCHEME = re.compile(r"^[A-Za-z][\w+.-]*:")


def link_matches(line: str) -> list[re.Match[str]]:
    """The links of one line outside code: its reference definition, else its inline links outside code spans.

    Each match has the groups `head`, `target` and `tail`; rewriting `target` in place rewrites the link.
    """
    reference = _REFERENCE.match(line)
    if reference is not None:
        return [reference]
    matches: list[re.Match[str]] = []
    position = 0
    for start, end in code_spans(line):
        matches += _INLINE_LINK.finditer(line, position, start)
        position = end
    return matches + list(_INLINE_LINK.finditer(line, position))


def is_page_link(target: str) -> bool:
    """Whether `target` names a page of the site, not a URL, `/docs/...`, `#anchor` or a file (`x.png`)."""
    if not target or target.startswith(("#", "/")) or _SCHEME.match(target):
        return False
    path = target.partition("#")[0].partition("?")[0]
    return posixpath.splitext(path)[1] in PAGE_LINK_SUFFIXES


def page_name(target: str, page_local: str) -> str:
    """The page a link from `page_local` names (`../tasks/asr.md#x` from `guide/a` is `tasks/asr`)."""
    path = _without_page_suffix(target.partition("#")[0].partition("?")[0]).rstrip("/")
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page_local), path or "."))
    if joined == ".":
        return "index"
    return joined.removesuffix("/index") if joined.endswith("/index") else joined


def resolve_page_link(
    target: str, page_local: str, known_pages: frozenset[str], moved_pages: Mapping[str, str] | None = None
) -> str | None:
    """The `.md` form of a relative page link (MkDocs names every page `.md`, `.mdx` sources too), None when
    it names no known page. Other targets (URLs, `/docs/...`, `#anchor`, files like `x.png`) come back as is.
    A link to a page `_redirects.yml` moves goes straight to where it moved (the link's own anchor first).
    """
    if not is_page_link(target):
        return target
    page = page_name(target, page_local)
    _, hash_mark, anchor = target.partition("#")
    if page not in known_pages and moved_pages and page in moved_pages:
        page, moved_mark, moved_anchor = moved_pages[page].partition("#")
        hash_mark, anchor = (hash_mark, anchor) if hash_mark else (moved_mark, moved_anchor)
        if "://" in page:  # moved off the site (`Redirect.external`): its URL
            return page + hash_mark + anchor
    if page not in known_pages:
        return None
    directory = posixpath.dirname(page_local)
    return posixpath.relpath(page + ".md", directory or ".") + hash_mark + anchor


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    if not facts.known_pages:
        return  # the site's pages are unknown (a plain `render`): nothing to check against
    for index, line in page.outside_code():
        for match in link_matches(line):
            target = match["target"]
            if resolve_page_link(target, facts.page_local, facts.known_pages, facts.moved_pages) is None:
                yield _missing_page(index, target, page_name(target, facts.page_local), facts.known_pages)


def _without_page_suffix(path: str) -> str:
    return next((path[: -len(suffix)] for suffix in PAGE_SUFFIXES if path.endswith(suffix)), path)


def _missing_page(index: int, target: str, wanted: str, known_pages: frozenset[str]) -> Finding:
    if close := _closest_page(wanted, known_pages):
        hint = f"did you mean `{close}`?"
    elif wanted == ".." or wanted.startswith("../"):
        hint = "the link leaves the language folder: name a page inside it, or link to a file by its URL"
    else:
        hint = "fix the path or add the page"
    return Finding(
        index,
        LINK_MISSING,
        f"link `{target}` points to page `{wanted}`, which this language's site does not have",
        f"{hint} (pages are named relative to the language folder, without `.md`)",
    )


@lru_cache(maxsize=4096)
def _closest_page(wanted: str, known_pages: frozenset[str]) -> str | None:
    # A real tree repeats the same broken link on many pages: compare against all pages once per name.
    close = get_close_matches(wanted, sorted(known_pages), n=1)
    return close[0] if close else None
