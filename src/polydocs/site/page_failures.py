"""A page whose conversion, render or publication raised: a warning at that page, never a stopped site.

Whatever raises while one page is worked on — polydocs' own steps, Python-Markdown, an extension,
mkdocstrings on one object, hf-doc-builder's notebook converter, mkdocs-autorefs' cross-references, the
search indexer — is caught where that page is worked on and becomes a `page-failed` warning at the
page (and line, where it is known), and the page is published with what could be rendered: the page
without the one object mkdocstrings could not document, without a notebook, without cross-references,
without search entries, or as a notice in the reader's language where nothing of it could be rendered.
Every other page and language builds; `--strict` fails on the warning as on any other.

These catch every `Exception` on purpose: the page's text is untrusted and the libraries rendering it
are not ours, so no list of expected exceptions can be complete (`KeyError: 'identifier'` from
autorefs and `KeyError: 'flax'` from hf-doc-builder were the first two met). The warning names the
exception, and `--debug` logs its traceback.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Iterator
from types import TracebackType

from polydocs.diagnostics import Diagnostic
from polydocs.sources.languages import Language

PAGE_FAILED = "page-failed"

_log = logging.getLogger("polydocs.site")
# mkdocstrings' block processor documents one object in this method, with the object's name in this
# local: where an exception was raised inside it, that object is the one to leave out.
_MKDOCSTRINGS_MODULE = "mkdocstrings."
_MKDOCSTRINGS_BLOCK = "_process_block"
_MKDOCSTRINGS_NAME = "identifier"


def page_failed(path: str, line: int, doing: str, error: BaseException, instead: str) -> Diagnostic:
    """The warning for `error`, raised while `doing` the page at `path:line`; `instead`: what readers see."""
    _log.debug("%s: %s raised", path, doing, exc_info=error)
    summary = str(error).strip().splitlines()[0] if str(error).strip() else ""
    raised = f"{type(error).__name__}: {summary}" if summary else type(error).__name__
    return Diagnostic(
        path,
        line,
        PAGE_FAILED,
        f"{doing} raised {raised}; {instead}, and the rest of the site is built",
        "fix what the message names on this page (`polydocs --debug build --no-cache` logs its traceback); "
        "if the page looks right, report it to the polydocs maintainers",
    )


def failed_notice(lang: Language) -> str:
    """What readers see instead of a page nothing of which could be rendered."""
    title = html.escape(lang.text("site.failed_title"))
    body = html.escape(lang.text("site.failed_body"))
    return (
        '<div class="admonition danger polydocs-failed">'
        f'<p class="admonition-title">{title}</p><p>{body}</p></div>'
    )


def failing_autodoc_object(error: BaseException) -> str | None:
    """The object mkdocstrings was documenting when `error` was raised (collecting or rendering it, a
    template, a docstring), or None when the error came from elsewhere."""
    for raised in _chain(error):
        for frame_globals, frame_locals, name in _frames(raised.__traceback__):
            if name != _MKDOCSTRINGS_BLOCK:
                continue
            if not str(frame_globals.get("__name__", "")).startswith(_MKDOCSTRINGS_MODULE):
                continue
            identifier = frame_locals.get(_MKDOCSTRINGS_NAME)
            if isinstance(identifier, str):
                return identifier
    return None


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _frames(traceback: TracebackType | None) -> Iterator[tuple[dict[str, object], dict[str, object], str]]:
    while traceback is not None:
        frame = traceback.tb_frame
        yield frame.f_globals, frame.f_locals, frame.f_code.co_name
        traceback = traceback.tb_next
