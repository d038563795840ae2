"""A page's text as the dialect's steps read it in the build: after MkDocs has taken its front matter away
and Python-Markdown has normalised its whitespace, so that a check run outside the build (`polydocs lint`)
parses the very text the build's one parse reads (`page_parse.py`)."""

from __future__ import annotations

import markdown
from markdown.preprocessors import NormalizeWhitespace

from polydocs.sources.front_matter import front_matter_lines

# Python-Markdown's own preprocessor, run as the build runs it (tab stops of four columns, lines of spaces
# emptied), rather than a copy of what it does that could drift from the installed version.
_NORMALIZE = NormalizeWhitespace(markdown.Markdown())


def steps_text(text: str) -> tuple[str, int]:
    """The text the build's steps parse, and how many front matter lines above it the page has (the first
    line of the text is the page's line that number + 1)."""
    skipped = front_matter_lines(text)
    return "\n".join(_NORMALIZE.run(text.split("\n")[skipped:])), skipped
