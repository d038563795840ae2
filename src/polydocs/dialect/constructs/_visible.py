"""The lines a reader may meet a construct on: outside code and outside the HTML comments a page closes.

A closed comment (the license header among them) hides what it holds, so an `<iframe>`, a component or an
autodoc directive written inside one is no construct. An unclosed comment hides nothing on the site
(Python-Markdown shows what follows it), so its lines count.
"""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.dialect.page import ParsedPage


def visible_lines(page: ParsedPage) -> Iterator[tuple[int, str]]:
    """`(index, line)` of each line outside code and outside closed comments."""
    hidden = {
        index
        for comment in page.comments
        if "-->" in comment.text
        for index in range(comment.index, comment.last + 1)
    }
    for index, line in page.outside_code():
        if index not in hidden:
            yield index, line
