"""Reading a source file as UTF-8: a file that is not is reported at the line of its first bad byte."""

from __future__ import annotations

from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError, Severity


def not_utf8(
    path: Path, data: bytes, error: UnicodeDecodeError, consequence: str, severity: Severity
) -> Diagnostic:
    line = data.count(b"\n", 0, error.start) + 1
    return Diagnostic(
        str(path),
        line,
        "encoding",
        f"not UTF-8 (byte 0x{data[error.start]:02x}); {consequence}",
        "re-save the file as UTF-8",
        severity,
    )


def read_utf8(path: Path, consequence: str, severity: Severity = "error") -> str:
    """The file's text; raises PolydocsError (`path:line: encoding ...; consequence`) when it is not UTF-8."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PolydocsError([not_utf8(path, data, error, consequence, severity)]) from None
