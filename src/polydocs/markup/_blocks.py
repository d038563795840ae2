"""Doc-builder tags alone on a line (`<Tip>`, `<hfoption id="x">`, `</pt>`): parsing and nesting."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

INDENT = " " * 4

# Python-Markdown's `md.htmlStash.store`: keeps raw HTML out of Markdown parsing, returns its placeholder.
StoreHtml = Callable[[str], str]

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


@dataclass(frozen=True)
class Closing:
    """Where a block tag ends: the index of its closing tag, or where it had to stop when it has none."""

    index: int
    found: bool


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


def find_closing(
    lines: Sequence[str],
    fenced: Sequence[bool],
    start: int,
    name: str,
    nesting: Collection[str] = (),
    stop_at: Collection[tuple[str, bool]] = (),
) -> Closing:
    """The `</name>` matching the opening tag on line `start`, skipping fenced code.

    Tags named in `nesting` (and `name` itself) nest; at nesting depth 0 a tag `(name, closing)` listed in
    `stop_at` ends the block without its closing tag (`found=False`), as does the end of the page.
    """
    nesting = {name, *nesting}
    depth = 0
    for index in range(start + 1, len(lines)):
        if fenced[index]:
            continue
        tag = parse_tag_line(lines[index])
        if tag is None or tag.self_closing:
            continue
        if depth == 0 and tag.closing and tag.name == name:
            return Closing(index, found=True)
        if depth == 0 and (tag.name, tag.closing) in stop_at:
            return Closing(index, found=False)
        if tag.name in nesting:
            depth += -1 if tag.closing else 1
            depth = max(depth, 0)
    return Closing(len(lines), found=False)


def indent_lines(lines: list[str], start: int, end: int) -> None:
    """Indent lines `start` to `end` (exclusive) one level, the body of an admonition or a tab."""
    for index in range(start, end):
        if lines[index].strip():
            lines[index] = INDENT + lines[index]


def quoted(title: str) -> str:
    """A title for `!!! kind "title"` or `=== "title"`, which cannot hold a double quote."""
    return '"' + title.replace('"', "'") + '"'
