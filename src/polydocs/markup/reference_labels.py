"""`[x][[y]]` and `sources[[1](url)][[2](url)]` read as CommonMark reads them: no reference label there.

A reference label holds no unescaped bracket (CommonMark 0.31, "link label"), so a `[` right after `]`
that is itself followed by `[` never opens one: doc-builder's MDX shows `[x][[y]]` as written and
`sources[[1](url)][[2](url)]` as two bracketed links. mkdocs-autorefs' reference pattern read them as a
reference to `[y` (and `[2`) instead, which ate the brackets and left an element autorefs itself could
not resolve. That `[` is escaped (`]\\[[`), outside code blocks and code spans; the reader sees it as
written, and the line count is kept.
"""

from __future__ import annotations

from polydocs.dialect.code_spans import code_spans
from polydocs.markup.context import MarkupContext

_NO_LABEL = "]" + "[["
_ESCAPED = "]" + "\\[["


def render_reference_labels(lines: list[str], context: MarkupContext) -> list[str]:
    """Escape the `[` of every `][[` in prose."""
    lines = list(lines)
    for index, line in context.outside_code(lines):
        if _NO_LABEL in line:
            lines[index] = _escaped(line)
    return lines


def _escaped(line: str) -> str:
    parts, start = [], 0
    for span_start, span_end in code_spans(line):
        parts += [line[start:span_start].replace(_NO_LABEL, _ESCAPED), line[span_start:span_end]]
        start = span_end
    parts.append(line[start:].replace(_NO_LABEL, _ESCAPED))
    return "".join(parts)
