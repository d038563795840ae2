"""`shown_source` reads a visible text's inline syntax (links, images, HTML, inline code) from its inline
parse, which it asks for only when the text holds a character one of them is written with (`[`, `<`, a
backtick): most pages' visible text holds none. The skip is no broader than that: each kind is still found."""

from __future__ import annotations

import pytest

from polydocs.dialect.page import parse_page
from polydocs.markup.visible_source import shown_source


def test_a_visible_text_without_inline_syntax_characters_is_not_parsed_inline() -> None:
    visible = "Plain prose, with (parentheses), *stars* and a URL: https://huggingface.co/docs.\n\nMore."
    parse_page.cache_clear()
    assert list(shown_source("", visible)) == []
    assert "tokens_with_inline" not in parse_page(visible)._parse.__dict__


@pytest.mark.parametrize(
    ("visible", "what"),
    [
        ("See [the guide](https://huggingface.co/docs) first.", "a link's `[...](...)`"),
        ("See <https://huggingface.co/docs> first.", "a link's `[...](...)`"),
        ("An image ![logo](logo.png) here.", "an image's `![...](...)`"),
        ("Some <b>bold</b> text.", "an HTML tag"),
        ("Run `pip install` now.", "inline code's backticks"),
    ],
)
def test_each_inline_syntax_is_still_found(visible: str, what: str) -> None:
    assert [shown.what for shown in shown_source("", visible)][:1] == [what]
