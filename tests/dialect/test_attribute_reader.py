"""One attribute reader (`dialect/attributes.py`) for tag lines, component tags, the HTML tokenizer and the
notebooks: the same results as each former reader (`tests/former_readers.py`) on random attributes, and
the bugs where they differed, one test each."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

import former_readers
from polydocs.dialect import ParsedPage
from polydocs.dialect.attributes import read_attributes
from polydocs.dialect.constructs.callouts import tip_kind, tip_layout
from polydocs.dialect.constructs.component_tags import read_component_tag
from polydocs.dialect.constructs.iframes import find_iframes
from polydocs.dialect.tags import parse_attributes, parse_tag_line
from polydocs.markup._html_tokens import Token, _plain_tokens
from polydocs.notebooks.plain_markdown import plain_markdown
from polydocs.sources import language_of
from polydocs.sources.api_inventory import default_inventory

# Attributes of every form, blanks and line ends; then names, values and characters that start no
# attribute, in any order. Left out, each with a test below: shorthands and braces inside expressions,
# `$` in names, `/` in unquoted values.
_TAG_ATTRIBUTES = (
    *(" ", "  ", "\t", "\n", "\u2028", " id", " warning={true}", " warning = {false}", " Id='x'"),
    *(' id="a>b"', " data-x:y.z=bare", ' title=" spaced "', " alt={ a b }", " allowfullscreen"),
)
_TAG_PIECES = (
    *(" ", "  ", "\t", "\n", "\u2028", "=", " = ", "id", "warning", "data-x", "a:b", "_y", "Ab", "9"),
    *('"', "'", '"x y"', "'q'", '="v"', '="a>b"', "='it''s'", "=bare"),
    *(">", "<", "`", "%", "é", "\\"),
)
_COMPONENT_PIECES = (
    *(" ", "\n", "\n\n", "\t", "id", "choices", "x-y", "b:c", "$s", "_u", "9", '"', "'", "`"),
    *("{", "}", "[", "]", '"a > b"', "'q'", "{true}", "{[1, 2]}", '{"}"}', "{`a\nb`}", "{'a\\'b'}"),
    *("=bare", ' id="v"', " x={1}", ">", "/>", "<", "%", "é", "\\"),
)


def _texts(pieces: tuple[str, ...], count: int, seed: int) -> list[str]:
    pick = random.Random(seed)
    return ["".join(pick.choice(pieces) for _ in range(pick.randint(0, 10))) for _ in range(count)]


def test_tag_line_attributes_are_those_the_former_pattern_read() -> None:
    for text in _texts(_TAG_ATTRIBUTES, 10_000, 0) + _texts(_TAG_PIECES, 30_000, 1):
        assert parse_attributes(" " + text) == former_readers.tag_attributes(" " + text), repr(text)


def test_component_tags_are_those_the_former_walker_read() -> None:
    for text in _texts(_COMPONENT_PIECES, 20_000, 2):
        lines = tuple(f"<Question {text}\nrest\n>".split("\n"))
        tag = read_component_tag(lines, 0)
        attributes = {n: (a.value, a.expression, a.line, a.column) for n, a in tag.attributes.items()}
        read = (tag.last, tag.name, attributes, tag.closing, tag.self_closing, tag.ended, tag.after)
        assert read == former_readers.component_tag(lines, 0), repr(text)


def _html_parser_tokens(text: str) -> list[Token]:
    tokens: list[Token] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            tokens.append(Token("start", tag, tuple((n, v or "") for n, v in attrs)))

    Reader(convert_charrefs=True).feed(text)
    return tokens


def test_plain_html_start_tags_read_as_html_parser_and_the_former_pattern_read_them() -> None:
    pieces = (' a="1"', " B='x &amp; y'", " c", ' d = "e>f"', "\n", "\t", " data-x:y.z=''", ' e="&lt;"')
    pick = random.Random(3)
    for _ in range(5_000):
        attributes = "".join(pick.choice(pieces) for _ in range(pick.randint(0, 6)))
        text = f"<span{attributes}>"
        plain = _plain_tokens(text)
        assert plain is not None and plain == _html_parser_tokens(text), repr(text)
        former = tuple((n, v or "") for n, v in former_readers.html_attributes(attributes))
        assert plain[0].attributes == former


def _notebook(text: str) -> list[str]:
    """The page `text` as the notebook's Markdown lines (it has no code block)."""
    return [str(line) for line in plain_markdown(text, [], language_of("en"), default_inventory())]


def _notebook_iframe(attributes: str) -> list[str]:
    return _notebook(f"<iframe{attributes}></iframe>")


def test_an_iframes_source_and_title_in_a_notebook_are_those_the_former_pattern_read() -> None:
    pieces = (" ", "\n", ' src="https://a/b?c=1&amp;d"', " src = https://h/p", " title='t i'", " allow")
    pick = random.Random(4)
    for _ in range(3_000):
        attributes = " " + "".join(pick.choice(pieces) for _ in range(pick.randint(0, 6)))
        former = former_readers.notebook_attributes(attributes)
        source, title = (
            former.get("src", ""),
            former.get("title", "").strip() or language_of("en").text("embed.link"),
        )
        expected = f"[{title}]({source})" if source else ""
        assert "\n".join(_notebook_iframe(attributes)).strip() == expected, repr(attributes)


def test_every_tip_line_the_notebooks_read_is_read_as_the_same_tip() -> None:
    pieces = (" ", "\t", " warning", "={true}", '="true"', "={false}", " x", ">", "/>", "  ")
    for number, written in enumerate(_texts(pieces, 20_000, 5)):
        text = ("<Tip" if number % 2 else "</Tip") + written
        opening, closing = former_readers.TIP_OPEN.match(text), former_readers.TIP_CLOSE.match(text)
        tag = parse_tag_line(text)
        if opening is not None:
            assert tag is not None and tag.name == "Tip" and tag.opening, repr(text)
            assert tip_kind(tag) == ("warning" if opening["warning"] else "tip"), repr(text)
        if closing is not None:
            assert tag is not None and tag.name == "Tip" and tag.closing, repr(text)


# The bugs of the former readers, each fixed by reading as the one reader reads.


def test_an_expression_holding_braces_or_a_string_with_a_brace_is_read_whole_on_a_tag_line() -> None:
    """dialect/tags.py read `{...}` to the first `}`: `{{ width: 1 }}` was `{ width: 1`."""
    assert parse_attributes(' style={{ width: 1 }} alt={"a}b"}') == {"style": "{ width: 1 }", "alt": '"a}b"'}
    assert former_readers.tag_attributes(" style={{ width: 1 }}") == {"style": "{ width: 1"}


def test_an_unquoted_value_keeps_its_slashes_and_a_last_slash_closes_the_tag() -> None:
    """The site read `src=https://host/x` as `https:` (and `//host/x` as more names); HTML reads it whole."""
    assert parse_attributes(" src=https://host/x") == {"src": "https://host/x"}
    assert former_readers.tag_attributes(" src=https://host/x")["src"] == "https:"
    tag = parse_tag_line("<img src=a.png/>")
    assert tag is not None and tag.self_closing and tag.attributes == {"src": "a.png"}
    page = ParsedPage('<iframe src=https://www.youtube.com/embed/x title="A video"></iframe>\n')
    assert [iframe.source for iframe in find_iframes(page)] == ["https://www.youtube.com/embed/x"]


def test_a_shorthand_and_a_dollar_in_a_name_are_read_as_mdx_reads_them() -> None:
    """Tag lines read `{fw}` as the name `fw` without value, and `$x` as `x`; component tags read both."""
    assert parse_attributes(" {fw} $x='1'") == {"fw": "fw", "$x": "1"}
    assert former_readers.tag_attributes(" {fw} $x='1'") == {"fw": "", "x": "1"}


def test_component_tags_read_a_name_after_a_colon_and_a_slash_in_an_unquoted_value() -> None:
    tag = read_component_tag(('<Youtube :id="x" src=https://h/v />',), 0)
    assert tag.ended and tag.self_closing
    assert {name: a.value for name, a in tag.attributes.items()} == {":id": "x", "src": "https://h/v"}
    assert former_readers.component_tag(('<Youtube :id="x" />',), 0)[5] is False  # stopped at the `:`


def test_a_component_tag_never_ended_keeps_a_name_whose_value_is_missing() -> None:
    tag = read_component_tag(("<Question id=", "rest"), 0)
    assert not tag.ended and list(tag.attributes) == ["id"] and tag.last == 1


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("<Tip>", "tip"),
        ("<Tip warning={true}>", "warning"),
        ('<Tip warning="true">', "warning"),
        ("<Tip warning>", "warning"),
        ("<Tip warning={false}>", "tip"),
        ("<Tip  warning = {true} >", "warning"),
    ],
)
def test_a_tip_in_a_notebook_is_the_callout_the_site_shows(line: str, kind: str) -> None:
    """The notebooks read `<Tip>` by a pattern of their own: `<Tip warning>` and `warning={false}` stayed
    raw tags in the notebook (issue 39)."""
    text = f"{line}\n\nBody.\n\n</Tip>"
    [block] = tip_layout(ParsedPage(text)).blocks
    assert block.kind == kind
    title = {"tip": "> **Tip**", "warning": "> **Warning**"}[kind]
    assert _notebook(text)[:3] == [
        title,
        ">",
        "> Body.",
    ]


def test_option_tabs_in_a_notebook_are_labelled_as_the_site_reads_their_tags() -> None:
    """The former pattern took the `id` unstripped, and only quoted and alone in its tag."""
    text = '<hfoptions id="install">\n<hfoption id=" pip " class="x">\n\npip install x\n\n</hfoption>'
    text += "\n</hfoptions>"
    assert _notebook(text) == [*("", "**pip**", "", "pip install x", "", "")]
    assert former_readers.notebook_option_tags(text).split("\n")[1] == '<hfoption id=" pip " class="x">'


def test_reading_says_where_it_ended_and_why() -> None:
    assert read_attributes('<a href="x">b', 2).end == len('<a href="x">')
    assert read_attributes("<a % b>", 2).ending == "stopped"
    assert read_attributes('<a title="never closed', 2).ending == "unclosed"
    assert read_attributes("<Q a={{x}", 2).ending == "unclosed"
    assert read_attributes("<br/>", 3).ending == "/>"
