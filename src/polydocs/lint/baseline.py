"""The baseline of accepted findings: `--write-baseline FILE` records them, `--baseline FILE` subtracts them.

A finding is recognised by its code, its file (relative to the baseline's folder) and a fingerprint of
its content: the text of the line it is at, and, for a finding at the line opening a code block (a
`code-style` or `code-parity` finding is about the block, not about its fence), the block's code; the
same of each place its message names (`missing the code block of en/guide.md:335`: the English block a
translation lacks; a translation lacking many has them all at one line); and its message, with only
the line numbers in it left out (`line 51`, `en/guide.md:335`: they move with edits above; any other
digit names something, `chapter6` is not `chapter7`). Line numbers are not part of it, so an edit
above a finding keeps it accepted; a finding whose line or block is edited is new. Identical
fingerprints are counted, so a second copy of an accepted problem is still new.

Fingerprints written since issue 40 start with `2-`. A baseline written before (rule 1: the line's text
and the message with every digit left out, so two findings of one line or fence whose messages differed
only in digits shared one) keeps working: its entries are matched by rule 1, and lint says how many there
are and that `--write-baseline` rewrites them.

The file's format, the fingerprint's digest and the counting of identical entries are the check's too
(`polydocs/baseline_file.py`); what a finding is about, said above, is lint's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.baseline_file import (
    BaselineEntry,
    fingerprint,
    match_entries,
    read_baseline,
    relative_to_folder,
    without_digits,
    write_entries,
)
from polydocs.diagnostics import Diagnostic

# A line number in a message: `line 51`, `lines 3`, `(line 4)`, or after a file name, `en/guide.md:335`.
_LINE_NUMBER = re.compile(r"(\blines? |\.[A-Za-z]{1,8}:)\d+")
# A place a message names, `en/guide.md:335` (`code-parity`: the English block a translation lacks): the
# finding is about what is there too.
# It starts where a run of path characters starts: tried at each character of a long run, it read to the
# run's end each time (x15 from n to 16n, tests/test_pattern_growth.py).
_PLACE = re.compile(r"(?<![\w./-])([\w./-]+\.[A-Za-z]{1,8}):(\d+)")
# The fingerprints of the current rule (2) start with it; those without it are rule 1's (see above).
RULE_2 = "2-"


@dataclass(frozen=True)
class BaselineResult:
    """The findings the baseline does not accept, and its entries no finding matched any more."""

    new: list[Diagnostic]
    gone: list[BaselineEntry]
    accepted: int
    # The file's entries written by rule 1 (before issue 40), matched by that rule.
    old_rule: int = 0


class _LineReader:
    """Each file's lines and the code blocks they open, read once (a file that cannot be read has none)."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}
        self._pages: dict[str, str] = {}  # the text of each page read, to find its blocks when asked
        self._fence_lines: dict[str, set[int]] = {}  # the lines of each page a fence may open at
        self._blocks: dict[str, dict[int, str]] = {}
        self._named: dict[tuple[Path, str], str | None] = {}

    def _read(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                text = Path(path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            self._lines[path] = text.splitlines()
            self._pages[path] = text if path.endswith((".md", ".mdx")) else ""
        return self._lines[path]

    def text(self, path: str, line: int) -> str:
        lines = self._read(path)
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def block(self, path: str, line: int) -> str | None:
        """The code of the block whose opening fence is at `line`; None when no block opens there. A page is
        parsed only when a fence may open at the line asked: most findings are at lines without one, and
        parsing every page with a finding again was a twentieth of `polydocs init` on the course."""
        self._read(path)
        if path not in self._fence_lines:
            self._fence_lines[path] = _marker_lines(self._pages[path])
        if line not in self._fence_lines[path]:
            return None
        if path not in self._blocks:
            self._blocks[path] = _opened_blocks(self._pages[path])
        return self._blocks[path].get(line)

    def named_places(self, finding: Diagnostic) -> list[tuple[str, int]]:
        """The places (`en/guide.md:335`) the finding's message names, each file found from the finding's
        folder up (the message names it from the tree's top); a name no file has is left out."""
        places = []
        for match in _PLACE.finditer(finding.message):
            named = self._named_file(Path(finding.path).parent, match[1])
            if named is not None:
                places.append((named, int(match[2])))
        return places

    def _named_file(self, folder: Path, name: str) -> str | None:
        if (folder, name) not in self._named:
            found = (folder / name for folder in [folder, *folder.parents])
            self._named[folder, name] = next((str(path) for path in found if path.is_file()), None)
        return self._named[folder, name]

    def about(self, finding: Diagnostic) -> list[str]:
        """What a finding is about besides its message: its line's text and the block a fence there opens,
        then the same of each place its message names."""
        content = []
        for path, line in [(finding.path, finding.line), *self.named_places(finding)]:
            content += [self.text(path, line), self.block(path, line) or ""]
        return content

    def about_a_block(self, finding: Diagnostic) -> bool:
        """Whether a block opens at the finding's line or at a place its message names."""
        places = [(finding.path, finding.line), *self.named_places(finding)]
        return any(self.block(path, line) is not None for path, line in places)


def _marker_lines(text: str) -> set[int]:
    """The 1-based lines of the page, as its parse numbers them, holding a fence's marker (three backticks
    or tildes): the only lines a fence may open at, in a list item or a quote too."""
    from polydocs.dialect.page import split_lines  # the lines as the parse counts them

    if "```" not in text and "~~~" not in text:
        return set()
    return {number for number, line in enumerate(split_lines(text), 1) if "```" in line or "~~~" in line}


def _opened_blocks(text: str) -> dict[int, str]:
    """Each fenced block's code by the 1-based line of its opening fence, as the page's one parse finds
    them (the lines the rules and the site read)."""
    from polydocs.dialect import parse_page  # the dialect's parse, only where a baseline is asked for

    return {fence.line: fence.content for fence in parse_page(text).fences}


def without_line_numbers(message: str) -> str:
    return _LINE_NUMBER.sub(r"\1#", message)


def entry_of(finding: Diagnostic, folder: Path, lines: _LineReader) -> BaselineEntry:
    """The finding as the baseline records it (rule 2): its line's text, the block a fence there opens,
    the same of each place its message names, and its message without line numbers, as content."""
    path = relative_to_folder(finding.path, folder)
    content = "\0".join((*lines.about(finding), without_line_numbers(finding.message)))
    digest = RULE_2 + fingerprint(finding.code, path, content, finding.message)
    return BaselineEntry(path, finding.code, digest, finding.line, finding.message)


def _rule_1_entry(finding: Diagnostic, folder: Path, lines: _LineReader) -> BaselineEntry:
    """The finding as a baseline written before issue 40 recorded it: its line's text and its message."""
    path = relative_to_folder(finding.path, folder)
    digest = fingerprint(finding.code, path, lines.text(finding.path, finding.line), finding.message)
    return BaselineEntry(path, finding.code, digest, finding.line, finding.message)


def write_baseline(findings: list[Diagnostic], file: Path) -> int:
    """Record `findings` in `file`; returns how many."""
    lines = _LineReader()
    return write_entries([entry_of(finding, file.parent, lines) for finding in findings], file)


# Findings matched by their line's content only: a secret must be the very string that was accepted.
_CONTENT_ONLY = frozenset({"secret"})


def _strict(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, entry.fingerprint


def _loose(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, without_line_numbers(entry.message)


def _loose_rule_1(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, without_digits(entry.message)


def _by_message(
    pending: list[BaselineEntry],
    unused: list[BaselineEntry],
    key: Callable[[BaselineEntry], tuple[str, ...]],
    about_blocks: set[int],
) -> tuple[list[BaselineEntry], list[BaselineEntry]]:
    """The second pass: findings whose line was edited, matched by their message alone. Never a secret
    (only the very string accepted is), nor a finding about a code block (`about_blocks`, by id: its
    block changed, so what it is about changed, as in the check's baseline)."""
    loose = [e for e in pending if e.code not in _CONTENT_ONLY and id(e) not in about_blocks]
    still, gone = match_entries(loose, [e for e in unused if e.code not in _CONTENT_ONLY], key)
    passed = {id(entry) for entry in loose}
    still += [entry for entry in pending if id(entry) not in passed]
    return still, gone + [entry for entry in unused if entry.code in _CONTENT_ONLY]


def apply_baseline(findings: list[Diagnostic], file: Path) -> BaselineResult:
    """Subtract the baseline in `file` from `findings`: first by content (the line, the block a fence
    there opens, the message), then, for what is left, by message alone, so that editing a line (fixing
    one of two links on it) keeps its other accepted findings. Rule-1 entries are matched by rule 1."""
    lines, folder = _LineReader(), file.parent
    accepted = read_baseline(file)
    old = [entry for entry in accepted if not entry.fingerprint.startswith(RULE_2)]
    entries = [entry_of(finding, folder, lines) for finding in findings]
    about_blocks = {id(e) for e, f in zip(entries, findings, strict=True) if lines.about_a_block(f)}
    current = [entry for entry in accepted if entry.fingerprint.startswith(RULE_2)]
    pending, unused = match_entries(entries, current, _strict)
    rule_1 = _Rule1(old, folder, lines, dict(zip(map(id, entries), findings, strict=True)))
    pending = rule_1.match(pending, _strict, by_message=False)
    pending, gone = _by_message(pending, unused, _loose, about_blocks)
    pending = rule_1.match(pending, _loose_rule_1, by_message=True)
    new_ids = {id(entry) for entry in pending}
    new = [finding for entry, finding in zip(entries, findings, strict=True) if id(entry) in new_ids]
    return BaselineResult(new, sorted(gone + rule_1.unused), len(findings) - len(new), len(old))


class _Rule1:
    """A baseline's entries written by rule 1, matched by it: by fingerprint, then by message as before."""

    def __init__(
        self, entries: list[BaselineEntry], folder: Path, lines: _LineReader, found: dict[int, Diagnostic]
    ) -> None:
        self.unused, self._folder, self._lines, self._found = entries, folder, lines, found

    def match(
        self,
        pending: list[BaselineEntry],
        key: Callable[[BaselineEntry], tuple[str, ...]],
        *,
        by_message: bool,
    ) -> list[BaselineEntry]:
        """The findings of `pending` (rule-2 entries) no rule-1 entry accepts, by `key` (`by_message`: the
        second pass)."""
        if not self.unused:
            return pending
        as_rule_1 = {id(e): _rule_1_entry(self._found[id(e)], self._folder, self._lines) for e in pending}
        if by_message:
            left, self.unused = _by_message(list(as_rule_1.values()), self.unused, key, set())
        else:
            left, self.unused = match_entries(list(as_rule_1.values()), self.unused, key)
        kept = {id(entry) for entry in left}
        return [entry for entry in pending if id(as_rule_1[id(entry)]) in kept]
