"""Problems found in documentation sources, each with a `path:line` and what to do about it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as a user should see it: relative to the working directory when it lies below it."""
    text = os.fspath(path)
    if text.startswith("<"):
        return text
    try:
        # Not `resolve()`: a symbolic link is shown where it is, not where it points.
        return os.path.relpath(os.path.abspath(text), Path.cwd())
    except ValueError:  # another drive on Windows
        return text


@dataclass(frozen=True)
class Diagnostic:
    """One problem at one place in the sources."""

    path: str
    line: int
    code: str
    message: str
    hint: str = ""
    severity: Severity = "warning"

    def __str__(self) -> str:
        where = f"{display_path(self.path)}:{self.line}" if self.line else display_path(self.path)
        text = f"{where}: {self.code} {self.message}"
        return f"{text}; {self.hint}" if self.hint else text

    def to_dict(self) -> dict[str, object]:
        return {
            "path": display_path(self.path),
            "line": self.line,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
        }


@dataclass
class PolydocsError(Exception):
    """An expected failure: bad input or a failed check, reported as a list of diagnostics."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: str = ""

    def __str__(self) -> str:
        lines = [self.summary] if self.summary else []
        lines += [str(d) for d in self.diagnostics]
        return "\n".join(lines)
