"""`scripts/check_coverage.py`, run as users run it: the table of a report, options before and after TREE."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "check_coverage.py"


def _write_tree_and_report(tmp_path: Path) -> None:
    """docs/{en,es} pages and report.json in `tmp_path`."""
    tree = tmp_path / "docs"
    for page in ("en/a.md", "en/b.md", "es/a.md", "es/b.md"):
        (tree / page).parent.mkdir(parents=True, exist_ok=True)
        (tree / page).write_text("# page\n", encoding="utf-8")
    sessions = [
        {"id": "en/a.md::L1", "page": "en/a.md", "status": "passed"},
        {"id": "en/b.md::L1", "page": "en/b.md", "status": "blocked", "blocked_reasons": ["needs cuda"]},
        {"id": "es/a.md::L1", "page": "es/a.md", "status": "failed", "blocked_reasons": []},
        {"id": "es/b.md::L1", "page": "es/b.md", "status": "fragment", "blocked_reasons": []},
    ]
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"sessions": sessions}), encoding="utf-8")


def _table(*arguments: str, cwd: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], cwd=cwd, capture_output=True, text=True, check=True
    )
    return [line for line in done.stdout.splitlines() if line.startswith("| ")]


def test_options_after_the_tree_are_the_scripts_own(tmp_path: Path) -> None:
    _write_tree_and_report(tmp_path)
    before = _table("--languages", "en", "es", "--table-of", "report.json", "docs", cwd=tmp_path)
    after = _table("docs", "--table-of", "report.json", "--languages", "en", "es", cwd=tmp_path)
    assert after == before
    rows = {row.split(" | ")[0].strip("| "): row for row in after[1:]}
    assert rows["en"] == "| en | 2 | 2 | 2 | 1 | 0 | 0 | 1 (needs cuda: 1) | 0 | 50 % | 100.0 % of 1 |"
    # A session of fragments only is no verdict: it counts in neither part of the coverage.
    assert rows["es"] == "| es | 2 | 2 | 2 | 0 | 1 | 0 | 0 | 1 | 100 % | 100.0 % of 1 |"
    assert "| **total** | 4 | 4 | 4 | 1 | 1 | 0 | 1 (needs cuda: 1) | 1 | 67 % | 100.0 % of 2 |" in after


def test_a_check_that_writes_no_report_is_a_clear_error(tmp_path: Path) -> None:
    _write_tree_and_report(tmp_path)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "docs", "--languages", "en", "--", "--no-such-option"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert "the check wrote no report" in done.stderr
    assert "Traceback" not in done.stderr
