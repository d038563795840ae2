"""The component constructs: JavaScript literals read as data, multi-line tags, and their checks.

The build and `polydocs lint` report each problem at the same line with the same code (the last test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.dialect import PageFacts, page_findings, parse_page
from polydocs.dialect.constructs._js_literal import LiteralProblem, parse_js_literal
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.constructs.framework_switch import SwitchBlock, find_switch_blocks
from polydocs.dialect.constructs.notebooks import find_notebook_links
from polydocs.dialect.constructs.quiz import Question, find_questions
from test_dialect_parity import _build_locations, _lint_locations


def _findings(text: str) -> list[tuple[int, str]]:
    return [(f.index, f.code) for f in page_findings(parse_page(text), PageFacts())]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('[{text: "a \\"b\\"", correct: true,},]', [{"text": 'a "b"', "correct": True}]),
        (
            "{'quoted key': 'it\\'s', n: -1.5e2, none: null}",
            {"quoted key": "it's", "n": -150.0, "none": None},
        ),
        ('"\\u00e9\\x41\\n"', "\u00e9A\n"),
        ("[ // a comment\n 1, 2 ]", [1.0, 2.0]),
    ],
)
def test_a_literal_reads_as_the_value_javascript_gives_it(text: str, value: object) -> None:
    assert parse_js_literal(text) == value


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("[1, answer]", 4, "`answer` is not a literal"),
        ("[fetch('x')]", 1, "`fetch` is not a literal"),
        ('{text: "open', 7, "never closed"),
        ("[1 2]", 3, "expected ']'"),
        ("[1] + 1", 4, "unexpected text"),
        ("[`template`]", 1, "is not a literal"),
    ],
)
def test_anything_but_a_literal_is_refused_where_it_starts(text: str, offset: int, message: str) -> None:
    with pytest.raises(LiteralProblem) as raised:
        parse_js_literal(text)
    assert raised.value.offset == offset
    assert message in raised.value.message


def test_a_component_tag_spans_lines_and_braces_hold_quotes_and_braces() -> None:
    page = parse_page(
        "<Question\n\tchoices={[{text: \"a } b\", x: '{'}]}\n/>\n\n<FrameworkSwitchCourse {fw} />\n"
    )
    first, second = find_component_tags(page)
    assert (first.name, first.index, first.last, first.self_closing) == ("Question", 0, 2, True)
    assert first.attributes["choices"].value == "[{text: \"a } b\", x: '{'}]"
    assert (first.attributes["choices"].line, first.attributes["choices"].column) == (1, 10)
    assert (second.name, second.index, list(second.attributes)) == ("FrameworkSwitchCourse", 4, ["fw"])


def test_tags_in_code_or_comments_and_html_elements_are_no_components() -> None:
    page = parse_page("```\n<Question choices={[]} />\n```\n\n<div>x</div>\n\n<!-- <Youtube id='x'/> -->\n")
    assert list(find_component_tags(page)) == []


def test_a_question_knows_its_choices_and_whether_several_are_right() -> None:
    (question,) = find_questions(
        parse_page('<Question choices={[{text: "a", correct: true}, {text: "b"}]} />')
    )
    assert isinstance(question, Question)
    assert [c.text for c in question.choices] == ["a", "b"]
    assert not question.multiple


def test_a_questions_problem_is_found_on_the_line_of_its_cause() -> None:
    text = '<Question\n\tchoices={[\n\t\t{text: "a"},\n\t\t{text: answer},\n\t]}\n/>\n'
    assert _findings(text) == [(3, "question-malformed")]


def test_only_https_notebooks_are_kept_and_a_banner_without_any_is_no_problem() -> None:
    text = (
        '<CourseFloatingBanner chapter={1} classNames="x" />\n\n'
        '<DocNotebookDropdown options={[\n{label: "Colab", value: "https://colab.research.google.com/x"},\n'
        '{label: "Old", value: "http://example.com/y"},\n]} />\n'
    )
    empty, dropdown = find_notebook_links(parse_page(text))
    assert empty.links == () and empty.findings == ()
    assert [link.service for link in dropdown.links] == ["colab"]
    assert _findings(text) == [(4, "notebook-link")]


def test_framework_blocks_pair_their_markers_and_unbalanced_ones_are_found() -> None:
    text = "{#if fw === 'pt'}\n\na\n\n{:else}\n\nb\n\n{/if}\n\n{:else}\n\n{#if fw === 'jax'}\n"
    blocks = list(find_switch_blocks(parse_page(text)))
    assert blocks[0] == SwitchBlock(0, 4, 8, "pt")
    assert _findings(text) == [
        (10, "framework-switch-unbalanced"),
        (12, "framework-switch-unbalanced"),
        (12, "framework-switch-unknown"),
    ]


def test_an_unknown_component_is_found_once_not_at_its_closing_tag() -> None:
    assert _findings("<Gallery>\n\ntext\n\n</Gallery>\n\n<Tip>\n\nx\n\n</Tip>\n") == [
        (0, "component-unknown")
    ]


COMPONENT_PROBLEMS = {
    "en/_toctree.yml": """
        - title: Course
          sections:
          - local: index
            title: Home
        """,
    "en/index.md": """
        # Quiz

        <Question
        \tchoices={[
        \t\t{text: "a", correct: yes},
        \t]}
        />

        <CourseFloatingBanner notebooks={[{label: "x", value: "http://example.com/n.ipynb"}]} />

        {#if fw === 'pt'}

        PyTorch.

        {/if}
        {/if}

        <Added version="1">

        Never closed.

        <Gallery />
        """,
}


def test_build_and_lint_report_component_problems_alike(write_tree, tmp_path: Path) -> None:
    source = write_tree(COMPONENT_PROBLEMS)
    built = _build_locations(source, tmp_path / "site")
    linted = _lint_locations(source, source)
    assert built == linted
    assert {(line, code) for _, line, code in linted} >= {
        (5, "question-malformed"),
        (9, "notebook-link"),
        (16, "framework-switch-unbalanced"),
        (18, "component-unclosed"),
        (22, "component-unknown"),
    }
