"""`autodoc_in_text`: the directives of a page's text, found by the one parse, and no parse of a text that
cannot hold one (every page of a tree is asked, by the build and by lint)."""

from __future__ import annotations

from polydocs.dialect.constructs.autodoc import autodoc_in_text
from polydocs.dialect.page import parse_page

PAGE = "# API\n\n[[autodoc]] Trainer\n    - train\n\n```py\n[[autodoc]] NotADirective\n```\n"


def test_the_directives_are_those_the_parse_finds_outside_code() -> None:
    found = list(autodoc_in_text(PAGE))
    assert [(a.index, a.name, a.members) for a in found] == [(2, "Trainer", ("train",))]


def test_a_text_without_the_directive_is_not_parsed() -> None:
    parse_page.cache_clear()
    assert list(autodoc_in_text("# Guide\n\nSee [`Trainer`] and [[open-in-colab]].\n")) == []
    assert parse_page.cache_info().misses == 0
    assert list(autodoc_in_text(PAGE)) and parse_page.cache_info().misses == 1
