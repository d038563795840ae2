"""Fence lines as CommonMark reads them, for every reader that meets fences before or beside the parse.

An opening fence: up to three spaces, a run of three or more backticks or of three or more tildes, then
the info string (its first word the language); a backtick fence's info string holds no backtick
(```` ```a`b ```` is inline code, not a fence). A closing fence: up to three spaces, a run of the opening's
character at least as long as the opening's, then only spaces or tabs (```` ```py ```` closes nothing).
A tab before the run counts as four columns, so it is no fence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPENING = re.compile(r"(?P<indent> {0,3})(?P<marker>`{3,}+|~{3,}+)(?P<info>.*)", re.DOTALL)
_CLOSING = re.compile(r" {0,3}(?P<marker>`{3,}+|~{3,}+)[ \t]*+")


@dataclass(frozen=True)
class FenceOpening:
    """An opening fence line: its indentation, its run (```` ``` ````, `~~~~`), its info string stripped."""

    indent: str
    marker: str
    info: str

    def closed_by(self, line: str) -> bool:
        """Whether `line` is a closing fence of this one."""
        return closes_fence(line, self.marker)


def fence_opening(line: str) -> FenceOpening | None:
    """The opening fence `line` is, or None."""
    match = _OPENING.fullmatch(line)
    if match is None or (match["marker"][0] == "`" and "`" in match["info"]):
        return None
    return FenceOpening(match["indent"], match["marker"], match["info"].strip())


def closes_fence(line: str, marker: str) -> bool:
    """Whether `line` closes a fence opened with the run `marker`."""
    match = _CLOSING.fullmatch(line)
    return match is not None and match["marker"][0] == marker[0] and len(match["marker"]) >= len(marker)
