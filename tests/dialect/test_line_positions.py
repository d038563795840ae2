"""Every position the page's one parse reports is a line as editors number them (ends: `\\n`, `\\r\\n`,
`\\r`), holding what the parse says it holds, whatever other Unicode line separators (U+2028, U+0085,
vertical tab, form feed, U+001C-U+001E) the lines hold next to tags, fences and headings.

A property test over seeded random pages (no extra dependency): the seed is in the test's id, so a failure
is reproduced by running that one case.
"""

from __future__ import annotations

import random

import pytest

from polydocs.dialect import parse_page
from polydocs.dialect.tags import parse_tag_line

SEPARATORS = ("\u2028", "\u2029", "\u0085", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e")
LINE_ENDS = ("\n", "\r\n", "\r")
TAGS = (
    "<Tip>",
    "</Tip>",
    "<Tip warning={true}>",
    '<hfoptions id="install">',
    '<hfoption id="pip">',
    "</hfoption>",
    "</hfoptions>",
    "<frameworkcontent>",
    "<pt>",
    "</pt>",
    "<div>",
    "</div>",
    "<details>",
    "</details>",
)
PROSE = ("Some text with `code`.", "## A heading", "- an item", "> a quote", "| a | b |", "|---|---|", "")
PAGES = 400


def _page(seed: int) -> list[str]:
    """A page's lines: tags, fences, headings and prose, with separators inside lines, after tags most."""
    chance = random.Random(seed)
    lines: list[str] = []
    while len(lines) < chance.randint(5, 40):
        roll = chance.random()
        if roll < 0.3:
            line = chance.choice(TAGS)
        elif roll < 0.4:
            body = [f"x = {chance.randint(0, 9)}" for _ in range(chance.randint(0, 3))]
            lines += ["```py", *body, "```"]
            continue
        elif roll < 0.45:
            line = "<!-- a comment -->"
        else:
            line = chance.choice(PROSE)
        if chance.random() < 0.5:
            separator = chance.choice(SEPARATORS)
            cut = (
                len(line) if line.startswith("<") and chance.random() < 0.7 else chance.randint(0, len(line))
            )
            line = line[:cut] + separator + line[cut:]
        lines.append(line)
    return lines


def _text(lines: list[str], seed: int) -> str:
    """The lines joined by random line ends; a lone `\r` never before an empty line (that is `\r\n`)."""
    chance = random.Random(-seed)
    ends = [chance.choice(LINE_ENDS) for _ in lines]
    for index in range(len(lines) - 1):
        if ends[index] == "\r" and lines[index + 1] == "":
            ends[index] = "\r\n"
    return "".join(line + end for line, end in zip(lines, ends, strict=True))


@pytest.mark.parametrize("seed", range(PAGES), ids=lambda seed: f"seed{seed}")
def test_every_reported_line_exists_and_holds_what_the_parse_says(seed: int) -> None:
    lines = _page(seed)
    page = parse_page(_text(lines, seed))
    assert page.lines == tuple(lines)
    count = len(lines)
    for token in page.tokens:
        if token.map:
            assert 0 <= token.map[0] <= token.map[1] <= count, (token.type, token.map)
        if token.type == "heading_open" and token.map:
            assert lines[token.map[0]].lstrip(" >").startswith("#"), (token.map, lines[token.map[0]])
    for index, tag in page.tag_lines:
        assert parse_tag_line(lines[index]) == tag
    for fence in page.fences:
        assert lines[fence.index].lstrip(" >").startswith(fence.marker), (fence, lines[fence.index])
        assert fence.index <= fence.last < count
        if fence.end is not None:
            assert set(lines[fence.end].strip().lstrip(">").strip()) == {fence.marker[0]}
    for comment in page.comments:
        assert "<!--" in lines[comment.index] and comment.last < count


def test_a_separator_after_a_tag_moves_no_later_line() -> None:
    """The reported case: U+2028 after `<Tip>` split the tag's line in two for the tag reader only, so every
    position after it was one line late."""
    page = parse_page("<Tip>\u2028\n\n```py\nx = 1\n```\n\n## Title\n</Tip>\n")
    (fence,) = page.fences
    assert (fence.index, fence.end) == (2, 4)
    assert [token.map[0] for token in page.tokens if token.type == "heading_open" and token.map] == [6]
