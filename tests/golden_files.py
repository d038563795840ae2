"""Golden files: compare with the expected file; POLYDOCS_UPDATE_GOLDEN=1 rewrites it and shows the diff."""

from __future__ import annotations

import difflib
import os
from pathlib import Path


def assert_golden_file(actual: str, path: Path) -> None:
    expected = path.read_text(encoding="utf-8") if path.exists() else ""
    diff = "".join(
        difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(path), "actual")
    )
    if actual != expected and os.environ.get("POLYDOCS_UPDATE_GOLDEN") == "1":
        print(diff)
        path.write_text(actual, encoding="utf-8")
        return
    assert actual == expected, diff
