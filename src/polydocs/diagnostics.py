"""Problems found in documentation sources, each with a `path:line` and what to do about it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from polydocs.guide import guide_url

Severity = Literal["error", "warning"]

# C0 and C1 control characters and DEL: a page's text quoted in a message must not reach a terminal or a
# CI log as an escape sequence (colours, cursor moves, a forged line).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` with its control characters written as escapes (`\x1b`); tabs and newlines kept."""
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as a user should see it: relative to the working directory (`../` where it lies outside)."""
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
        return printable(f"{text}; {self.hint}" if self.hint else text)

    def to_dict(self) -> dict[str, object]:
        return {
            "path": display_path(self.path),
            "line": self.line,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
        }


@dataclass(frozen=True)
class DiagnosticCode:
    """One code: `summary` says what it reports, `level` at what level by default, `page` and `section`
    where the guide explains it (a construct's codes: the rules table of linting.md)."""

    name: str
    level: Severity
    summary: str
    page: str = "linting.md"
    section: str = "Rules and their codes"

    @property
    def help_url(self) -> str:
        return guide_url(self.page, self.section)


def code_table(*codes: DiagnosticCode) -> dict[str, DiagnosticCode]:
    """Codes by name, in the order first given. A code given again must be the same declaration (the
    component codes several constructs report): one name declared two ways is an error."""
    table: dict[str, DiagnosticCode] = {}
    for code in codes:
        if table.setdefault(code.name, code) != code:
            raise ValueError(
                f"the code {code.name!r} is declared twice, differently: {table[code.name]} and {code}"
            )
    return table


@dataclass
class PolydocsError(Exception):
    """An expected failure: bad input or a failed check, reported as a list of diagnostics."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: str = ""

    def __post_init__(self) -> None:
        # A message passed first (`PolydocsError("text")`) would be read as one diagnostic per character.
        if not isinstance(self.diagnostics, list) or not all(
            isinstance(item, Diagnostic) for item in self.diagnostics
        ):
            raise TypeError("PolydocsError takes a list of Diagnostic; give a message as summary=...")

    def __str__(self) -> str:
        lines = [self.summary] if self.summary else []
        lines += [str(d) for d in self.diagnostics]
        return "\n".join(lines)


def counted(count: int, noun: str) -> str:
    """`1 session`, `2 sessions`: a count with its noun, for messages."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


_READING = "polydocs was reading "


@contextmanager
def reading(path: str | os.PathLike[str], line: int = 0) -> Iterator[None]:
    """Name the input being read on any unexpected exception that passes, for the one top-level answer.

    Expected problems are `PolydocsError`s with their own locations; this is for everything else.
    """
    try:
        yield
    except PolydocsError:
        raise
    except Exception as error:
        if not any(note.startswith(_READING) for note in getattr(error, "__notes__", [])):
            where = f"{display_path(path)}:{line}" if line else display_path(path)
            error.add_note(_READING + where)
        raise


def unexpected_error(command: str, error: BaseException) -> str:
    """What a user reads instead of a traceback: what failed, on which input, and what to do."""
    where = next(
        (
            note.removeprefix(_READING)
            for note in getattr(error, "__notes__", [])
            if note.startswith(_READING)
        ),
        "",
    )
    filename = getattr(error, "filename", None)
    if not where and filename:
        where = display_path(filename)
    summary = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = f"polydocs {command}: {where + ': ' if where else ''}unexpected {type(error).__name__}"
    text += f": {summary}" if summary else ""
    hint = "check that input" if where else "check the input named in the message"
    return (
        f"{text}\n{hint}; run `polydocs --debug {command} ...` for the traceback, and report it "
        "to the polydocs maintainers if the input looks right"
    )
