"""Golden files: compare with `cases/<name>`; POLYDOCS_UPDATE_GOLDEN=1 rewrites them and shows the diff."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

CASES = Path(__file__).parent / "cases"


def assert_golden(actual: str, name: str) -> None:
    path = CASES / name
    expected = path.read_text(encoding="utf-8") if path.exists() else ""
    if actual != expected and os.environ.get("POLYDOCS_UPDATE_GOLDEN") == "1":
        print(
            "".join(
                difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(path), "actual")
            )
        )
        path.write_text(actual, encoding="utf-8")
        return
    assert actual == expected, "".join(
        difflib.unified_diff(expected.splitlines(True), actual.splitlines(True))
    )
