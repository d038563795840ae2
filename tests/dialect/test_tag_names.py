"""One rule for what a tag's name makes it (`dialect/tag_names.py`), asked the same way by the page's parse,
the HTML blocks' reader, the prose tags and the dropped ones."""

from __future__ import annotations

import pytest

from polydocs.dialect import PageFacts, parse_page
from polydocs.dialect.constructs import dropped_tags
from polydocs.dialect.constructs.literal_include import find_includes
from polydocs.dialect.constructs.prose_tags import find_prose_tags
from polydocs.dialect.constructs.tabs import TAB_GROUPS
from polydocs.dialect.html_blocks import html_blocks_across
from polydocs.dialect.tag_names import (
    DIALECT_TAGS,
    alone_as_text,
    claimed_by_dialect,
    dropped_from_html,
    is_component_name,
    shown_as_text,
)


def test_the_dialect_tags_are_those_its_constructs_read() -> None:
    tabs = {name.lower() for spec in TAB_GROUPS for name in (spec.group.name, *spec.tab_names)}
    assert DIALECT_TAGS == tabs | {"literalinclude"}
    assert find_includes(parse_page('<literalinclude>\n{"path": "a.py"}\n</literalinclude>\n'))


@pytest.mark.parametrize(
    ("name", "component"),
    [
        *(("Tip", True), ("HfOptions", True), ("Tipp", True), ("Gallery", True), ("UNK", False)),
        *(("EOS", False), ("repo_id", False), ("add_code_sample", False), ("mask", False), ("div", False)),
    ],
)
def test_a_component_name_is_written_pascal_case(name: str, component: bool) -> None:
    assert is_component_name(name) is component


@pytest.mark.parametrize(
    ("tag", "in_markdown", "alone", "in_html"),
    [
        ("<UNK>", True, True, True),
        ("</mask>", True, True, True),
        ("<repo_id>", True, True, True),
        ("<Layer Class>", True, False, True),  # a component's name where it starts a line
        ("<Tipp>", True, False, True),
        ("<hfoption id='a'>", True, False, False),  # the tabs' own
        ("<Tip>", False, False, False),
        ("<kbd>", False, False, False),
        ("<DIV>", True, True, False),  # doc-builder matches html-tags by case; a browser does not
        ("<center>", True, True, False),  # no element of html-tags, one a browser still renders
    ],
)
def test_one_rule_says_where_a_tag_is_text_and_where_it_is_dropped(
    tag: str, in_markdown: bool, alone: bool, in_html: bool
) -> None:
    assert (shown_as_text(tag), alone_as_text(tag), dropped_from_html(tag)) == (in_markdown, alone, in_html)


@pytest.mark.parametrize("tag", ["<foo>", "<repo_id>", "<UNK>", "<img src='a.png'/>", "</a>"])
def test_a_tag_alone_in_an_html_block_is_the_blocks_for_the_parse_and_the_html_blocks(tag: str) -> None:
    # Two readers of "a lone tag line is HTML here", one rule: the parse kept only an element's name
    # (`<foo>` ended the block there), the HTML blocks' reader anything no dialect tag or component name.
    page = parse_page(f"<div>\n{tag}\n<span>\n\nMarkdown\n\n</span>\n</div>\n")
    assert next(token.map for token in page.tokens if token.type == "html_block") == [0, 3]
    assert [(block.index, block.last) for block in html_blocks_across(page)] == [(0, 2), (7, 7)]
    assert not claimed_by_dialect(tag.strip("</>").split()[0])


@pytest.mark.parametrize("tag", ['<hfoption id="a">', "<pt>", "<Tip>", "<Gallery>"])
def test_a_tag_the_dialect_reads_ends_the_html_block_for_both(tag: str) -> None:
    page = parse_page(f"<div>\n{tag}\n<span>\n\nMarkdown\n\n</span>\n</div>\n")
    assert next(token.map for token in page.tokens if token.type == "html_block") == [0, 1]


def test_text_in_angle_brackets_is_text_in_markdown_and_dropped_in_html() -> None:
    page = parse_page(
        "<repo_id>\n\n<UNK>\n\n- <mask>\n\n> <UNK>\n\n<div>\nPass <repo_id> and <b>bold</b>.\n<foo>\n</div>\n"
    )
    assert [(tag.index, tag.text, tag.alone) for tag in find_prose_tags(page)] == [
        (0, "<repo_id>", False),  # no tag to CommonMark: a paragraph's text
        (2, "<UNK>", True),
        (4, "<mask>", False),
        (6, "<UNK>", False),
    ]
    findings = dropped_tags.check(page, PageFacts())
    assert [(finding.index, finding.message[:11]) for finding in findings] == [
        (9, "`<repo_id>`"),
        (10, "`<foo>` in "),
    ]
