"""A run of inline markup past its budget (`dialect/inline_budget.py`) is shown as plain text: Python-Markdown
never reads it for links, emphasis or code, which is where the unbounded work was.

A tree step of Python-Markdown's, before its `inline` step: every element's text and tail past the budget
becomes an `AtomicString`, which the inline step leaves as it is and the serializer escapes. The warning
comes from the page's parse (build and lint say the same), not from here.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from polydocs.dialect.inline_budget import inline_cost_problem

# Before Python-Markdown's `inline` tree step (20).
PRIORITY = 25.0


class InlineBudget(Treeprocessor):
    def run(self, root: Element) -> None:
        for element in root.iter():
            if _past_budget(element.text):
                element.text = AtomicString(element.text)
            if _past_budget(element.tail):
                element.tail = AtomicString(element.tail)


def _past_budget(text: str | None) -> bool:
    return bool(text) and not isinstance(text, AtomicString) and inline_cost_problem(text or "") is not None
