"""A `<Question>` as a notebook shows it: its choices as a Markdown list, each with its explanation folded.

The site's quiz (`markup/quiz.py`) says whether a choice is right only in the explanation the reader opens
under it (a `<details>`; the theme's button checks a choice); a notebook has no button, so each choice has
the site's folded explanation, with the same words (`quiz.*` strings), and nothing else says which is
right. `text` and `explain` are the page's HTML, as on the site; a choice's lines are joined into one.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs.quiz import Choice, Question
from polydocs.sources.languages import Language


def question_markdown(question: Question, language: Language) -> list[str]:
    """The site's legend in italics, then one list item per choice."""
    legend = language.text("quiz.choose_all" if question.multiple else "quiz.choose_one")
    lines = [f"*{legend}*", ""]
    for choice in question.choices:
        lines += [f"- {_one_line(choice.text)}", f"  {_explanation(choice, language)}"]
    return lines


def _explanation(choice: Choice, language: Language) -> str:
    verdict = language.text("quiz.correct_choice" if choice.correct else "quiz.wrong_choice")
    explain = f" {_one_line(choice.explain)}" if choice.explain else ""
    summary = escape(language.text("quiz.explanation"))
    return f"<details><summary>{summary}</summary><strong>{escape(verdict)}</strong>{explain}</details>"


def _one_line(html: str) -> str:
    return " ".join(html.split())
