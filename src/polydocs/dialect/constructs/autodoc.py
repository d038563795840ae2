"""`[[autodoc]] transformers.Trainer` with its `- member` lines: where a page has them, and their check.

Whether the site can document an object depends on the build's environment (is the package installed, does
the object import, can mkdocstrings' loader find it), so the check reports `autodoc-unavailable` only when
the facts carry the API inventory. The renderer asks `unavailable_reason` too, so it shows the placeholder
exactly where the finding is reported: no `[[autodoc]]` reaches mkdocstrings unless it can be documented.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage, parse_page

if TYPE_CHECKING:
    from polydocs.sources.api_inventory import ApiInventory

UNAVAILABLE = "autodoc-unavailable"
MALFORMED = "autodoc-malformed"
CODES = code_table(
    DiagnosticCode(MALFORMED, "error", "An `[[autodoc]]` line that cannot be read."),
    DiagnosticCode(UNAVAILABLE, "warning", "An `[[autodoc]]` object the installed library does not have."),
)

_DIRECTIVE = re.compile(r"^(?P<indent>[ ]*)\[\[autodoc\]\][ ]+(?P<name>[A-Za-z_][\w.]*)[ ]*$")
# A line a reader would take for a directive: `[[autodoc]]` first.
_STARTS_AS_DIRECTIVE = re.compile(r"^[ ]*\[\[autodoc\]\]")
# What every directive, and every line starting as one, holds as written.
_MARKER = "[[autodoc]]"
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
    if _MARKER not in page.text:
        return  # none on the page: its lines are not walked (the check, the render and lint each ask)
    for index, line in visible_lines(page):
        if directive := _DIRECTIVE.match(line):
            yield Autodoc(index, directive["indent"], directive["name"], _members(page.lines, index + 1))


def autodoc_in_text(text: str) -> Iterator[Autodoc]:
    """`find_autodoc` of the page with this text. Every directive holds `[[autodoc]]` as written, so a text
    without it has none and is not parsed: most pages of a tree (the lint and the build ask every page)."""
    if _MARKER in text:
        yield from find_autodoc(parse_page(text))


def qualified_name(autodoc: Autodoc, api: ApiInventory) -> str:
    """The documented object's full dotted name: `transformers.Trainer` for `Trainer`."""
    return api.full_name(autodoc.name)


def unavailable_reason(autodoc: Autodoc, api: ApiInventory) -> tuple[str, str] | None:
    """Why the build cannot document the object and what to do (its library is not installed, the
    object does not import, mkdocstrings' loader cannot find it), None when it can."""
    name, package = qualified_name(autodoc, api), api.owner(autodoc.name).package
    if not api.importable(autodoc.name):
        return (
            f"{package} is not installed, so the API reference of `{name}` is not generated",
            f"install {package} where the site is built, or name the documented library with --library",
        )
    if not api.exists(autodoc.name):
        return (
            f"`{name}` cannot be imported, so its API reference is not generated",
            f"install {package} for the build, or fix the object's name",
        )
    if name in api.undocumentable:
        return (
            f"mkdocstrings' loader (griffe) does not find `{name}` in the installed {package}'s source, "
            "so its API reference is not generated",
            f"fix the object's name, or build with the {package} version the page documents",
        )
    return None


def available(autodoc: Autodoc, api: ApiInventory) -> bool:
    """Whether the build can document the object."""
    return unavailable_reason(autodoc, api) is None


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of every directive and its member lines."""
    for autodoc in find_autodoc(page):
        yield from range(autodoc.index, autodoc.index + 1 + len(autodoc.members))


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    if _MARKER not in page.text:
        return  # no line starts as a directive, and no directive names an object
    for index, line in visible_lines(page):
        if _STARTS_AS_DIRECTIVE.match(line) and not _DIRECTIVE.match(line):
            yield Finding(
                index,
                MALFORMED,
                "this line is not one `[[autodoc]] name` directive (no name, a name that is no dotted "
                "Python name, or text after it); it is shown as written",
                "write one `[[autodoc]] package.Object` per line, nothing after the name",
            )
    api = facts.api
    if api is None:
        return
    for autodoc in find_autodoc(page):
        if reason := unavailable_reason(autodoc, api):
            yield Finding(autodoc.index, UNAVAILABLE, *reason)


def _members(lines: tuple[str, ...], start: int) -> tuple[str, ...]:
    members = []
    for line in lines[start:]:
        member = _MEMBER.match(line)
        if member is None:
            break
        members.append(member["member"])
    return tuple(members)
