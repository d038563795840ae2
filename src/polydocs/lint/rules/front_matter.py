"""Front matter fields the site would drop or refuse: the build's own check (`site/page_meta.py`), read
from the page as MkDocs reads it, so that lint and build report each field at the same line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import material
from mkdocs.utils.meta import get_data

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.site.page_meta import front_matter_problems, theme_icon_exists

# The folders Material includes icons from: the theme's (polydocs' overrides carry none).
_ICONS = theme_icon_exists([str(Path(material.__file__).parent / "templates")])


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    _, meta = get_data(document.text)
    if meta:
        yield from front_matter_problems(dict(meta), str(document.path), document.text, _ICONS)
