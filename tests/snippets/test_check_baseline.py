"""`polydocs check --write-baseline FILE` records today's failures, `--baseline FILE` fails only on new
ones: accepted across lines added elsewhere, never across a fixed failure and a new one alike in text
(real `polydocs check` runs; each run is one session)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.snippets.baseline import write_baseline_from_report, write_check_baseline

from .test_sandbox import _checker_environment
from .test_sandbox_hostile import HANG_SECONDS, SUPPORT

pytestmark = pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")

FAILING = 'raise ValueError("bad 7")'


def _page(*parts: str) -> str:
    return "\n".join(parts) + "\n"


def _block(code: str) -> str:
    return f"```py\n{code}\n```\n"


def _run(tmp_path, page: str, *options: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "docs" / "en").mkdir(parents=True, exist_ok=True)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    (tmp_path / "docs" / "en" / "page.md").write_text(page)
    return subprocess.run(
        [sys.executable, "-m", "polydocs", "check", "docs", "--cache-dir", str(tmp_path / "cache"), *options],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, None),
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )


def _entries(file) -> list[dict]:
    return [json.loads(line) for line in file.read_text().splitlines()]


def test_a_baseline_accepts_todays_failures_across_drift_and_catches_a_new_one_alike(tmp_path):
    page = _page("# Page", "First:", _block(FAILING), "Second:", _block(FAILING.replace("7", "8")))
    (tmp_path / "docs" / "en").mkdir(parents=True)
    (tmp_path / "docs" / "en" / "page.md").write_text(page)
    options = ["--cache-dir", "cache", "--report-json", "report.json"]
    assert write_check_baseline([Path("docs")], Path("baseline.jsonl"), options, cwd=tmp_path) == 2
    entries = _entries(tmp_path / "baseline.jsonl")
    # Two failures whose messages differ only in digits, on lines alike: two fingerprints.
    assert [(e["path"], e["line"], e["code"]) for e in entries] == [
        ("docs/en/page.md", 4, "snippet-failed"),
        ("docs/en/page.md", 9, "snippet-failed"),
    ]
    assert len({e["fingerprint"] for e in entries}) == 2
    # The report holds the same fingerprints: a baseline can be written from it afterwards.
    assert write_baseline_from_report(tmp_path / "report.json", tmp_path / "again.jsonl", tmp_path) == 2
    assert (tmp_path / "again.jsonl").read_text() == (tmp_path / "baseline.jsonl").read_text()

    drifted = _page("# Page", "", "Some new prose.", "", page)
    accepted = _run(tmp_path, drifted, "--baseline", "baseline.jsonl")
    assert accepted.returncode == 0, accepted.stdout
    assert "2 failures accepted by" in accepted.stdout

    # The first failure fixed, a new one alike under a new introduction: new, and the fixed one is gone.
    swapped = _page("# Page", "First:", _block("pass"), "Second:", _block(FAILING.replace("7", "8")))
    swapped += _page("Third:", _block(FAILING.replace("7", "9")))
    caught = _run(tmp_path, swapped, "--baseline", "baseline.jsonl")
    assert caught.returncode == 1, caught.stdout
    assert "docs/en/page.md:14: snippet-failed ValueError: bad 9" in caught.stdout
    assert "docs/en/page.md:9: snippet-failed" not in caught.stdout.split("short test summary")[-1]
    assert "1 failures of" in caught.stdout and "docs/en/page.md:4: snippet-failed ValueError: bad 7" in (
        caught.stdout
    )


def test_a_damaged_baseline_is_refused_at_its_line(tmp_path):
    (tmp_path / "baseline.jsonl").write_text('{"path": "docs/en/page.md"}\n')
    done = _run(tmp_path, _page(_block("pass")), "--baseline", "baseline.jsonl")
    assert done.returncode != 0
    assert "baseline.jsonl:1: check-baseline not a baseline entry" in done.stdout + done.stderr
    assert "polydocs check --write-baseline FILE" in done.stdout + done.stderr
