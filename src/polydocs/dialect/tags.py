"""Doc-builder tags alone on a line (`<Tip>`, `<hfoption id="x">`, `</pt>`) and their attributes."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TAG_LINE = re.compile(
    r"^(?P<indent>[ ]*)<(?P<closing>/)?(?P<name>[A-Za-z][\w-]*)"
    r"(?P<attributes>(?:\s[^<>]*?)?)\s*(?P<self>/)?>\s*$"
)
_ATTRIBUTE = re.compile(
    r"""(?P<name>[A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"(?P<double>[^"]*)"|'(?P<single>[^']*)'|\{(?P<expression>[^}]*)\}|(?P<bare>[^\s"'=<>`/]+)))?"""
)


@dataclass(frozen=True)
class TagLine:
    """A line holding nothing but one opening, closing or self-closing tag."""

    indent: str
    name: str
    attributes: dict[str, str]
    closing: bool = False
    self_closing: bool = False

    @property
    def opening(self) -> bool:
        return not self.closing and not self.self_closing


def parse_attributes(text: str) -> dict[str, str]:
    """HTML and MDX attributes: `id="x"`, `warning={true}` ("true"), bare `allowfullscreen` ("")."""
    attributes = {}
    for match in _ATTRIBUTE.finditer(text):
        value = next((v for v in match.group("double", "single", "expression", "bare") if v is not None), "")
        attributes[match["name"].lower()] = value.strip()
    return attributes


def parse_tag_line(line: str) -> TagLine | None:
    """The tag on this line when the line holds exactly one tag, else None."""
    match = _TAG_LINE.match(line)
    if match is None:
        return None
    return TagLine(
        indent=match["indent"],
        name=match["name"],
        attributes=parse_attributes(match["attributes"]),
        closing=match["closing"] is not None,
        self_closing=match["self"] is not None,
    )
