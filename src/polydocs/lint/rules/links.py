"""Links, `#anchors` and images resolve inside the page's own language (English fallbacks included)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.sources import is_language_tag
from polydocs.sources.tree import PAGE_SUFFIXES

_HTML_REFERENCE = re.compile(
    r"<(?P<tag>a|img|source)\s[^>]*?\b(?P<attr>href|src)\s*=\s*[\"'](?P<url>[^\"']*)[\"']", re.IGNORECASE
)


@dataclass(frozen=True)
class Reference:
    line: int
    url: str
    image: bool


def references(document: LintDocument) -> Iterator[Reference]:
    """Markdown links and images, and `<a href>` / `<img src>` written as HTML."""
    for item in document.inline_tokens():
        token = item.token
        if token.type == "link_open":
            yield Reference(item.line, str(token.attrGet("href") or ""), False)
        elif token.type == "image":
            yield Reference(item.line, str(token.attrGet("src") or ""), True)
    text = document.prose_text
    for match in _HTML_REFERENCE.finditer(text):
        is_image = match.group("tag").lower() != "a"
        yield Reference(document.line_of(match.start(), text), match.group("url"), is_image)


def _diagnostic(document: LintDocument, line: int, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(document.path), line, code, message, hint, "error")


def _page_local(relative: str) -> str | None:
    """`torch_compile`, `torch_compile.md` and `torch_compile/` name a page; `x.png` does not."""
    relative = relative.rstrip("/")
    suffix = posixpath.splitext(relative)[1]
    if suffix in PAGE_SUFFIXES:
        return relative[: -len(suffix)]
    return relative if not suffix else None


def check_reference(
    document: LintDocument, context: LintContext, reference: Reference
) -> Iterator[Diagnostic]:
    url = reference.url.strip()
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return
    kind = "image" if reference.image else "link"
    if not url:
        yield _diagnostic(
            document, reference.line, f"{kind}-empty", f"{kind} has no target", "fill in the target"
        )
        return
    if url.startswith("/"):
        yield _diagnostic(
            document,
            reference.line,
            f"{kind}-absolute",
            f"{kind} `{url}` is an absolute path, which breaks once the site is served below a prefix",
            "use a path relative to this page",
        )
        return
    folder = context.targets.folders[document.lang]
    target_path: Path | None
    if not parts.path:
        target_path = document.path
    else:
        base = posixpath.dirname(document.local)
        relative = posixpath.normpath(posixpath.join(base, unquote(parts.path)))
        if relative == ".." or relative.startswith("../"):
            first = relative.split("/")[1] if relative.count("/") else ""
            hint = (
                "link to the page of this language by a path inside its folder"
                if is_language_tag(first)
                else "fix the path"
            )
            yield _diagnostic(
                document,
                reference.line,
                f"{kind}-outside",
                f"{kind} `{url}` leaves the `{document.lang}/` folder",
                hint,
            )
            return
        local = None if reference.image else _page_local(relative)
        target_path = context.page_path(document.lang, local) if local is not None else None
        if target_path is None:
            asset = folder.root / relative
            if asset.is_file() or (asset.is_dir() and not reference.image):
                return
            what = (
                f"page {document.lang}/{local}.md"
                if local is not None
                else f"file {document.lang}/{relative}"
            )
            yield _diagnostic(
                document,
                reference.line,
                "image-missing" if reference.image else "link-broken",
                f"{kind} `{url}` points to a missing {what}",
                "fix the path or add the file",
            )
            return
    if parts.fragment and target_path.suffix in PAGE_SUFFIXES:
        anchor = unquote(parts.fragment)
        if anchor not in context.anchors(target_path):
            where = "this page" if target_path == document.path else f"`{parts.path}`"
            yield _diagnostic(
                document,
                reference.line,
                "link-anchor",
                f"`#{anchor}` is not a heading id of {where}",
                "use the id of a translated heading as the site makes it, or add {#id} to the heading",
            )


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    for reference in references(document):
        yield from check_reference(document, context, reference)
