"""This area's golden files, `cases/<name>`, compared by the shared helper (tests/golden_files.py)."""

from __future__ import annotations

from pathlib import Path

from golden_files import assert_golden_file

CASES = Path(__file__).parent / "cases"


def assert_golden(actual: str, name: str) -> None:
    assert_golden_file(actual, CASES / name)
