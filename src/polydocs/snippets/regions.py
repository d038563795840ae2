"""Find the code blocks of a page (markdown-it-py) and the directives written before them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import Fence, PageFacts, ParsedPage, parse_page
from polydocs.dialect.constructs import fences
from polydocs.dialect.constructs.output_blocks import is_output, is_session
from polydocs.dialect.constructs.runnable_lines import PYTHON_LANGUAGES, reader_code
from polydocs.snippets.directives import Directives, is_polydocs_comment, parse_comment

RegionKind = Literal["script", "doctest", "other"]


@dataclass(frozen=True)
class Region:
    """One fenced code block as the reader sees it, and how the checker runs it.

    `start_line` is the 1-based line of the opening fence, `end_line` that of the block's last line: its
    closing fence, or for a fence never closed the last line of its container (CommonMark; the site shows
    that block as code too, so it is checked like any other). `code` is
    what the reader sees (doc-builder's test-runner lines of a Python block removed, as the site removes
    them: `dialect/constructs/runnable_lines.py`). `source` is what runs: its line `i`
    (0-based) is line `start_line + 1 + i` of the page, so tracebacks point at the page itself.
    """

    path: Path
    start_line: int
    end_line: int
    info: str
    language: str
    code: str
    kind: RegionKind = "other"
    source: str = ""
    directives: Directives = field(default_factory=Directives)

    @property
    def is_python(self) -> bool:
        return self.language == "python"

    @property
    def location(self) -> str:
        return f"{self.path}:{self.start_line}"

    @property
    def runnable_label(self) -> str | None:
        """doc-builder's mark on the fence (```` ```py runnable:label ````): its label ("" for a bare
        `runnable`), or None for a fence not marked runnable."""
        for word in self.info.split():
            if word == "runnable" or word.startswith("runnable:"):
                return word.partition(":")[2]
        return None


@dataclass
class PageScan:
    """The regions of one page, the problems found in its directives (errors: the page's sessions would run
    with the wrong directives) and its fences never closed (warnings, as the build and the linter say)."""

    regions: list[Region]
    problems: list[Diagnostic]
    unclosed_fences: list[Diagnostic] = field(default_factory=list)


def extract_regions(path: Path, text: str | None = None) -> list[Region]:
    """Every fenced code block of `path`; raises PolydocsError when a directive is malformed."""
    scan = scan_page(path, text)
    if scan.problems:
        raise PolydocsError(scan.problems, f"{path}: malformed polydocs directives")
    return scan.regions


def scan_page(path: Path, text: str | None = None) -> PageScan:
    """Like extract_regions, but returns directive problems instead of raising."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    page = parse_page(text)
    fences_at = {fence.index: fence for fence in page.fences}
    regions: list[Region] = []
    problems: list[Diagnostic] = []
    pending = Directives()
    pending_line = 0
    for token in page.tokens:
        line = token.map[0] + 1 if token.map else 0
        if token.type == "html_block" and is_polydocs_comment(token.content):
            pending = parse_comment(token.content, str(path), line, pending, problems)
            pending_line = pending_line or line
        elif token.type == "fence" and token.map:
            regions.append(_region(path, fences_at[token.map[0]], pending))
            pending, pending_line = Directives(), 0
        elif pending_line and token.type not in _TRANSPARENT_TOKENS:
            problems.append(_orphan(path, pending_line))
            pending, pending_line = Directives(), 0
    if pending_line:
        problems.append(_orphan(path, pending_line))
    return PageScan(regions, problems, _unclosed_fences(path, page))


# Container openings between a directive and its code block (a fence as a list item's first child).
_TRANSPARENT_TOKENS = frozenset(
    {"bullet_list_open", "ordered_list_open", "list_item_open", "blockquote_open"}
)


def _unclosed_fences(path: Path, page: ParsedPage) -> list[Diagnostic]:
    """The fence construct's own findings: one rule and one message for the site, the linter and here."""
    return [
        Diagnostic(str(path), finding.index + 1, finding.code, finding.message, finding.hint)
        for finding in fences.check(page, PageFacts())
    ]


def _orphan(path: Path, line: int) -> Diagnostic:
    return Diagnostic(
        str(path),
        line,
        "snippet-directive",
        "polydocs directive is not followed by a code block",
        "put the comment directly before the ```py block it is about",
        "error",
    )


def _region(path: Path, fence: Fence, directives: Directives) -> Region:
    info, content, line, end_line = fence.info, fence.content, fence.line, fence.last + 1
    # `{python}` (Quarto, MyST) and `{.python}` (Pandoc) name the same language as `python`.
    first = info.split()[0].strip("{}").lstrip(".") if info else ""
    visible = reader_code(content) if first.lower() in PYTHON_LANGUAGES else content
    if is_output(info):
        # What code printed (```python out): never run, never badged.
        return Region(path, line, end_line, info, "output", visible, "other", "", directives)
    if is_session(info, content) or is_session(info, _after_leading_comments(content)):
        return Region(
            path, line, end_line, info, "python", visible, "doctest", _doctest_source(content), directives
        )
    if first.lower() in PYTHON_LANGUAGES or first.startswith("runnable:"):
        return Region(path, line, end_line, info, "python", visible, "script", content, directives)
    return Region(path, line, end_line, info, first.lower(), visible, "other", "", directives)


def _after_leading_comments(content: str) -> str:
    """`content` from its first line that is neither blank nor a comment: a session may open with a
    comment above its first prompt (`# Returns the number of removed cache files`, datasets' pages)."""
    lines = content.splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    return "\n".join(lines)


def _doctest_source(content: str) -> str:
    """The statements of an interactive session, one output line per input line (outputs blanked, and
    the statements doctest would skip: `# doctest: +SKIP`, with their continuation lines)."""
    lines = []
    skipping = False
    for raw in content.splitlines():
        text = raw.lstrip()
        if text.startswith(">>> ") or text == ">>>":
            skipping = _DOCTEST_SKIP.search(text) is not None
        if (text.startswith((">>> ", "... ")) or text in (">>>", "...")) and not skipping:
            lines.append(text[4:])
        else:
            lines.append("")
    return "\n".join(lines) + "\n"


_DOCTEST_SKIP = re.compile(r"#\s*doctest:.*\+SKIP\b", re.IGNORECASE)
