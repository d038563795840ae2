"""`<literalinclude>{"path": ..., "language": ..., "start-after": ..., "end-before": ..., "dedent": N}
</literalinclude>`: a code block made of an excerpt of another file (doc-builder's README, "Code Blocks from
file references"; `convert_md_to_mdx.convert_file_include_helper`).

The path is relative to the page, and the file must lie inside the page's repository (the nearest folder
above the source tree holding `.git`, else the source tree itself): a path that leads elsewhere, through
`..` or a symbolic link, is refused unread. As doc-builder reads them, a marker is found on a line that ends
with it once trailing non-word characters are dropped (`# START init` ... `# END init`), the last such line
counting; the excerpt is the lines between, each cut by `dedent` characters, trailing blank lines dropped.
Without `start-after` the excerpt starts at the top, without `end-before` it runs to the end. Every problem
is a finding at the directive's line; readers then see a notice, never the directive's JSON.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage

MALFORMED = "include-malformed"
UNREADABLE = "include-unreadable"
MARKER = "include-marker"
CODES = code_table(
    DiagnosticCode(MALFORMED, "error", "A `literalinclude` block that cannot be read."),
    DiagnosticCode(UNREADABLE, "error", "A `literalinclude` file that cannot be read."),
    DiagnosticCode(MARKER, "error", "A `literalinclude` start or end marker not found in its file."),
)

OPEN, CLOSE = "<literalinclude>", "</literalinclude>"
# How far below its opening tag a directive's closing tag is looked for: its JSON is a few lines.
_MAX_LINES = 40
# An included file larger than this is refused: an excerpt is a few dozen lines of a test file.
MAX_BYTES = 1_000_000
_OPTIONS = {"path": str, "language": str, "start-after": str, "end-before": str, "dedent": int}
_TRAILING_NON_WORD = re.compile(r"\W+$")
# What a directive's line may start with: the containers' quote markers, indentation, a list item's marker.
CONTAINER = re.compile(r"[ \t>]*+(?:(?:[-*+]|\d{1,9}[.)])[ \t]++)?")


@dataclass(frozen=True)
class Include:
    """A directive from line `index` (its `<literalinclude>`, at column `column`) to line `last` (its
    `</literalinclude>`); `options` as written, or `problem` saying why they cannot be read."""

    index: int
    last: int
    column: int
    options: dict[str, object]
    problem: str = ""

    @property
    def path(self) -> str:
        return str(self.options.get("path", ""))

    @property
    def language(self) -> str:
        return str(self.options.get("language", ""))


@dataclass(frozen=True)
class Excerpt:
    """What an include shows: `code`, or the problem (`code` then None) and its finding's code."""

    code: str | None
    problem: str = ""
    kind: str = ""


def find_includes(page: ParsedPage) -> list[Include]:
    """Every directive of the page's prose whose closing tag follows within `_MAX_LINES` lines."""
    if OPEN not in page.text:
        return []
    visible = dict(visible_lines(page))
    found, skip_to = [], -1
    for index, line in visible.items():
        if index <= skip_to or not line[CONTAINER.match(line).end() :].startswith(OPEN):  # type: ignore[union-attr]
            continue
        include = _include(page, visible, index, line.index(OPEN))
        found.append(include)
        skip_to = include.last
    return found


def _include(page: ParsedPage, visible: dict[int, str], index: int, column: int) -> Include:
    start = column + len(OPEN)
    last = index
    for last in range(index, min(index + _MAX_LINES, len(page.lines))):
        line = visible.get(last)
        if line is None or not line.strip():
            last -= 1  # code, a closed comment or a blank line: the directive ended before it
            break
        end = line.find(CLOSE, start if last == index else 0)
        if end >= 0:
            body = [page.lines[i] for i in range(index, last + 1)]
            body[-1] = body[-1][:end]
            body[0] = body[0][start:]
            return _with_options(index, last, column, "\n".join(body))
    # What it holds is no Markdown either: the notice takes its paragraph's lines.
    return Include(index, max(last, index), column, {}, f"`{OPEN}` is never closed with `{CLOSE}`")


def _with_options(index: int, last: int, column: int, body: str) -> Include:
    try:
        options = json.loads(body)
    except json.JSONDecodeError as error:
        return Include(index, last, column, {}, f"its JSON cannot be read ({error.msg})")
    if not isinstance(options, dict):
        return Include(index, last, column, {}, "it holds no JSON object")
    problems = [f"`{name}` is no option" for name in options if name not in _OPTIONS]
    for name, kind in _OPTIONS.items():
        if name in options and (not isinstance(options[name], kind) or isinstance(options[name], bool)):
            problems.append(f"`{name}` must be a {'number' if kind is int else 'string'}")
    if not isinstance(options.get("path"), str) or not options["path"]:
        problems.append('it names no `"path"`')
    if isinstance(options.get("dedent"), int) and options["dedent"] < 0:
        problems.append("`dedent` must not be negative")
    return Include(index, last, column, options, "; ".join(problems))


def include_root(tree_root: Path) -> Path:
    """The folder an include may read from: the repository holding the tree, else the tree itself."""
    tree_root = tree_root.resolve()
    for folder in (tree_root, *tree_root.parents):
        if (folder / ".git").exists():
            return folder
    return tree_root


def excerpt(include: Include, page_file: Path, root: Path) -> Excerpt:
    """The code the directive shows, read from its file (never outside `root`)."""
    if include.problem:
        return Excerpt(None, include.problem, MALFORMED)
    target = (page_file.parent / include.path).resolve()
    if not target.is_relative_to(root.resolve()):
        return Excerpt(None, f"`{include.path}` leads outside the repository; it is not read", UNREADABLE)
    text = _read(target)
    if text is None:
        return Excerpt(None, f"`{include.path}` is no readable UTF-8 file of the repository", UNREADABLE)
    lines = text.splitlines(keepends=True)
    start, end = 0, len(lines)
    for name in ("start-after", "end-before"):
        marker = include.options.get(name)
        if marker is None:
            continue
        found = _marker_line(lines, str(marker))
        if found is None:
            return Excerpt(None, f"`{include.path}` has no line ending with `{marker}` ({name})", MARKER)
        start, end = (found + 1, end) if name == "start-after" else (start, found)
    dedent = int(str(include.options.get("dedent", 0)))
    return Excerpt("".join(line[dedent:] for line in lines[start:end]).rstrip())


def _read(target: Path) -> str | None:
    try:
        if not target.is_file() or target.stat().st_size > MAX_BYTES:
            return None
        return target.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None


def _marker_line(lines: list[str], marker: str) -> int | None:
    found = None
    for number, line in enumerate(lines):
        if _TRAILING_NON_WORD.sub("", line.strip()).endswith(marker):
            found = number
    return found


def included_files(page: ParsedPage, page_file: Path, root: Path) -> list[str]:
    """What the page's includes read, as digests: part of a converted page's cache key."""
    digests = []
    for include in find_includes(page):
        shown = excerpt(include, page_file, root)
        digests.append(hashlib.sha256(repr((shown.code, shown.problem)).encode()).hexdigest())
    return digests


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of every `<literalinclude>` the site replaces by the excerpt."""
    for include in find_includes(page):
        yield from range(include.index, include.last + 1)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for include in find_includes(page):
        if facts.source_file is None and not include.problem:
            continue  # a text that is no file of a tree (a plain render) includes nothing
        root = facts.include_root or Path(".")
        shown = excerpt(include, facts.source_file or Path("."), root)
        if shown.code is None:
            yield Finding(
                include.index,
                shown.kind,
                f"`{OPEN}` shows no code: {shown.problem}; readers see a notice",
                _HINTS[shown.kind],
            )


_HINTS = {
    MALFORMED: 'write one JSON object between the tags: `{"path": "../x.py", "language": "python"}`',
    UNREADABLE: "give a path, relative to the page, of a UTF-8 file inside the repository",
    MARKER: "write the marker on a line of the file (`# START name`), or fix the option",
}
