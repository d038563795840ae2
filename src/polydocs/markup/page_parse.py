"""The first of the dialect's preprocessors: parse the page once and report its constructs' problems.

Every later preprocessor reads `context.page` for where code, tags and comments are; none warns on its own
about a construct, so the build reports exactly what `polydocs lint` reports (`polydocs.dialect`).
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect import page_findings, parse_page
from polydocs.markup.context import current_context

# After Python-Markdown's whitespace normalisation (30), before anything blanks or rewrites lines.
PRIORITY = 29.5


class _PageParsePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        context = current_context()
        # A second conversion inside the page's is mkdocstrings rendering a docstring of an autodoc block:
        # its text is the library's, not the page's, so its problems are not the page author's to fix.
        nested = context.page is not None
        context.page = parse_page("\n".join(lines))
        if nested:
            return lines
        for finding in page_findings(context.page, context.facts):
            context.warn(finding.index, finding.code, finding.message, finding.hint)
        return lines


class PageParseExtension(Extension):
    """Parses the page once for the other extensions; reports construct problems; changes nothing."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_PageParsePreprocessor(md), "polydocs_page_parse", PRIORITY)
