"""Dialect constructs turned into Markdown a notebook renders, one construct per test."""

from __future__ import annotations

from pathlib import Path

from polydocs.notebooks.plain_markdown import Item, Verbatim, plain_markdown
from polydocs.snippets.regions import extract_regions
from polydocs.sources import language_of
from polydocs.sources.api_inventory import default_inventory


def _plain(text: str, lang: str = "en") -> list[Item]:
    return plain_markdown(text.split("\n"), language_of(lang), default_inventory())


def test_github_alert_becomes_a_quote_titled_in_the_pages_language() -> None:
    assert _plain("> [!NOTE]\n> Read this.", "pt") == ["> **Nota**", ">", "> Read this."]


def test_unknown_alert_kind_is_left_as_the_quote_it_is() -> None:
    assert _plain("> [!HINT]\n> text") == ["> [!HINT]", "> text"]


def test_tip_block_around_a_python_block_quotes_the_prose_only() -> None:
    page = Path("page.md")
    text = "<Tip>\n\nBefore.\n\n```py\nx = 1\n```\n\nAfter.\n\n</Tip>\n"
    region = extract_regions(page, text)[0]
    items: list[Item] = ["<Tip>", "", "Before.", "", region, "", "After.", "", "</Tip>", ""]
    assert plain_markdown(items, language_of("es"), default_inventory()) == [
        "> **Consejo**",
        ">",
        "> Before.",
        ">",
        region,
        ">",
        "> After.",
        "",
        "",
    ]


def test_tip_block_quotes_other_code_blocks_with_it() -> None:
    items: list[Item] = [
        "<Tip warning={true}>",
        Verbatim(" ```bash"),
        Verbatim(" ls"),
        Verbatim(" ```"),
        "</Tip>",
    ]
    assert plain_markdown(items, language_of("en"), default_inventory()) == [
        "> **Warning**",
        ">",
        ">  ```bash",
        ">  ls",
        ">  ```",
        "",
    ]


def test_api_links_become_links_or_code() -> None:
    assert _plain("[`~transformers.Trainer`], [`Nope`] and [`Trainer`](https://x)") == [
        "[`Trainer`](https://huggingface.co/docs/transformers/main/en/main_classes/trainer"
        "#transformers.Trainer), `Nope` and [`Trainer`](https://x)"
    ]


def test_iframe_over_several_lines_becomes_a_link() -> None:
    text = '<iframe\n  src="https://huggingface.co/embed"\n  title="Results">\n</iframe>'
    assert _plain(text) == ["[Results](https://huggingface.co/embed)"]
    assert _plain('<iframe src="https://huggingface.co/e"></iframe>', "es") == [
        "[Abrir el contenido incrustado en una pestaña nueva](https://huggingface.co/e)"
    ]


def test_directives_heading_ids_and_hfoption_tags_disappear() -> None:
    text = '## Title[[custom]]\n<!-- polydocs: setup\nx = 1\n-->\n<hfoptions id="a">\n<hfoption id="CPU">\n'
    assert _plain(text) == ["## Title", "", "**CPU**", ""]
