"""API links: one grammar and one resolution for the site's rendering and the construct's check."""

from __future__ import annotations

import pytest

from polydocs.dialect import PageFacts, parse_page
from polydocs.dialect.constructs import api_links
from polydocs.markup import ApiInventory, MarkupContext
from polydocs.markup.api_links import render_api_links
from polydocs.sources import language_of

INVENTORY = ApiInventory("https://example.com/{page}#{anchor}", {"Trainer": "trainer", "Gone": "old"})


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("[`Trainer`]", "Trainer"),
        ("[`~transformers.Trainer.train`]", "train"),
        ("[`~Trainer.train()`]", "train()"),
    ],
)
def test_the_reader_sees_the_name_as_written_or_its_last_part(written: str, shown: str) -> None:
    (link,) = api_links.api_link_matches(written)
    assert api_links.shown_name(link) == shown


def test_links_and_references_whose_text_is_code_are_no_api_links() -> None:
    assert not list(
        api_links.api_link_matches("[`Trainer`](https://x) [`Trainer`][ref] [`Trainer`]: https://x")
    )


def test_the_check_reports_unresolved_and_missing_names_at_their_lines() -> None:
    page = parse_page("[`Trainer`] and [`Nowhere`]\n\n```py\n[`Nowhere`]\n```\n\n[`Gone`]\n")
    findings = list(api_links.check(page, PageFacts(api=INVENTORY)))
    assert [(f.index, f.code) for f in findings] == [(0, "api-link-unresolved"), (6, "api-link-missing")]


def test_the_renderer_links_what_the_check_accepts_and_never_warns() -> None:
    context = MarkupContext("docs_src/en/index.md", language_of("en"), api=INVENTORY)
    rendered = render_api_links(["[`Trainer`] [`Nowhere`] [`Gone()`]"], context)
    assert rendered == ["[`Trainer`](https://example.com/trainer#transformers.Trainer) `Nowhere` `Gone()`"]
    assert context.warnings == []
