"""A code fence that is never closed: the site shows it as text, so the author hears of it at its line."""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup._fences import (
    UNCLOSED_FENCE,
    UNCLOSED_FENCE_HINT,
    UNCLOSED_FENCE_MESSAGE,
    unclosed_fences,
)
from polydocs.markup.context import current_context

# After Python-Markdown's whitespace normalisation (30), before anything blanks or rewrites lines.
PRIORITY = 29.5


class _UnclosedFencePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        context = current_context()
        for index in unclosed_fences(lines):
            context.warn(index, UNCLOSED_FENCE, UNCLOSED_FENCE_MESSAGE, UNCLOSED_FENCE_HINT)
        return lines


class UnclosedFenceExtension(Extension):
    """Warns about fences that are never closed; changes nothing."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_UnclosedFencePreprocessor(md), "polydocs_unclosed_fences", PRIORITY)
