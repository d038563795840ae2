"""One fence reader (`dialect/fence_lines.py`) for every reader that meets fence lines beside the parse:
CommonMark's answer on random lines, the former readers' (`tests/former_readers.py`) but for their listed
bugs, which have tests of their own."""

from __future__ import annotations

import random

from markdown_it import MarkdownIt

import former_readers
from polydocs.dialect import ParsedPage
from polydocs.dialect.fence_lines import closes_fence, fence_opening
from polydocs.dialect.page import _closes
from polydocs.site.warm_start import _LANGUAGE

_PIECES = ("`", "```", "````", "~", "~~~", "~~~~", " ", "   ", "\t", "py", "python", "{.py}", "x`", "~x", ">")


def _lines(count: int, seed: int) -> list[str]:
    pick = random.Random(seed)
    return ["".join(pick.choice(_PIECES) for _ in range(pick.randint(1, 5))) for _ in range(count)]


def _commonmark_fence(text: str) -> tuple[int, int] | None:
    """The lines (start, end) of the first block markdown-it reads in `text`, when it is a fence."""
    tokens = MarkdownIt("commonmark").parse(text)
    if not tokens or tokens[0].type != "fence" or tokens[0].map is None:
        return None
    start, end = tokens[0].map
    return start, end


def test_an_opening_fence_is_one_for_commonmark_and_for_the_former_pre_scan() -> None:
    for line in _lines(5_000, 1):
        opening = fence_opening(line)
        assert (opening is not None) == (_commonmark_fence(line) is not None), repr(line)
        assert (opening is not None) == (former_readers.fence_line_kinds([line]) == ["open"]), repr(line)


def test_a_closing_fence_is_one_for_commonmark() -> None:
    pick = random.Random(2)
    for line in _lines(5_000, 3):
        marker = pick.choice(("```", "````", "~~~", "~~~~"))
        closed_here = _commonmark_fence(f"{marker}\n{line}\nafter\n") == (0, 2)
        assert closes_fence(line, marker) == closed_here, (marker, line)


def test_a_closing_fence_is_one_for_the_former_pre_scan_unless_text_follows_its_run() -> None:
    pick = random.Random(4)
    for line in _lines(10_000, 5):
        marker = pick.choice(("```", "````", "~~~", "~~~~"))
        former = former_readers.fence_line_kinds([marker, line])[1] == "close"
        if _text_after_run(line):  # the listed bug below: "```py" closed a fence
            assert not closes_fence(line, marker) or former
        else:
            assert closes_fence(line, marker) == former, (marker, line)


def _text_after_run(line: str) -> str:
    written = line.lstrip(" ")
    return written.lstrip(written[:1]).strip(" \t") if written[:1] in ("`", "~") else written


def test_the_closing_line_of_a_parsed_fence_in_a_container_is_read_as_before() -> None:
    pick = random.Random(6)
    for line in _lines(20_000, 7):
        marker = pick.choice(("```", "~~~~"))
        assert _closes(line, marker) == former_readers.closes(line, marker), (marker, line)


def test_the_warm_starts_languages_are_those_the_former_pattern_found_but_in_no_fence() -> None:
    pick = random.Random(8)
    for _ in range(5_000):
        text = "\n".join(
            pick.choice(("```py", "~~~ bash", "``` {.python}", " ```js x", "```a`b", "text"))
            for _ in range(4)
        )
        languages = set()
        for line in text.split("\n"):
            opening = fence_opening(line.lstrip(" \t"))
            if opening is not None and (language := _LANGUAGE.match(opening.info)) is not None:
                languages.add(language[1].lower())
        assert languages == former_readers.fence_languages(text) - {"a"}  # ```a`b is inline code


def test_a_line_that_does_not_close_a_fence_keeps_the_tag_below_it_in_the_code() -> None:
    """The parse's pre-scan closed a fence at any line starting with its run (```` ```py ````), so the tag
    line after it was blanked as a component tag outside code: the block's code lost it."""
    text = "```\n```py\n<Tip>\n```\n"
    [fence] = ParsedPage(text).fences
    assert fence.content == "```py\n<Tip>\n" and fence.end == 3
    assert former_readers.fence_line_kinds(text.split("\n"))[1] == "close"
