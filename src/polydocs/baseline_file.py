"""The baseline file both `polydocs lint` and `polydocs check` read and write: the findings a tree accepts.

The file is JSON lines, one `BaselineEntry` a line, sorted: reviewable in a diff, and it holds no line
text (a line may be a secret), only a digest of it, the entry's `fingerprint` (`fingerprint`: its code,
its file relative to the baseline's folder, what it is about and its message with every digit left out).
What a finding is about is each command's own: lint's rule is in `lint/baseline.py`, the check's in
`snippets/baseline.py`. Identical fingerprints are counted (`match_entries`), so a second copy of an
accepted problem is still new.
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


def relative_to_folder(path: str, folder: Path) -> str:
    return Path(os.path.relpath(os.path.abspath(path), folder.resolve())).as_posix()


def without_digits(message: str) -> str:
    """The message with every run of digits left out (`#`), as its fingerprint reads it."""
    return _DIGITS.sub("#", message)


def fingerprint(code: str, path: str, content: str, message: str) -> str:
    """The one rule that recognises a finding without its line number: its code, its file, the content it
    is about (lint's: the text of its line and more, see lint/baseline.py; the snippet checker's, see
    snippets/baseline.py) and its message with digits left out."""
    content = _SPACE.sub(" ", content.strip())
    return hashlib.sha256("\0".join((code, path, content, without_digits(message))).encode()).hexdigest()[:20]


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
