"""Page flags: `<!-- WRAP CODE BLOCKS -->` and `<!-- STRETCH TABLES -->`, a comment of its own anywhere on
the page, outside code.

As in doc-builder (its README's "Code Blocks" and "Stretch Tables"; kit/preprocessors/mdsvex), the flag
changes the whole page: its code blocks wrap their long lines instead of scrolling (doc-builder's
`whitespace-pre-wrap`), its tables take the content area's full width (doc-builder's `full-width` class).
doc-builder looks for the flag in the page's whole text, code included; here a flag shown inside a code
block (a page documenting the flag) changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from polydocs.dialect.page import ParsedPage

Flag = Literal["wrap-code-blocks", "stretch-tables"]

_FLAG = re.compile(r"^[ \t]*<!--[ \t]*(WRAP CODE BLOCKS|STRETCH TABLES)[ \t]*-->[ \t]*$")
_NAMES: dict[str, Flag] = {"WRAP CODE BLOCKS": "wrap-code-blocks", "STRETCH TABLES": "stretch-tables"}


@dataclass(frozen=True)
class PageFlag:
    """The flag written on line `index`."""

    index: int
    flag: Flag


def find_page_flags(page: ParsedPage) -> Iterator[PageFlag]:
    """Every flag line outside code, in page order."""
    for index, line in page.outside_code():
        if "<!--" in line and (found := _FLAG.match(line)):
            yield PageFlag(index, _NAMES[found[1]])
