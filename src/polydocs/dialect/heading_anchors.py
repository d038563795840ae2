"""`## Title [[anchor]]`: doc-builder's explicit heading id, read by one rule wherever it is read.

doc-builder takes what stands between `[[` and `]]` at a heading's end as the heading's id, as written
(its mdsvex preprocessor); the course's Chinese pages write whole titles there, spaces and full-width
question marks included.
The site gives the heading that id with each run of white space made a hyphen (an HTML id holds none,
nor can attr_list's `{ #id }`) and shows the title without it (`markup/mdx_components.py`); lint's
anchor check reads it from that rendering (`lint/rendering.py`, `markup/page_anchors.py`), and the
notebook (`notebooks/plain_markdown.py`) and the site's name, taken from a title (`site/mkdocs_config.py`),
show the heading as `heading_without_anchor` gives it. `tests/markup/test_heading_anchors_agree.py` holds
the places to one answer. A heading without `[[anchor]]` gets doc-builder's id of its title
(`doc_builder_heading_id` of `doc_builder_title`, its inline parts joined, which `markup/heading_ids.py`
reads), accents and every script's letters kept, so that a link or bookmark written for huggingface.co
lands here too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

# A heading's marks, and an anchor with text after it on the line (no anchor to doc-builder either, shown
# as written). The anchor at a line's end is found from the end, not by a pattern: `.*?[ ]*\[\[` tried
# every split of a run of blanks (a heading of 8,000 spaces took more than 5 s). A heading may stand in a
# `>` quote (an alert); the quote marks are read possessively (each blank could be the `>`'s or the next
# one's: trying both took exponential time) and from the line's start only (`^`: searched from every
# position, a run of `>` was read again at each).
_HEADING_START = re.compile(r"^(?:[ ]{0,3}>[ ]?)*+#{1,6}[ ]+")
_FOLLOWED_ANCHOR = re.compile(r"\[\[[^\[\]\n]+\]\][ ]*+\S")
_NOT_IN_ID = re.compile(r"[\s{}]+")
# JavaScript's `\s` (and what its `trim()` removes): doc-builder's rule is JavaScript's regular expressions.
_JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_JS_WHITESPACE_RUN = re.compile(f"[{_JS_WHITESPACE}]+")


@dataclass(frozen=True)
class HeadingAnchor:
    """A heading line's parts: the heading as the reader sees it (`## Title`) and the id it asks for."""

    heading: str
    id: str


def heading_anchor(line: str) -> HeadingAnchor | None:
    """The heading and its id, where the line is a heading ending in `[[anchor]]` (then blanks)."""
    marks = _HEADING_START.match(line)
    end = line.rstrip(" ")
    if marks is None or not end.endswith("]]"):
        return None
    start = end.rfind("[[", marks.end(), len(end) - 2)
    anchor = end[start + 2 : -2]
    if start < 0 or not anchor or any(bracket in anchor for bracket in "[]\n"):
        return None
    anchor_id = _NOT_IN_ID.sub("-", anchor.strip()).strip("-")
    # The heading without the blanks before `[[`, but never without those after its marks.
    heading = line[:start].rstrip(" ")
    return HeadingAnchor(max(heading, line[: marks.end()], key=len), anchor_id) if anchor_id else None


def has_misplaced_anchor(line: str) -> bool:
    """Whether a heading line holds an `[[anchor]]` that text follows (two lines joined into one)."""
    marks = _HEADING_START.match(line)
    return (
        marks is not None
        and _FOLLOWED_ANCHOR.search(line, marks.end()) is not None
        and heading_anchor(line) is None
    )


def heading_without_anchor(line: str) -> str:
    """The line as a reader sees it: a heading without its `[[anchor]]`, any other line as written."""
    anchored = heading_anchor(line)
    return anchored.heading if anchored else line


def doc_builder_title(parts: Iterable[str]) -> str:
    """The title doc-builder makes a heading's id from: the heading's inline parts (each text, code span,
    inline HTML tag, entity; `markup/heading_ids.py` reads them) joined with a space (`getTitleText` of
    its kit's mdsvex preprocessor, which trims each first: `doc_builder_heading_id` makes any run of
    white space one hyphen). `¿Qué es un *pipeline*?` is `¿Qué es un pipeline ?`."""
    return " ".join(parts)


def doc_builder_heading_id(title: str, separator: str = "-") -> str:
    """The id doc-builder gives a heading without `[[anchor]]` (its kit's mdsvex preprocessor,
    `kit/preprocessors/mdsvex/index.js`): the title trimmed and lower-cased, each run of white space a
    hyphen, then every character but a letter, a number (`\\p{L}`, `\\p{N}`) or a hyphen dropped:
    `Próximos pasos` -> `próximos-pasos`, `A & B` -> `a--b`, `foo_bar` -> `foobar`. Doc-builder gives
    two equal headings one id; `toc` (which calls this as its `slugify`, `separator` its own `-`) adds
    `_1` to the second, so a link still lands on the first, as on huggingface.co."""
    hyphenated = _JS_WHITESPACE_RUN.sub(" ", title).strip(" ").lower().replace(" ", "-")
    return "".join(
        character
        for character in hyphenated
        if character == "-" or unicodedata.category(character)[0] in "LN"
    )
