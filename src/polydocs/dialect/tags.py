"""Doc-builder tags alone on a line (`<Tip>`, `<hfoption id="x">`, `</pt>`) and their attributes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from polydocs.dialect.attributes import read_attributes

# The attributes run possessively to the `>`; a `/` right before it makes the tag self-closing (read in
# `parse_tag_line`). A lazy run followed by `\s*` tried every split of a run of blanks: a line `<a ` and
# 8,000 spaces took more than 5 s. A quoted value may hold `>` (`<hfoption id="uv (PyTorch >= 2.10)">`),
# as in HTML and MDX; it ended the tag there.
ATTRIBUTES = r"""(?:\s(?:[^<>"']++|"[^"]*+"|'[^']*+')*+)?"""
_TAG_LINE = re.compile(
    rf"^(?P<indent>[ ]*)<(?P<closing>/)?(?P<name>[A-Za-z][\w-]*+)"
    rf"(?P<attributes>{ATTRIBUTES})(?P<self>/)?>\s*$"
)
# An element with its content on one line, `<pt>```bash pip install torch ```</pt>`: doc-builder's
# preprocessors take what lies between a tab's tags as its Markdown, on one line as on several
# (`generateTagRegex`).
_ONE_LINE_ELEMENT = re.compile(
    rf"^(?P<indent>[ ]*)<(?P<name>[A-Za-z][\w-]*+)(?P<attributes>{ATTRIBUTES})>(?P<body>.*?)</(?P=name)>\s*$"
)
# `<hfoptions id="x">` and `<hfoption id="x">` with text after the `>`: doc-builder reads these two by a regex
# that ignores what follows the tag (kit/preprocessors/utils.js, generateTagRegexWithId), so a stray
# character there (diffusers' sana_video.md: `<hfoptions id="generation pipelines">` and a backtick) leaves
# the tabs tabs. What follows is dropped with the tag.
_ID_TAG_WITH_TEXT = re.compile(
    r"^(?P<indent>[ ]*)<(?P<name>hfoptions|hfoption)"
    r"""(?P<attributes>\s+id\s*=\s*(?:"[^"]*"|'[^']*')\s*)>[^<]+$"""
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
    """HTML and MDX attributes (`dialect/attributes.py`): `id="x"`, `warning={true}` ("true"), bare
    `allowfullscreen` (""); names lowercased, values stripped, the last of a name kept."""
    attributes: dict[str, str] = {}
    position = 0
    while True:
        run = read_attributes(text, position)
        attributes.update((attribute.name.lower(), attribute.value.strip()) for attribute in run.attributes)
        if run.ending == "end":
            return attributes
        # Past what starts no attribute (a stray `%`, a quote never closed), as a browser reads on.
        position = run.end + (run.ending in ("stopped", "unclosed"))


def parse_tag_line(line: str) -> TagLine | None:
    """The tag on this line when the line holds exactly one tag, else None."""
    match = _TAG_LINE.match(line)
    if match is None:
        return None
    attributes, self_closing = match["attributes"], match["self"] is not None
    if attributes.endswith("/"):
        attributes, self_closing = attributes[:-1], True
    return TagLine(
        indent=match["indent"],
        name=match["name"],
        attributes=parse_attributes(attributes),
        closing=match["closing"] is not None,
        self_closing=self_closing,
    )


def parse_id_tag_with_text(line: str) -> TagLine | None:
    """`<hfoptions id="x">` or `<hfoption id="x">` followed by text on its line, as doc-builder reads it."""
    match = _ID_TAG_WITH_TEXT.match(line)
    if match is None:
        return None
    return TagLine(
        indent=match["indent"], name=match["name"], attributes=parse_attributes(match["attributes"])
    )


def parse_one_line_element(line: str) -> tuple[TagLine, str] | None:
    """`(opening tag, content)` when the line holds one element opened and closed on it, else None."""
    match = _ONE_LINE_ELEMENT.match(line)
    if match is None or match["attributes"].endswith("/"):
        return None
    tag = TagLine(
        indent=match["indent"], name=match["name"], attributes=parse_attributes(match["attributes"])
    )
    return tag, match["body"].strip()
