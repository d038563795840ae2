"""Links, `#anchors` and images resolve inside the page's own language (English fallbacks included).

Whether a linked page exists is the page-links construct's question (`polydocs.dialect`), answered for
the build and lint alike; this rule adds the repository's own policy: anchors that exist, images and
linked files that exist, no absolute paths, nothing outside the language folder."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from polydocs.diagnostics import Diagnostic
from polydocs.dialect.constructs.page_links import is_page_link, page_name
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.lint.references import Reference
from polydocs.sources import is_language_tag
from polydocs.sources.published_files import is_passive


def _diagnostic(document: LintDocument, line: int, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(document.path), line, code, message, hint, "error")


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
    if parts.path and (reference.image or not is_page_link(url)):
        yield from _check_file(document, context, reference, unquote(parts.path))
        return
    target = _linked_page(document, context, unquote(url)) if parts.path else document.path
    # A page the site lacks is the page-links construct's finding (rule `constructs`), as in the build.
    if target is not None and parts.fragment:
        yield from _check_anchor(document, context, reference, target, parts.path, unquote(parts.fragment))


def _linked_page(document: LintDocument, context: LintContext, url: str) -> Path | None:
    """The page file a reader of the document's language gets for a page link (English fallbacks too)."""
    return context.page_path(document.lang, page_name(url, document.local))


def _check_file(
    document: LintDocument, context: LintContext, reference: Reference, path: str
) -> Iterator[Diagnostic]:
    """A linked file or an image: inside the language folder, and there."""
    kind = "image" if reference.image else "link"
    relative = posixpath.normpath(posixpath.join(posixpath.dirname(document.local), path))
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
            f"{kind} `{reference.url}` leaves the `{document.lang}/` folder",
            hint,
        )
        return
    asset = context.targets.folders[document.lang].root / relative
    if asset.is_file() and not is_passive(relative):
        yield _diagnostic(
            document,
            reference.line,
            "image-refused" if reference.image else "link-file-refused",
            f"{kind} `{reference.url.strip()}` points to {document.lang}/{relative}, a file of a type the "
            "site does not publish (asset-refused): readers find nothing there",
            "link a page, an image or a text file of the tree, or the file's https:// URL elsewhere",
        )
        return
    if asset.is_file() or (asset.is_dir() and not reference.image):
        return
    yield _diagnostic(
        document,
        reference.line,
        "image-missing" if reference.image else "link-file-missing",
        f"{kind} `{reference.url.strip()}` points to a missing file {document.lang}/{relative}",
        "fix the path or add the file",
    )


def _check_anchor(
    document: LintDocument,
    context: LintContext,
    reference: Reference,
    target_path: Path,
    path: str,
    anchor: str,
) -> Iterator[Diagnostic]:
    if not context.has_anchor(target_path, anchor):
        where = "this page" if target_path == document.path else f"`{path}`"
        yield _diagnostic(
            document,
            reference.line,
            "link-anchor",
            f"`#{anchor}` is not a heading id of {where}",
            "use the id of a translated heading as the site makes it, or add {#id} to the heading",
        )


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    for reference in document.references:
        yield from check_reference(document, context, reference)
