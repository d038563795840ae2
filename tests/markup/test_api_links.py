"""API links: one grammar and one resolution for the site's rendering and the construct's check."""

from __future__ import annotations

import pytest

from polydocs.dialect import PageFacts, parse_page
from polydocs.dialect.constructs import api_links
from polydocs.markup import MarkupContext
from polydocs.markup.api_links import render_api_links
from polydocs.sources import language_of
from polydocs.sources.api_inventory import ApiInventory

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
    assert not list(api_links.api_link_matches("[`Trainer`](https://x) [`Trainer`][ref]"))
    for definition in ("[`Trainer`]: https://x", "   [`Trainer`]: https://x"):
        assert not list(api_links.api_link_matches(definition))


def test_a_link_ending_a_sentence_with_a_colon_is_an_api_link_as_doc_builder_reads_it() -> None:
    # peft's deepspeed.md: "… to create a [`PeftModel`]:" before a code block; doc-builder links it.
    line = "The [`get_peft_model`] function creates a [`PeftModel`]:"
    assert [link["name"] for link in api_links.api_link_matches(line)] == ["get_peft_model", "PeftModel"]


def test_the_check_reports_unresolved_and_missing_names_at_their_lines() -> None:
    page = parse_page("[`Trainer`] and [`Nowhere`]\n\n```py\n[`Nowhere`]\n```\n\n[`Gone`]\n")
    findings = list(api_links.check(page, PageFacts(api=INVENTORY)))
    assert [(f.index, f.code) for f in findings] == [(0, "api-link-unresolved"), (6, "api-link-missing")]


def test_the_renderer_links_what_the_check_accepts_and_never_warns() -> None:
    context = MarkupContext("docs_src/en/index.md", language_of("en"), api=INVENTORY)
    rendered = render_api_links(["[`Trainer`] [`Nowhere`] [`Gone()`]"], context)
    assert rendered == ["[`Trainer`](https://example.com/trainer#transformers.Trainer) `Nowhere` `Gone()`"]
    assert context.warnings == []


def test_a_tree_of_another_library_links_to_its_own_autodoc_pages(tmp_path) -> None:
    """No `api_reference:` and not Transformers: the tree's `[[autodoc]]` pages are the reference, linked
    from each page relative to it, at the anchor the reference page documents the object under."""
    from polydocs.dialect import load_source_tree
    from polydocs.dialect.site_inventory import site_inventory

    files = {
        "_toctree.yml": "- local: index\n  title: Home\n- local: api/decoding\n  title: Decoding\n",
        "index.md": "# Home\n",
        "api/decoding.md": "# Decoding\n\n[[autodoc]] decoder.JSONDecoder\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    tree = load_source_tree(tmp_path, "json")
    api = site_inventory(tree.project, tree)
    context = MarkupContext(
        str(tmp_path / "guide" / "use.md"), language_of("en"), page_local="guide/use", api=api
    )
    rendered = render_api_links(
        ["[`JSONDecoder`], [`~JSONDecoder.decode`] and [`transformers.Trainer`]"], context
    )
    assert rendered == [
        "[`JSONDecoder`](../api/decoding.md#json.decoder.JSONDecoder), "
        "[`decode`](../api/decoding.md#json.decoder.JSONDecoder.decode) and "
        "[`transformers.Trainer`](https://huggingface.co/docs/transformers/main/en/main_classes/trainer"
        "#transformers.Trainer)"
    ]
    page = parse_page("[`JSONDecoder`] [`NoSuchThing`]\n")
    findings = list(api_links.check(page, PageFacts(api=api)))
    assert [(f.index, f.code) for f in findings] == [(0, "api-link-unresolved")]
