"""`## Title [[anchor]]`: doc-builder's explicit heading id, read by one rule wherever it is read.

doc-builder takes what stands between `[[` and `]]` at a heading's end as the heading's id, as written
(its mdsvex preprocessor); the course's Chinese pages write whole titles there, spaces and full-width
question marks included.
The site gives the heading that id with each run of white space made a hyphen (an HTML id holds none,
nor can attr_list's `{ #id }`) and shows the title without it (`markup/mdx_components.py`); lint's
anchor check knows the same id (`lint/context.py`), the notebook drops the anchor
(`notebooks/plain_markdown.py`) and the site's name, taken from a title, leaves it out
(`site/mkdocs_config.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADING_ANCHOR = re.compile(r"^(?P<heading>#{1,6}[ ]+.*?)[ ]*\[\[(?P<anchor>[^\[\]\n]+)\]\][ ]*$")
# An anchor with text after it on the heading's line: no anchor to doc-builder either, shown as written.
_FOLLOWED_ANCHOR = re.compile(r"^#{1,6}[ ]+.*\[\[[^\[\]\n]+\]\][ ]*\S")
_NOT_IN_ID = re.compile(r"[\s{}]+")


@dataclass(frozen=True)
class HeadingAnchor:
    """A heading line's parts: the heading as the reader sees it (`## Title`) and the id it asks for."""

    heading: str
    id: str


def heading_anchor(line: str) -> HeadingAnchor | None:
    """The heading and its id, where the line is a heading ending in `[[anchor]]`."""
    match = HEADING_ANCHOR.match(line)
    if match is None:
        return None
    anchor_id = _NOT_IN_ID.sub("-", match["anchor"].strip()).strip("-")
    return HeadingAnchor(match["heading"], anchor_id) if anchor_id else None


def has_misplaced_anchor(line: str) -> bool:
    """Whether a heading line holds an `[[anchor]]` that text follows (two lines joined into one)."""
    return _FOLLOWED_ANCHOR.match(line) is not None and heading_anchor(line) is None


def without_heading_anchors(text: str) -> str:
    """The text with every heading's `[[anchor]]` removed, every line where it was."""
    lines = text.split("\n")
    return "\n".join(anchored.heading if (anchored := heading_anchor(line)) else line for line in lines)
