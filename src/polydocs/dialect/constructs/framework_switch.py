"""`<FrameworkSwitchCourse {fw} />` with `{#if fw === 'pt'} ... {:else} ... {/if}`: a framework switch.

The course's pages write what differs between PyTorch and TensorFlow in Svelte `{#if}` blocks, each on a
line of its own; the site makes each block a pair of linked tabs, so the reader's choice holds on every
page. Only `fw === 'pt'` and `fw === 'tf'` are conditions polydocs knows; blocks do not nest. A block may
stand in a block quote (`> {#if fw === 'pt'}`), every line of it then quoted alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.page import ParsedPage

NAME = "FrameworkSwitchCourse"
UNBALANCED = "framework-switch-unbalanced"
UNKNOWN = "framework-switch-unknown"
CODES = code_table(
    DiagnosticCode(UNBALANCED, "error", "`{#if fw === ...}` blocks that do not balance."),
    DiagnosticCode(UNKNOWN, "error", "A framework switch naming an unknown framework."),
)

FRAMEWORKS = ("pt", "tf")
# A marker may stand in a block quote (a `> [!TIP]` alert holds one in the course). Possessive: blanks
# and `>` read one way only (three ways to split a run of blanks made a line of them quadratic).
_QUOTED = r"^[ \t]*+(?:>[ \t]*+)*+"
_IF = re.compile(_QUOTED + r"\{#if\b(?P<condition>[^}]*)\}[ \t]*$")
_FRAMEWORK = re.compile(r"^\s*fw\s*===?\s*(?P<quote>['\"])(?P<fw>\w+)(?P=quote)\s*$")
_ELSE = re.compile(_QUOTED + r"\{:else\}[ \t]*$")
_END = re.compile(_QUOTED + r"\{/if\}[ \t]*$")
_MARKER = re.compile(_QUOTED + r"\{[#:/]")
_SWITCHES = re.compile(r"^[ \t]*\{#if\s+fw\b", re.MULTILINE)


@dataclass(frozen=True)
class SwitchBlock:
    """`{#if}` at `index`, `{:else}` at `otherwise` (or None), `{/if}` at `end` (None: never closed).
    `framework` is the one the first branch is for, "" when the condition is not a framework's."""

    index: int
    otherwise: int | None
    end: int | None
    framework: str

    @property
    def other_framework(self) -> str:
        return next((fw for fw in FRAMEWORKS if fw != self.framework), "") if self.framework else ""


@dataclass(frozen=True)
class StrayMarker:
    """An `{:else}` or `{/if}` outside any block, or an `{#if}` inside one."""

    index: int
    marker: str


def switches_framework(text: str) -> bool:
    """Whether a page's text has a framework block (a quick look, for site-wide settings)."""
    return _SWITCHES.search(text) is not None


def find_switch_blocks(page: ParsedPage) -> Iterator[SwitchBlock | StrayMarker]:
    """Every block and stray marker, in page order (code and closed comments skipped)."""
    open_block: tuple[int, str, int | None] | None = None
    for index, line in visible_lines(page):
        if not _MARKER.match(line):
            continue
        if_match, is_else, is_end = _IF.match(line), _ELSE.match(line), _END.match(line)
        if if_match and open_block is None:
            open_block = (index, _framework(if_match["condition"]), None)
        elif is_else and open_block is not None and open_block[2] is None:
            open_block = (open_block[0], open_block[1], index)
        elif is_end and open_block is not None:
            yield SwitchBlock(open_block[0], open_block[2], index, open_block[1])
            open_block = None
        elif if_match or is_else or is_end:
            yield StrayMarker(index, line.strip())
    if open_block is not None:
        yield SwitchBlock(open_block[0], open_block[2], None, open_block[1])


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of every `{#if}`, `{:else}` and `{/if}` marker and of `<FrameworkSwitchCourse>`."""
    for block in find_switch_blocks(page):
        if isinstance(block, StrayMarker):
            yield block.index
        else:
            yield from (index for index in (block.index, block.otherwise, block.end) if index is not None)
    for tag in find_component_tags(page):
        if tag.name == NAME:
            yield from range(tag.index, tag.last + 1)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for block in find_switch_blocks(page):
        if isinstance(block, StrayMarker):
            yield Finding(
                block.index,
                UNBALANCED,
                f"`{block.marker}` belongs to no `{{#if fw === '...'}}` block (blocks do not nest); "
                "it is left out",
                "pair every `{#if fw === 'pt'}` with one `{/if}` (and at most one `{:else}` between)",
            )
            continue
        if block.end is None:
            yield Finding(
                block.index,
                UNBALANCED,
                "this `{#if}` block is never closed; it runs to the end of the page",
                "add `{/if}` on its own line where the framework's part ends",
            )
        if not block.framework:
            yield Finding(
                block.index,
                UNKNOWN,
                "polydocs switches only on `fw === 'pt'` or `fw === 'tf'`; both branches are shown",
                "write the condition as `{#if fw === 'pt'}` or `{#if fw === 'tf'}`",
            )


def _framework(condition: str) -> str:
    match = _FRAMEWORK.match(condition)
    return match["fw"] if match is not None and match["fw"] in FRAMEWORKS else ""
