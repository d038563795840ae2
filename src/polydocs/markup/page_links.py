"""Relative page links (`./torch_compile`, `../tasks/asr#x`) -> `.md` links MkDocs resolves per language."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from difflib import get_close_matches
from functools import lru_cache, partial

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup.context import MarkupContext, current_context

PRIORITY = 26

_CODE_SPAN = re.compile(r"(`+).*?\1")
_INLINE_LINK = re.compile(r"(?<!!)(?P<head>\[[^\[\]]*\]\()(?P<target>[^()\s]+)(?P<tail>(?:\s+\"[^\"]*\")?\))")
_REFERENCE = re.compile(r"^(?P<head>[ ]{0,3}\[[^\]]+\]:[ ]*)(?P<target>\S+)(?P<tail>.*)$")
_SCHEME = re.compile(r"^[A-Za-z][\w+.-]*:")
# Targets with these endings are pages; anything else with an extension (.png, .py, .ipynb) is a file.
_PAGE_SUFFIXES = ("", ".md")


def resolve_page_link(target: str, page_local: str, known_pages: frozenset[str]) -> str | None:
    """The `.md` form of a relative page link, None when it names no known page.

    Other targets (URLs, `/docs/...`, `#anchor`, `mailto:`, files like `x.png`) come back unchanged.
    """
    if not _is_page_link(target):
        return target
    path, hash_mark, anchor = target.partition("#")
    page = _page_name(path, page_local)
    if page not in known_pages:
        return None
    directory = posixpath.dirname(page_local)
    return posixpath.relpath(page + ".md", directory or ".") + hash_mark + anchor


def render_page_links(lines: list[str], context: MarkupContext) -> list[str]:
    """Rewrite every relative page link of the page; warn about links to pages that do not exist."""
    lines = list(lines)
    if not context.known_pages:
        return lines  # the site's pages are unknown (plain `render`): nothing to check against
    for index, line in context.outside_code(lines):
        reference = _REFERENCE.match(line)
        if reference is not None:
            lines[index] = _REFERENCE.sub(_rewriter(index, context), line)
        else:
            lines[index] = _outside_code_spans(line, partial(_INLINE_LINK.sub, _rewriter(index, context)))
    return lines


def _is_page_link(target: str) -> bool:
    if not target or target.startswith(("#", "/")) or _SCHEME.match(target):
        return False
    path = target.partition("#")[0].partition("?")[0]
    return posixpath.splitext(path)[1] in _PAGE_SUFFIXES


def _page_name(path: str, page_local: str) -> str:
    path = path.partition("?")[0].removesuffix(".md").rstrip("/")
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page_local), path or "."))
    if joined == ".":
        return "index"
    return joined.removesuffix("/index") if joined.endswith("/index") else joined


def _rewriter(index: int, context: MarkupContext) -> Callable[[re.Match[str]], str]:
    def rewrite(match: re.Match[str]) -> str:
        target = match["target"]
        resolved = resolve_page_link(target, context.page_local, context.known_pages)
        if resolved is None:
            wanted = _page_name(target.partition("#")[0], context.page_local)
            close = _closest_page(wanted, context.known_pages)
            hint = f"did you mean `{close}`?" if close else "fix the path or add the page"
            context.warn(
                index,
                "link-missing",
                f"link `{target}` points to page `{wanted}`, which this language's site does not have",
                f"{hint} (pages are named relative to the language folder, without `.md`)",
            )
            return match[0]
        return match["head"] + resolved + match["tail"]

    return rewrite


@lru_cache(maxsize=4096)
def _closest_page(wanted: str, known_pages: frozenset[str]) -> str | None:
    # A real tree repeats the same broken link on many pages: compare against all pages once per name.
    close = get_close_matches(wanted, sorted(known_pages), n=1)
    return close[0] if close else None


def _outside_code_spans(line: str, rewrite: Callable[[str], str]) -> str:
    pieces, position = [], 0
    for span in _CODE_SPAN.finditer(line):
        pieces += [rewrite(line[position : span.start()]), span[0]]
        position = span.end()
    pieces.append(rewrite(line[position:]))
    return "".join(pieces)


class _PageLinkPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_page_links(lines, current_context())


class PageLinkExtension(Extension):
    """Resolves and checks relative links between pages."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_PageLinkPreprocessor(md), "polydocs_page_links", PRIORITY)
