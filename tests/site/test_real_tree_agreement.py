"""A real Hugging Face documentation tree, built and linted as a new user would: `polydocs build` exits 0 and
it and `polydocs lint` report the same `source-visible`, `component-unknown` and other construct findings
(issue 37, "Done when": the one-parse rule on any tree), but for `autodoc-unavailable`, which the build
alone knows in full (whether griffe finds the object: docs/linting.md).

The tree is read where it lies, never copied into this repository: `$POLYDOCS_REAL_TREE` names a library's
`docs/source` (extracted from a clone, e.g. `git archive HEAD docs/source | tar -x`); the test skips when it
is not set or names no folder. docs/markup.md, "Findings on real trees", lists the findings that are
genuine defects of their pages.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.dialect import CONSTRUCT_CODES

REPO = Path(__file__).resolve().parents[2]
CODES = {"source-visible", "component-unknown", *CONSTRUCT_CODES} - {"autodoc-unavailable"}
Location = tuple[str, int, str]


def _real_tree() -> Path:
    tree = Path(os.environ.get("POLYDOCS_REAL_TREE", "")).expanduser()
    if not os.environ.get("POLYDOCS_REAL_TREE") or not tree.is_dir():
        pytest.skip("no real documentation tree ($POLYDOCS_REAL_TREE: a library's docs/source)")
    return tree.resolve()


def _polydocs(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        capture_output=True,
        text=True,
        timeout=1800,
    )


def _located(findings: list[dict[str, object]], cwd: Path) -> set[Location]:
    return {
        ((cwd / str(f["path"])).resolve().as_posix(), int(str(f["line"])), str(f["code"]))
        for f in findings
        if f["code"] in CODES
    }


def test_a_real_tree_builds_and_its_build_and_lint_agree(tmp_path: Path) -> None:
    tree = _real_tree()
    report = tmp_path / "report.json"
    build = _polydocs(
        "build",
        "--source",
        str(tree),
        "--out",
        str(tmp_path / "site"),
        "--report-json",
        str(report),
        cwd=tmp_path,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    built = _located(json.loads(report.read_text(encoding="utf-8"))["diagnostics"], tmp_path)
    lint = _polydocs(
        "lint",
        "--format",
        "json",
        "--rule",
        "constructs",
        "--rule",
        "source-visible",
        str(tree),
        cwd=tmp_path,
    )
    assert lint.returncode in (0, 1), lint.stderr[-3000:]
    assert built == _located(json.loads(lint.stdout), tmp_path)
