"""`[[autodoc]] transformers.Trainer` with its `- member` lines: where a page has them, and their check.

Whether the site can document an object depends on the build's environment (is the package installed, does
the object import), so the check reports `autodoc-unavailable` only when the facts carry the API inventory
(the build does; `polydocs lint` gives none). The renderer asks `available` too, so it shows the placeholder
exactly where the finding is reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage

if TYPE_CHECKING:
    from polydocs.markup.inventory import ApiInventory

UNAVAILABLE = "autodoc-unavailable"
CODES = frozenset({UNAVAILABLE})

_DIRECTIVE = re.compile(r"^(?P<indent>[ ]*)\[\[autodoc\]\][ ]+(?P<name>[A-Za-z_][\w.]*)[ ]*$")
_MEMBER = re.compile(r"^[ ]+-[ ]+(?P<member>[\w.]+)[ ]*$")


@dataclass(frozen=True)
class Autodoc:
    """A directive at line `index`, naming `name` as written, with the members listed on the lines below."""

    index: int
    indent: str
    name: str
    members: tuple[str, ...]


def find_autodoc(page: ParsedPage) -> Iterator[Autodoc]:
    """Every directive a reader may meet, in page order (code and closed comments skipped)."""
    for index, line in visible_lines(page):
        if directive := _DIRECTIVE.match(line):
            yield Autodoc(index, directive["indent"], directive["name"], _members(page.lines, index + 1))


def qualified_name(autodoc: Autodoc, api: ApiInventory) -> str:
    """The documented object's full dotted name: `transformers.Trainer` for `Trainer`."""
    return f"{api.package}.{api.qualified(autodoc.name)}"


def available(autodoc: Autodoc, api: ApiInventory) -> bool:
    """Whether the build can document the object: its package is installed and the object imports."""
    return api.importable() and api.exists(autodoc.name)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    api = facts.api
    if api is None:
        return
    for autodoc in find_autodoc(page):
        if not available(autodoc, api):
            yield Finding(
                autodoc.index,
                UNAVAILABLE,
                f"`{qualified_name(autodoc, api)}` cannot be imported, so its API reference is not generated",
                f"install {api.package} for the build, or fix the object's name",
            )


def _members(lines: tuple[str, ...], start: int) -> tuple[str, ...]:
    members = []
    for line in lines[start:]:
        member = _MEMBER.match(line)
        if member is None:
            break
        members.append(member["member"])
    return tuple(members)
