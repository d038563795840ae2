"""What the site shows instead of a page polydocs does not render (`dialect/page_bounds.py`): a notice in
the reader's language saying from which line, while build and lint say why."""

from __future__ import annotations

import html

from polydocs.sources.languages import Language


def refused_notice(lang: Language, line: int) -> str:
    """The notice, as an admonition block of the theme."""
    title = html.escape(lang.text("site.refused_title"))
    body = html.escape(lang.text("site.refused_body", line=line))
    return (
        '<div class="admonition danger polydocs-refused">'
        f'<p class="admonition-title">{title}</p><p>{body}</p></div>'
    )
