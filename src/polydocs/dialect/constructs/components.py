"""Doc-builder leftovers: `<Youtube id="..."/>`, `[[open-in-colab]]`, `## Title[[anchor]]`, and any other MDX
component (a capitalised or snake_case tag such as `<Question>` or `<add_code_sample>`), which no
construct converts.

The site converts the first three (`markup/mdx_components.py`). Any other component stays in the page: a
tag Python-Markdown reads as HTML is unwrapped by the sanitiser (as browsers treat an element they do not
know: the tag goes, what it encloses shows), one it does not (attributes over several lines, `{...}`
expressions) shows as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tags import parse_tag_line

UNSUPPORTED = "mdx-unsupported"
YOUTUBE_MALFORMED = "youtube-malformed"
CODES = frozenset({UNSUPPORTED, YOUTUBE_MALFORMED})

YOUTUBE = "Youtube"
# Components other constructs convert when they stand alone on a line (`<Tip>`: markup/callouts.py).
_CONVERTED_ELSEWHERE = frozenset({"Tip"})

_OPEN_IN_COLAB = re.compile(r"^[ ]*\[\[open-in-colab\]\][ ]*$")
HEADING_ANCHOR = re.compile(r"^(?P<heading>#{1,6}[ ]+.*?)[ ]*\[\[(?P<anchor>[\w-]+)\]\][ ]*$")
_COMPONENT = re.compile(r"^[ ]*<(?P<name>[A-Za-z][\w-]*)")
_YOUTUBE_ID = re.compile(r"^[\w-]{6,20}$")

LeftoverKind = Literal["open-in-colab", "heading-anchor", "youtube", "unsupported"]


@dataclass(frozen=True)
class Leftover:
    """One leftover at line `index`; `value` is the video id (youtube) or the component's name."""

    index: int
    kind: LeftoverKind
    value: str = ""


def youtube_id_valid(video: str) -> bool:
    return _YOUTUBE_ID.match(video) is not None


def find_leftovers(page: ParsedPage) -> Iterator[Leftover]:
    """Every leftover a reader may meet, in page order (code and closed comments skipped)."""
    for index, line in visible_lines(page):
        leftover = _leftover(index, line)
        if leftover is not None:
            yield leftover


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for leftover in find_leftovers(page):
        if leftover.kind == "youtube" and not youtube_id_valid(leftover.value):
            yield Finding(
                leftover.index,
                YOUTUBE_MALFORMED,
                f"`<Youtube>` has no usable video id ({leftover.value!r}); nothing is shown",
                'write `<Youtube id="VIDEO_ID"/>` with the id from the video URL',
            )
        elif leftover.kind == "unsupported":
            yield Finding(
                leftover.index,
                UNSUPPORTED,
                f"`<{leftover.value}>` is a doc-builder component polydocs does not convert; "
                "readers see what it encloses as plain text, or the tag itself when it is not plain HTML",
                "rewrite it in Markdown (an admonition, a link, a list)",
            )


def _leftover(index: int, line: str) -> Leftover | None:
    if _OPEN_IN_COLAB.match(line):
        return Leftover(index, "open-in-colab")
    if HEADING_ANCHOR.match(line):
        return Leftover(index, "heading-anchor")
    tag = parse_tag_line(line)
    if tag is not None and not tag.closing and tag.name == YOUTUBE:
        return Leftover(index, "youtube", tag.attributes.get("id", ""))
    if tag is not None and not tag.closing and tag.name in _CONVERTED_ELSEWHERE:
        return None
    component = _COMPONENT.match(line)
    if component is not None and _is_component(component["name"]):
        return Leftover(index, "unsupported", component["name"])
    return None


def _is_component(name: str) -> bool:
    # HTML element names are lowercase words; MDX components are capitalised or snake_case.
    return name[0].isupper() or "_" in name
