"""A `<Question>` -> an accessible quiz: a fieldset of radio buttons (check boxes when several answers are
right), a button that checks the reader's choice, and each choice's explanation in a `<details>`.

Without JavaScript the reader still has every choice and, in its `<details>`, whether it is right and why;
the theme's script (`assets/polydocs/polydocs.js`) shows the button and says whether the choice was right.
`text` and `explain` are the page's HTML: they are published through the sanitiser with the rest of it.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs.quiz import Choice, Question
from polydocs.sources.languages import Language


def quiz_html(question: Question, lang: Language, line: int) -> str:
    """The quiz's HTML; its ids come from the tag's `line` on the page, so they are unique on the page and
    stable: the same in the site, whose text holds a badge after each Python block, and in lint's
    rendering, which holds none."""
    name = f"polydocs-quiz-{line}"
    kind = "checkbox" if question.multiple else "radio"
    legend = lang.text("quiz.choose_all" if question.multiple else "quiz.choose_one")
    choices = "\n".join(
        _choice_html(choice, f"{name}-{number}", name, kind, lang)
        for number, choice in enumerate(question.choices, start=1)
    )
    return (
        f'<fieldset class="polydocs-quiz" data-right="{escape(lang.text("quiz.right"))}" '
        f'data-wrong="{escape(lang.text("quiz.wrong"))}" data-none="{escape(lang.text("quiz.none"))}">\n'
        f"<legend>{escape(legend)}</legend>\n{choices}\n"
        f'<button type="button" class="md-button polydocs-quiz-check" hidden>'
        f"{escape(lang.text('quiz.check'))}</button>\n"
        '<p class="polydocs-quiz-feedback" role="status" aria-live="polite"></p>\n</fieldset>'
    )


def _choice_html(choice: Choice, choice_id: str, name: str, kind: str, lang: Language) -> str:
    verdict = lang.text("quiz.correct_choice" if choice.correct else "quiz.wrong_choice")
    explain = f" {choice.explain}" if choice.explain else ""
    return (
        f'<div class="polydocs-quiz-choice">\n<input type="{kind}" name="{name}" id="{choice_id}" '
        f'data-correct="{"true" if choice.correct else "false"}">\n'
        f'<label for="{choice_id}">{choice.text}</label>\n'
        f'<details class="polydocs-quiz-explain"><summary>{escape(lang.text("quiz.explanation"))}</summary>'
        f"<p><strong>{escape(verdict)}</strong>{explain}</p></details>\n</div>"
    )
