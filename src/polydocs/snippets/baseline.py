"""The check's baseline: the failures a tree accepts today, so that CI fails only on new ones.

`polydocs check --write-baseline FILE` records every failure of the run; `--baseline FILE` accepts the
failures recorded there and fails only on the others. The file is lint's format (JSON lines of
`baseline_file.BaselineEntry`, paths relative to its folder) and a failure's fingerprint is lint's one rule
(`baseline_file.fingerprint`: code, page, content, message without digits), given as content what places
a failure on its page without a line number: the text of the failing line, its offset inside its code
block, that block's code (comments dropped), the last line of text before the block (what the page says
it is for) and, for blocks alike in all of these, which of them it is. So lines added or removed
anywhere outside the block keep a failure accepted, an edit of the failing block or of the line that
introduces it makes it new (what failed changed), and two failures of one page share a fingerprint only
in identical blocks under identical introductions (lint's, reading only the line's text, gives two
failures on identical lines one, so fixing one and breaking another passed silently). Matching is exact:
no second pass by message as lint makes for edited lines.

Used by the pytest plugin, and by `polydocs init` through `write_check_baseline` (docs/checking.md).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from polydocs.baseline_file import (
    BaselineEntry,
    fingerprint,
    match_entries,
    read_baseline,
    relative_to_folder,
    write_entries,
)
from polydocs.diagnostics import Diagnostic
from polydocs.snippets.fingerprint import code_hash
from polydocs.snippets.regions import Region, scan_page
from polydocs.snippets.sessions import Session

COMMAND = "polydocs check"
# What differs from one run of the same failure to the next: object addresses, the session's folder.
_RUN_SPECIFIC = re.compile(r"0x[0-9a-fA-F]+|polydocs-session-[\w-]+")


@dataclass(frozen=True)
class FailurePrint:
    """One failure of a session as the report records it for the baseline (its page is the session's)."""

    line: int
    code: str
    fingerprint: str
    message: str


def failure_prints(session: Session, failures: list[Diagnostic]) -> list[FailurePrint]:
    """Each failure of `session` (report.session_failures) with its fingerprint."""
    if not failures:
        return []
    text = session.path.read_text(encoding="utf-8", errors="replace").splitlines()
    page = scan_page(session.path).regions
    return [_print(session, failure, text, page) for failure in failures]


def _print(session: Session, failure: Diagnostic, text: list[str], page: list[Region]) -> FailurePrint:
    region = next((r for r in session.regions if r.start_line <= failure.line <= r.end_line), None)
    region = region or next((r for r in session.regions if failure.line < r.start_line), session.regions[0])
    hashed, intro = code_hash(region.source), _intro(text, region)
    twins = [r for r in page if code_hash(r.source) == hashed and _intro(text, r) == intro]
    which = next((i for i, r in enumerate(twins) if r.start_line == region.start_line), 0)
    line_text = text[failure.line - 1] if 0 < failure.line <= len(text) else ""
    content = f"{line_text}\0{failure.line - region.start_line}\0{hashed}\0{intro}\0{which}"
    message = _RUN_SPECIFIC.sub("#", failure.message)
    return FailurePrint(
        failure.line, failure.code, fingerprint(failure.code, session.page, content, message), failure.message
    )


def _intro(text: list[str], region: Region) -> str:
    """The last line with text before the block's fence: what the page says the block is for."""
    before = (line.strip() for line in reversed(text[: max(region.start_line - 1, 0)]))
    return next((line for line in before if line), "")


def prints_of(record: dict[str, Any]) -> list[FailurePrint]:
    return [FailurePrint(**item) for item in record.get("baseline", [])]


def _entries(records: list[dict[str, Any]], folder: Path) -> list[BaselineEntry]:
    return [
        BaselineEntry(relative_to_folder(record["path"], folder), p.code, p.fingerprint, p.line, p.message)
        for record in records
        for p in prints_of(record)
    ]


def write_baseline_from_records(records: list[dict[str, Any]], file: Path) -> int:
    """Record every failure of `records` (the report's sessions) in `file`; returns how many."""
    file.parent.mkdir(parents=True, exist_ok=True)
    return write_entries(_entries(records, file.parent.resolve()), file)


def write_baseline_from_report(report: Path, file: Path, checked_from: Path | None = None) -> int:
    """Record every failure of a `--report-json` report in `file`; returns how many. The report's paths
    are relative to the folder the check ran from: `checked_from`, by default the working directory."""
    records = json.loads(report.read_text(encoding="utf-8"))["sessions"]
    base = checked_from or Path.cwd()
    return write_baseline_from_records([{**r, "path": str(base / r["path"])} for r in records], file)


def write_check_baseline(
    paths: list[Path], file: Path, options: list[str] | None = None, cwd: Path | None = None
) -> int:
    """Run `polydocs check PATHS --write-baseline FILE [OPTIONS]` from `cwd` (a subprocess: the check is a
    pytest run of its own) and return how many failures it recorded; for `polydocs init` and scripts. It
    takes as long as a check of those pages; raises CalledProcessError when the check could not run."""
    command = [sys.executable, "-m", "polydocs", "check", *map(str, paths), "--write-baseline", str(file)]
    subprocess.run([*command, *(options or [])], check=True, cwd=cwd)
    return sum(
        1 for line in (cwd or Path.cwd()).joinpath(file).read_text(encoding="utf-8").splitlines() if line
    )


@dataclass
class CheckBaseline:
    """A baseline read once per process: which failures of a page it accepts."""

    file: Path
    entries: list[BaselineEntry]

    @classmethod
    def read(cls, file: Path) -> CheckBaseline:
        return cls(file, read_baseline(file, COMMAND))

    def new_failures(self, record: dict[str, Any], failures: list[Diagnostic]) -> list[Diagnostic]:
        """The failures of a session (`failures`, as `record["baseline"]` prints them) it does not accept."""
        found = self._found([record])
        page = [entry for entry in self.entries if entry.path == found[0].path] if found else []
        unmatched, _ = match_entries(found, page, _key)
        new_lines = Counter((entry.line, entry.code) for entry in unmatched)
        new = []
        for failure in failures:
            if new_lines[(failure.line, failure.code)] > 0:
                new_lines[(failure.line, failure.code)] -= 1
                new.append(failure)
        return new

    def gone(self, records: list[dict[str, Any]]) -> list[BaselineEntry]:
        """The entries of the pages `records` checked that no failure matched any more."""
        checked = {relative_to_folder(record["path"], self.file.parent.resolve()) for record in records}
        entries = [entry for entry in self.entries if entry.path in checked]
        _, unused = match_entries(self._found(records), entries, _key)
        return sorted(unused)

    def _found(self, records: list[dict[str, Any]]) -> list[BaselineEntry]:
        return _entries(records, self.file.parent.resolve())


def _key(entry: BaselineEntry) -> tuple[str, ...]:
    return entry.code, entry.path, entry.fingerprint


def as_report(prints: list[FailurePrint]) -> list[dict[str, Any]]:
    return [asdict(p) for p in prints]
