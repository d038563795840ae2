"""Text in angle brackets that is no HTML element and no component (`<UNK>`, `<mask>`) -> shown as written.

Which tags those are is the spec's (`polydocs.dialect.constructs.prose_tags`, doc-builder's rule); here each
one's `<` is written `&lt;`, so that Python-Markdown keeps it as text instead of handing the sanitiser an
element it would drop with its name. A tag alone on a line the parse reads as blank becomes a paragraph
of its own, as the parse reads what is around it: Python-Markdown would join it to a paragraph above and
hold a list or a fence below in that paragraph. The line count is kept.
"""

from __future__ import annotations

from polydocs.dialect.constructs.prose_tags import escape_prose_tags, find_prose_tags
from polydocs.markup.context import MarkupContext


def render_prose_tags(lines: list[str], context: MarkupContext) -> list[str]:
    """Escape every tag of the page's prose that readers see as text."""
    page = context.parsed(lines)
    out = escape_prose_tags(lines, page)
    for tag in find_prose_tags(page):
        if tag.alone and tag.index < len(out):
            before = "\n" if tag.index > 0 and out[tag.index - 1].strip() else ""
            after = "\n" if tag.index + 1 < len(out) and out[tag.index + 1].strip() else ""
            out[tag.index] = f"{before}{out[tag.index]}{after}"
    return out
