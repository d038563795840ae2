"""A text and the same text with other line ends at its end (a page as written and as Python-Markdown's
normaliser hands it on, "\\n\\n" added) share one parse where its tokens are each one's own, and only there:
a list, a fence never closed or an HTML comment at the end runs on into the blank lines added."""

from __future__ import annotations

from itertools import permutations

import pytest
from markdown_it import MarkdownIt

from polydocs.dialect import ParsedPage
from polydocs.dialect.page import _blank_component_tags

BODIES = [
    "",
    "Some *text* with [a link](./a.md)",
    "- one\n- two",
    "- one\n-",
    "> a quote\n> - with an item",
    "```py\nx = 1\n```",
    "```py\nnever closed",
    "> ```py\n> closed by the quote's end",
    "<!-- a comment never closed",
    "<!-- a comment -->",
    '<div class="x">\nraw HTML',
    "    indented code",
    "Title\n=====",
    "| a |\n|---|\n| [x](./x) |",
    'See [the guide][guide].\n\n[guide]: ./guide.md "Guide"',
    "1. item\n\n   ```py\n   code",
    "Text\n<Tip>",
    "Text\n ",
]
ENDINGS = ["", "\n", "\n\n", "\n\n\n", "\r\n"]


def _whole_parse(text: str) -> list[dict[str, object]]:
    tokens = MarkdownIt("commonmark").enable("table").parse(_blank_component_tags(text))
    return [token.as_dict() for token in tokens]


@pytest.mark.parametrize("body", BODIES)
def test_a_text_parsed_after_one_with_other_trailing_line_ends_has_the_tokens_of_its_own_parse(
    body: str,
) -> None:
    for first, second in permutations([body + ending for ending in ENDINGS], 2):
        list(ParsedPage(first).inline_tokens())
        page = ParsedPage(second)
        list(page.inline_tokens())
        assert [token.as_dict() for token in page.tokens] == _whole_parse(second), (first, second)


@pytest.mark.parametrize(
    ("body", "shared"),
    [
        ("Some *text*\n\n> and a quote", True),
        ("```py\nx = 1\n```", True),
        ("- a list runs on over blank lines", False),
        ("```py\na fence never closed too", False),
    ],
)
def test_a_page_and_its_text_as_the_build_s_steps_read_it_are_parsed_once_where_their_tokens_agree(
    body: str, shared: bool
) -> None:
    written, normalised = ParsedPage(body + "\n"), ParsedPage(body + "\n\n\n")
    assert (written.tokens is normalised.tokens) is shared
