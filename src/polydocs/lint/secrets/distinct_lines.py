"""Scanning many pages for secrets at the cost of their distinct lines (translations repeat code blocks)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path

from polydocs.lint.secrets.detect import FoundSecret, find_secrets
from polydocs.sources.pages import PAGE_SUFFIXES

_NEXT_LINE_PRAGMA = "allowlist nextline"


def scan_distinct_lines(texts: dict[Path, str]) -> dict[Path, list[FoundSecret]]:
    """Scan each distinct line once: translations repeat their code blocks, a tree its boilerplate.

    What detect-secrets finds on a line depends on the line, the file's suffix (its keyword rules) and,
    through a `pragma: allowlist nextline secret` comment, the line before. Each distinct (suffix,
    pragma line, line) is written once to a file per suffix, scanned, and its findings given back to
    every place it occurs.
    """
    places: dict[tuple[str, str, str], list[tuple[Path, int]]] = {}
    for path, text in texts.items():
        previous = ""
        for number, line in enumerate(text.splitlines(), 1):
            pragma = previous if _NEXT_LINE_PRAGMA in previous else ""
            places.setdefault((path.suffix, pragma, line), []).append((path, number))
            previous = line
    found: dict[Path, list[FoundSecret]] = {path: [] for path in texts}
    with tempfile.TemporaryDirectory(prefix="polydocs-secrets-") as folder:
        by_suffix: dict[str, list[tuple[str, str, str]]] = {}
        for key in places:
            by_suffix.setdefault(key[0], []).append(key)
        lines_of: dict[Path, dict[int, tuple[str, str, str]]] = {}
        for index, (suffix, keys) in enumerate(by_suffix.items()):
            synthetic = Path(folder) / f"published-{index}{suffix}"
            lines_of[synthetic] = _write_distinct_lines(synthetic, keys)
        for synthetic, secrets in find_secrets(list(lines_of)).items():
            for secret in secrets:
                where = lines_of[synthetic].get(secret.line)
                for path, number in places.get(where, []) if where else []:
                    found[path].append(FoundSecret(number, secret.kind, secret.secret_hash))
    return found


def _write_distinct_lines(path: Path, keys: list[tuple[str, str, str]]) -> dict[int, tuple[str, str, str]]:
    """One line per key, after its pragma line where it has one; a blank line after any line holding
    the pragma itself, so that it allowlists nothing it did not precede. Returns line -> key."""
    text: list[str] = []
    lines: dict[int, tuple[str, str, str]] = {}
    for key in keys:
        _, pragma, line = key
        if pragma:
            text.append(pragma)
        text.append(line)
        lines[len(text)] = key
        if _NEXT_LINE_PRAGMA in line:
            text.append("")
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return lines


def secrets_in_files(paths: Iterable[Path]) -> dict[Path, list[FoundSecret]]:
    """Every secret in `paths`: pages by their distinct lines, every other file scanned whole (a YAML or
    INI file is read by detect-secrets as a whole, through its transformers)."""
    pages: dict[Path, str] = {}
    others: list[Path] = []
    for path in paths:
        try:
            if path.suffix in PAGE_SUFFIXES:
                pages[path] = path.read_text(encoding="utf-8")
                continue
        except (OSError, UnicodeDecodeError):
            pass
        others.append(path)
    return {**scan_distinct_lines(pages), **find_secrets(others)}
