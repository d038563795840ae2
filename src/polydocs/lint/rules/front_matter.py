"""Front matter fields the site would drop or refuse: the build's own check
(`sources/front_matter_fields.py`), read from the page as MkDocs reads it, so that lint and build report
each field at the same line. MkDocs and Material are imported only for a page that has front matter (lint
imports neither otherwise)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.sources.front_matter import as_mkdocs_reads
from polydocs.sources.front_matter_fields import front_matter_problems, theme_icon_exists


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    if not document.text.startswith("---"):
        return
    from mkdocs.utils.meta import get_data

    _, meta = get_data(as_mkdocs_reads(document.text))  # a refused front matter is never read
    if meta:
        yield from front_matter_problems(dict(meta), str(document.path), document.text, _icons())


@lru_cache(maxsize=1)
def _icons() -> Callable[[str], bool]:
    """Whether Material has an icon of that name (polydocs' own theme folder carries none)."""
    import material

    return theme_icon_exists([str(Path(material.__file__).parent / "templates")])
