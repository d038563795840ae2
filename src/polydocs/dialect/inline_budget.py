"""What one run of inline markup (a paragraph, a heading, a table cell) may cost Python-Markdown.

Python-Markdown's link patterns read from every `[` to the `]` that closes it, or to the end of the
paragraph (`LinkInlineProcessor.getText`), and from `](` to its `)` (`getLink`): a line of 8,000 `[` took
24 s, of 20,000 more than 150 s. And every inline match rebuilds the paragraph's text: 40,000 code spans in
one paragraph took 8 s, four times as many would take two minutes. So a run of inline markup longer than
`MAX_CHARACTERS`, or whose brackets would make those patterns read more than `MAX_BRACKET_STEPS`
characters, is shown as plain text (escaped, nothing inside it rendered), with an `inline-too-costly`
warning at its line from build and lint. The corpora's longest run is 2,912 characters, and its brackets
cost 2,963 steps. The page's parse reads such a run as plain text too (`page.py`), so lint finds no link in
it either; `page_bounds.py` reports it.
"""

from __future__ import annotations

import re

TOO_COSTLY = "inline-too-costly"

MAX_CHARACTERS = 20_000
MAX_BRACKET_STEPS = 200_000
HINT = "split the paragraph, or close its brackets; it is shown as plain text"
_SQUARE = re.compile(r"[\[\]]")
_ROUND = re.compile(r"[()]")


def inline_cost_problem(text: str) -> str | None:
    """Why this run of inline markup is shown as plain text; None when it is rendered."""
    if len(text) > MAX_CHARACTERS:
        return f"{len(text):,} characters of inline markup in one paragraph (at most {MAX_CHARACTERS:,})"
    steps = bracket_steps(text)
    if steps > MAX_BRACKET_STEPS:
        return (
            f"brackets that make the link patterns read {steps:,} characters "
            f"(at most {MAX_BRACKET_STEPS:,}): `[` or `(` left open, or nested deep"
        )
    return None


def bracket_steps(text: str) -> int:
    """How many characters Python-Markdown's link patterns read for `text`: from each `[` (and `(`) to the
    bracket that closes it, or to the end. One pass over the brackets, with a stack per kind."""
    steps = 0
    for opening, brackets in (("[", _SQUARE), ("(", _ROUND)):
        if opening not in text:
            continue
        open_at: list[int] = []
        for found in brackets.finditer(text):
            if found.group() == opening:
                open_at.append(found.start())
            elif open_at:
                steps += found.start() - open_at.pop()
        steps += sum(len(text) - start for start in open_at)
    return steps
