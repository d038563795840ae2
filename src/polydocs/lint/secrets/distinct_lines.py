"""Scanning many pages for secrets at the cost of their distinct lines (translations repeat code blocks)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.lint.secrets.detect import FoundSecret, configured_scanner, secrets_in

if TYPE_CHECKING:
    from detect_secrets.plugins.base import BasePlugin

# What detect-secrets' `pragma: allowlist nextline secret` regexes all hold (a space or a dash between).
_NEXT_LINE_PRAGMA = re.compile(r"allowlist[ -]nextline")
# The first line of each file of distinct lines. detect-secrets tries to read any file as INI (as YAML
# too for `.yml`), first as it is, then with a section header added, and where that parses it scans
# the file's `key = "value"` pairs instead of its lines, a reading of the whole file. No INI reading
# takes a line without `=` or `:` outside a section, and no YAML a line opening with `@`: with this
# line every file is scanned line by line, each line judged on its own (and the one before it), whatever
# lines it holds: what lets the prefilter leave lines out (`tests/lint/test_secret_prefilter.py`).
_NO_TRANSFORMER_READS_THIS = "@polydocs-distinct-lines-each-judged-alone"

Key = tuple[str, str, str]  # (the file's suffix, the pragma line before it or "", the line)


def scan_distinct_lines(texts: dict[Path, str], prefilter: bool = True) -> dict[Path, list[FoundSecret]]:
    """Scan each distinct line once: translations repeat their code blocks, a tree its boilerplate.

    What detect-secrets finds on a line depends on the line, the file's suffix (its keyword rules) and,
    through a `pragma: allowlist nextline secret` comment, the line before. Each distinct (suffix,
    pragma line, line) is written once to a file per suffix, scanned, and its findings given back to
    every place it occurs. With `prefilter`, only the lines some plugin reports anything on are
    written (`prefilter.py`); the findings are the same.
    """
    places = _places(texts)
    found: dict[Path, list[FoundSecret]] = {path: [] for path in texts}
    with tempfile.TemporaryDirectory(prefix="polydocs-secrets-") as folder, configured_scanner() as plugins:
        by_suffix: dict[str, list[Key]] = {}
        for key in places:
            by_suffix.setdefault(key[0], []).append(key)
        for index, (suffix, keys) in enumerate(by_suffix.items()):
            synthetic = Path(folder) / f"published-{index}{suffix}"
            lines_of = _write_distinct_lines(synthetic, _worth_scanning(plugins, synthetic, keys, prefilter))
            for secret in secrets_in(synthetic):
                where = lines_of.get(secret.line)
                for path, number in places.get(where, []) if where else []:
                    found[path].append(FoundSecret(number, secret.kind, secret.secret_hash))
    return found


def _places(texts: dict[Path, str]) -> dict[Key, list[tuple[Path, int]]]:
    places: dict[Key, list[tuple[Path, int]]] = {}
    for path, text in texts.items():
        previous = ""
        for number, line in enumerate(text.splitlines(), 1):
            pragma = previous if _NEXT_LINE_PRAGMA.search(previous) else ""
            places.setdefault((path.suffix, pragma, line), []).append((path, number))
            previous = line
    return places


def _worth_scanning(
    plugins: list[BasePlugin], synthetic: Path, keys: list[Key], prefilter: bool
) -> list[Key]:
    from polydocs.lint.secrets.prefilter import lines_worth_scanning

    kept = lines_worth_scanning(plugins, synthetic.name, [line for _, _, line in keys]) if prefilter else None
    return keys if kept is None else [key for index, key in enumerate(keys) if index in kept]


def _write_distinct_lines(path: Path, keys: list[Key]) -> dict[int, Key]:
    """One line per key, after its pragma line where it has one; a blank line after any line holding
    the pragma itself, so that it allowlists nothing it did not precede. Returns line -> key."""
    text: list[str] = [_NO_TRANSFORMER_READS_THIS]
    lines: dict[int, Key] = {}
    for key in keys:
        _, pragma, line = key
        if pragma:
            text.append(pragma)
        text.append(line)
        lines[len(text)] = key
        if _NEXT_LINE_PRAGMA.search(line):
            text.append("")
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return lines
