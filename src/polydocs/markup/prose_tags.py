"""Text in angle brackets that is no HTML element and no component (`<UNK>`, `<mask>`) -> shown as written.

Which tags those are is the spec's (`polydocs.dialect.constructs.prose_tags`, doc-builder's rule); here each
one's `<` is written `&lt;`, so that Python-Markdown keeps it as text instead of handing the sanitiser an
element it would drop with its name. The line count is kept.
"""

from __future__ import annotations

from polydocs.dialect.constructs.prose_tags import escape_prose_tags
from polydocs.markup.context import MarkupContext


def render_prose_tags(lines: list[str], context: MarkupContext) -> list[str]:
    """Escape every tag of the page's prose that readers see as text."""
    return escape_prose_tags(lines, context.parsed(lines))
