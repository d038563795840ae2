"""`find_iframes`, `find_autodoc` and autodoc's check walk a page's lines only when its text holds what
each of their constructs holds as written (`<iframe`, `[[autodoc]]`): a page without it is not parsed for
them (`polydocs init` asks every page of a tree for its embeds before lint parses it). The skip is no
broader than that: the constructs are still found wherever the parse finds them."""

from __future__ import annotations

from polydocs.dialect import PageFacts
from polydocs.dialect.constructs import autodoc
from polydocs.dialect.constructs.iframes import find_iframes
from polydocs.dialect.page import ParsedPage
from polydocs.sources.api_inventory import ApiInventory

PROSE = "# Guide\n\nText about frames and <b>autodoc</b>, [[open-in-colab]].\n\n```py\nx = 1\n```\n"


def _unparsed(page: ParsedPage) -> bool:
    return "_state" not in page.__dict__


def test_a_page_without_an_iframe_is_not_parsed_for_one() -> None:
    page = ParsedPage(PROSE)
    assert find_iframes(page) == [] and _unparsed(page)


def test_iframes_are_found_in_any_case_and_container_the_parse_reads() -> None:
    text = (
        '<IFRAME src="https://huggingface.co/a" title="a"></IFRAME>\n\n'
        '- item\n\n  <iframe src="https://huggingface.co/b" title="b"></iframe>\n\n'
        '> <Iframe src="https://huggingface.co/c" title="c"></Iframe>\n\n'
        '```html\n<iframe src="https://huggingface.co/code"></iframe>\n```\n'
    )
    assert [iframe.index for iframe in find_iframes(ParsedPage(text))] == [0, 4, 6]


def test_a_page_without_the_directive_is_not_parsed_for_one() -> None:
    page = ParsedPage(PROSE)
    facts = PageFacts(api=ApiInventory("https://example.invalid/{name}"))
    assert list(autodoc.find_autodoc(page)) == [] and list(autodoc.check(page, facts)) == []
    assert _unparsed(page)


def test_directives_and_lines_starting_as_one_are_still_found() -> None:
    text = "# API\n\n[[autodoc]] Trainer\n    - train\n\n[[autodoc]]\n\n```\n[[autodoc]] Code\n```\n"
    page = ParsedPage(text)
    assert [(a.index, a.name, a.members) for a in autodoc.find_autodoc(page)] == [(2, "Trainer", ("train",))]
    assert [finding.index for finding in autodoc.check(page, PageFacts())] == [5]
