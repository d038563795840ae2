"""Direction blocks: `<div dir="rtl">` (or `ltr`, `auto`; other attributes as written) alone on its line,
around Markdown written in that direction, up to a `</div>`.

The course's Persian and Arabic pages wrap the whole page in `<div dir="rtl">` and their code in
`<div dir="ltr">`, often with a heading on the very next line. doc-builder (MDX) renders the Markdown
inside. Python-Markdown reads such a div as raw HTML up to its closing tag, so the page showed as text,
its `#` and `!!!` included; CommonMark ends it at the next blank line, so the page's parse read a fence
right below as prose. The page's parse sees the tag's line as blank (`dialect.page`), and the site hands
the tag to Python-Markdown as raw HTML on its own, its `</div>` likewise (`markup/html_blocks.py`), so what
lies between is Markdown; any other div is HTML up to its blank line, as CommonMark reads it.
"""

from __future__ import annotations

from polydocs.dialect.tags import TagLine

DIRECTIONS = frozenset({"rtl", "ltr", "auto"})


def opens_direction_block(tag: TagLine | None) -> bool:
    """Whether a line's one tag opens a direction block: a `<div>` whose `dir` says a direction, and
    that does not say itself how md_in_html reads it (`markdown="0"`: raw HTML)."""
    return (
        tag is not None
        and tag.opening
        and tag.name.lower() == "div"
        and tag.attributes.get("dir", "").lower() in DIRECTIONS
        and "markdown" not in tag.attributes
    )
