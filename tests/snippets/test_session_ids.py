"""Two trees checked together keep their sessions apart: ids, reports, the terminal and the baseline name
each page by its file, not by its key in its own tree (real `polydocs check` runs in the sandbox)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_sandbox import _checker_environment
from .test_sandbox_hostile import HANG_SECONDS, SUPPORT

pytestmark = pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")

TOCTREE = "- sections:\n  - local: quicktour\n    title: Quicktour\n  title: Start\n"
# What `--write-baseline` wrote for accelerate's page before session ids held the page's file: a baseline
# written then must still accept the failure.
BASELINE_BEFORE = {
    "path": "accelerate/docs/source/quicktour.md",
    "code": "snippet-failed",
    "fingerprint": "f00f05acfe487dfc4c7d",
    "line": 4,
    "message": "ValueError: accelerate is not ready",
}


def _library(tmp_path: Path, name: str) -> Path:
    """`NAME/docs/source`: a single-language tree (its `_toctree.yml` at its top, no `en/` folder), as
    accelerate's and peft's are; both have a `quicktour.md` whose session starts at line 3."""
    source = tmp_path / name / "docs" / "source"
    source.mkdir(parents=True)
    (source / "_toctree.yml").write_text(TOCTREE)
    (source / "quicktour.md").write_text(
        f'# Quicktour\n\n```py\nraise ValueError("{name} is not ready")\n```\n'
    )
    return source


def _check(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    trees = ["accelerate/docs/source", "peft/docs/source"]
    return subprocess.run(
        [sys.executable, "-m", "polydocs", "check", *trees, "--cache-dir", str(tmp_path / "cache"), *options],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, None),
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )


def test_two_trees_pages_of_one_name_are_two_sessions_everywhere(tmp_path):
    _library(tmp_path, "accelerate")
    _library(tmp_path, "peft")
    done = _check(tmp_path, "--report-json", "report.json", "--write-baseline", "baseline.jsonl")
    report = json.loads((tmp_path / "report.json").read_text())
    assert [(s["id"], s["page"], s["status"]) for s in report["sessions"]] == [
        ("accelerate/docs/source/quicktour.md::L3", "en/quicktour.md", "failed"),
        ("peft/docs/source/quicktour.md::L3", "en/quicktour.md", "failed"),
    ]
    assert report["totals"]["failed"] == 2
    assert "accelerate/docs/source/quicktour.md:3" in done.stdout and "peft/docs/source/quicktour.md:3" in (
        done.stdout
    )
    entries = [json.loads(line) for line in (tmp_path / "baseline.jsonl").read_text().splitlines()]
    assert [(e["path"], e["message"]) for e in entries] == [
        ("accelerate/docs/source/quicktour.md", "ValueError: accelerate is not ready"),
        ("peft/docs/source/quicktour.md", "ValueError: peft is not ready"),
    ]
    assert entries[0] == BASELINE_BEFORE  # the fingerprint a baseline written before holds

    accepted = _check(tmp_path, "--baseline", "baseline.jsonl")
    assert accepted.returncode == 0, accepted.stdout
    assert "2 failures accepted by" in accepted.stdout


def test_a_baseline_written_before_still_accepts_its_failure(tmp_path):
    _library(tmp_path, "accelerate")
    _library(tmp_path, "peft")
    (tmp_path / "before.jsonl").write_text(json.dumps(BASELINE_BEFORE) + "\n")
    done = _check(tmp_path, "--baseline", "before.jsonl")
    assert done.returncode == 1, done.stdout  # peft's failure is new
    assert "1 failures accepted by" in done.stdout
    assert "peft/docs/source/quicktour.md:4: snippet-failed ValueError: peft is not ready" in done.stdout
    assert "FAILED peft/docs/source/quicktour.md::L3" in done.stdout
    assert "FAILED accelerate" not in done.stdout
