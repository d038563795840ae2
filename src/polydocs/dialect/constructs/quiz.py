"""`<Question choices={[{text, explain, correct}, ...]} />`: a quiz question, its spec and its check.

The choices are a JavaScript literal (`_js_literal.py`: read as data, never run). `text` and `explain`
hold HTML (`<code>`, `<a href>`), which the site publishes through the same sanitiser as all page HTML.
The question itself is the page's prose before the tag (the course writes it as a heading).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._js_literal import JsValue, LiteralProblem, parse_js_literal
from polydocs.dialect.constructs.component_tags import Attribute, ComponentTag, find_component_tags
from polydocs.dialect.constructs.dropped_tags import CODES as DROPPED_CODES
from polydocs.dialect.constructs.dropped_tags import dropped_tag_finding, dropped_tags
from polydocs.dialect.page import ParsedPage

NAME = "Question"
MALFORMED = "question-malformed"
CODES = code_table(
    DiagnosticCode(MALFORMED, "error", "A `<Question>` whose choices are not a JavaScript literal."),
    *DROPPED_CODES.values(),
)

# A choice's keys, each with what its value must be.
CHOICE_KEYS: dict[str, type] = {"text": str, "explain": str, "correct": bool}
_EXAMPLE = '`<Question choices={[{text: "...", explain: "...", correct: true}, ...]} />`'


@dataclass(frozen=True)
class Choice:
    text: str
    explain: str = ""
    correct: bool = False


@dataclass(frozen=True)
class Question:
    """A question whose tag spans lines `index` through `last`."""

    index: int
    last: int
    choices: tuple[Choice, ...]

    @property
    def multiple(self) -> bool:
        """Several right answers: the reader picks each of them (check boxes, not radio buttons)."""
        return sum(choice.correct for choice in self.choices) > 1


@dataclass(frozen=True)
class QuestionProblem:
    """Why a `<Question>` cannot be shown; `line` is the 0-based page line of the cause."""

    index: int
    last: int
    line: int
    message: str


def read_question(tag: ComponentTag) -> Question | QuestionProblem:
    """The question a `<Question>` tag writes, or what is wrong with it."""
    attribute = tag.attributes.get("choices")
    if not tag.ended:
        return QuestionProblem(tag.index, tag.last, tag.index, "the `<Question` tag is never ended with `/>`")
    if attribute is None or not attribute.expression:
        return QuestionProblem(tag.index, tag.last, tag.index, "it has no `choices={[...]}`")
    try:
        value = parse_js_literal(attribute.value)
    except LiteralProblem as problem:
        line = _line_of(attribute, problem.offset)
        return QuestionProblem(tag.index, tag.last, line, f"its choices are not a literal: {problem.message}")
    return _question(tag, attribute, value)


def find_questions(page: ParsedPage) -> Iterator[Question | QuestionProblem]:
    for tag in find_component_tags(page):
        if tag.name == NAME and not tag.closing:
            yield read_question(tag)


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of every `<Question>` tag."""
    for question in find_questions(page):
        yield from range(question.index, question.last + 1)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for question in find_questions(page):
        if isinstance(question, QuestionProblem):
            yield Finding(
                question.line,
                MALFORMED,
                f"`<Question>` cannot be shown: {question.message}; readers see a placeholder",
                f"write it as {_EXAMPLE}",
            )
        else:
            yield from _dropped_tags(page, question)


def _dropped_tags(page: ParsedPage, question: Question) -> Iterator[Finding]:
    """Text in angle brackets in a choice (`text: "<mask>"`), which the quiz writes as HTML; each at the
    line of its occurrence in the tag (the n-th finding of a tag at its n-th occurrence, choices and their
    keys being written in order)."""
    seen: dict[str, int] = {}
    for number, choice in enumerate(question.choices, start=1):
        for key, html in (("text", choice.text), ("explanation", choice.explain)):
            for tag in dropped_tags(html):
                where = f"the {key} of choice {number} of this `<Question>`"
                seen[tag] = seen.get(tag, 0) + 1
                yield dropped_tag_finding(_occurrence_line(page, question, tag, seen[tag]), tag, where)


def _occurrence_line(page: ParsedPage, question: Question, text: str, nth: int) -> int:
    """The line of the `nth` occurrence of `text` in the question's tag, else the tag's first line."""
    lines = (
        index
        for index in range(question.index, question.last + 1)
        for _ in range(page.lines[index].count(text))
    )
    return next((index for count, index in enumerate(lines, start=1) if count == nth), question.index)


def _question(tag: ComponentTag, attribute: Attribute, value: JsValue) -> Question | QuestionProblem:
    if not isinstance(value, list) or not value:
        return QuestionProblem(tag.index, tag.last, attribute.line, "`choices` is not a list of choices")
    choices = []
    for number, item in enumerate(value, start=1):
        problem = _choice_problem(item)
        if problem:
            return QuestionProblem(tag.index, tag.last, attribute.line, f"choice {number} {problem}")
        assert isinstance(item, dict)
        choices.append(Choice(str(item["text"]), str(item.get("explain", "")), item.get("correct") is True))
    return Question(tag.index, tag.last, tuple(choices))


def _choice_problem(item: JsValue) -> str:
    if not isinstance(item, dict):
        return "is not an object `{text: ..., explain: ...}`"
    unknown = sorted(set(item) - set(CHOICE_KEYS))
    if unknown:
        return f"has unknown key(s) {', '.join(map(repr, unknown))} (keys: text, explain, correct)"
    if "text" not in item:
        return "has no `text`"
    wrong = [key for key, kind in CHOICE_KEYS.items() if key in item and not isinstance(item[key], kind)]
    return f"has `{wrong[0]}` of the wrong kind (expected {CHOICE_KEYS[wrong[0]].__name__})" if wrong else ""


def _line_of(attribute: Attribute, offset: int) -> int:
    return attribute.line + attribute.value[:offset].count("\n")
