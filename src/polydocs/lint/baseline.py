"""The baseline of accepted findings: `--write-baseline FILE` records them, `--baseline FILE` subtracts them.

A finding is recognised by its code, its file (relative to the baseline's folder) and a fingerprint of
its content: the text of the line it is at and its message, with digits left out of the message (they
are often line numbers of another page). Line numbers are not part of it, so an edit above a finding
keeps it accepted; a finding whose line is edited is new. Identical fingerprints are counted, so a
second copy of an accepted problem is still new.

The file is JSON lines, one finding a line, sorted: reviewable in a diff, and it holds no line text
(a line may be a secret), only its digest.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError

_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, order=True)
class BaselineEntry:
    """One accepted finding; `line` and `message` are there for reviewers, not for matching."""

    path: str
    code: str
    fingerprint: str
    line: int
    message: str

    def to_json(self) -> str:
        return json.dumps(
            {k: getattr(self, k) for k in ("path", "code", "fingerprint", "line", "message")},
            ensure_ascii=False,
        )


@dataclass(frozen=True)
class BaselineResult:
    """The findings the baseline does not accept, and its entries no finding matched any more."""

    new: list[Diagnostic]
    gone: list[BaselineEntry]
    accepted: int


def relative_to_folder(path: str, folder: Path) -> str:
    return Path(os.path.relpath(os.path.abspath(path), folder.resolve())).as_posix()


class _LineReader:
    """Each file's lines, read once (a file that cannot be read has no line text)."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def text(self, path: str, line: int) -> str:
        if path not in self._lines:
            try:
                self._lines[path] = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self._lines[path] = []
        lines = self._lines[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""


def fingerprint(code: str, path: str, content: str, message: str) -> str:
    """The one rule that recognises a finding without its line number: its code, its file, the content it
    is about (here the text of its line; the snippet checker's baseline passes more, see
    snippets/baseline.py) and its message with digits left out."""
    content = _SPACE.sub(" ", content.strip())
    message = _DIGITS.sub("#", message)
    return hashlib.sha256("\0".join((code, path, content, message)).encode()).hexdigest()[:20]


def entry_of(finding: Diagnostic, folder: Path, lines: _LineReader) -> BaselineEntry:
    path = relative_to_folder(finding.path, folder)
    digest = fingerprint(finding.code, path, lines.text(finding.path, finding.line), finding.message)
    return BaselineEntry(path, finding.code, digest, finding.line, finding.message)


def write_baseline(findings: list[Diagnostic], file: Path) -> int:
    """Record `findings` in `file`; returns how many."""
    lines = _LineReader()
    return write_entries([entry_of(finding, file.parent, lines) for finding in findings], file)


def write_entries(entries: list[BaselineEntry], file: Path) -> int:
    """`entries` in `file`, one JSON line each, sorted; returns how many."""
    text = "".join(entry.to_json() + "\n" for entry in sorted(entries))
    file.write_text(text, encoding="utf-8")
    return len(entries)


def read_baseline(file: Path, command: str = "polydocs lint") -> list[BaselineEntry]:
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise _problem(file, 0, f"cannot read the baseline ({error.strerror})", command) from error
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            entries.append(BaselineEntry(**{k: data[k] for k in BaselineEntry.__dataclass_fields__}))
        except (ValueError, KeyError, TypeError) as error:
            raise _problem(file, number, f"not a baseline entry ({error})", command) from error
    return entries


def _problem(file: Path, line: int, message: str, command: str) -> PolydocsError:
    hint = f"write it again with `{command} --write-baseline FILE`"
    code = f"{command.split()[-1]}-baseline"
    return PolydocsError([Diagnostic(str(file), line, code, message, hint, "error")])


# Findings matched by their line's content only: a secret must be the very string that was accepted.
_CONTENT_ONLY = frozenset({"secret"})


def _strict(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, entry.fingerprint


def _loose(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, _DIGITS.sub("#", entry.message)


def match_entries(
    pending: list[BaselineEntry],
    accepted: list[BaselineEntry],
    key: Callable[[BaselineEntry], tuple[str, ...]],
) -> tuple[list[BaselineEntry], list[BaselineEntry]]:
    """Pair findings with accepted entries of the same key; returns (unmatched findings, unused entries)."""
    remaining = Counter(key(entry) for entry in accepted)
    unmatched = []
    for entry in pending:
        if remaining[key(entry)] > 0:
            remaining[key(entry)] -= 1
        else:
            unmatched.append(entry)
    unused = []
    for entry in accepted:
        if remaining[key(entry)] > 0:
            remaining[key(entry)] -= 1
            unused.append(entry)
    return unmatched, unused


def apply_baseline(findings: list[Diagnostic], file: Path) -> BaselineResult:
    """Subtract the baseline in `file` from `findings`: first by content (the line and message), then, for
    what is left, by message alone, so that editing a line (fixing one of two links on it) keeps its
    other accepted findings."""
    lines = _LineReader()
    by_entry = [entry_of(finding, file.parent, lines) for finding in findings]
    unmatched, unused = match_entries(by_entry, read_baseline(file), _strict)
    loose = [entry for entry in unmatched if entry.code not in _CONTENT_ONLY]
    still, gone = match_entries(loose, [entry for entry in unused if entry.code not in _CONTENT_ONLY], _loose)
    new_ids = {id(entry) for entry in still} | {id(e) for e in unmatched if e.code in _CONTENT_ONLY}
    new = [finding for entry, finding in zip(by_entry, findings, strict=True) if id(entry) in new_ids]
    gone += [entry for entry in unused if entry.code in _CONTENT_ONLY]
    return BaselineResult(new, sorted(gone), len(findings) - len(new))
