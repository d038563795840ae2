"""What stops a build is what lint reports first: the same code at the same page line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from polydocs.cli import main

REPO = Path(__file__).resolve().parents[2]


def _errors(report: Path) -> set[tuple[str, int, str]]:
    found = json.loads(report.read_text())
    items = found["diagnostics"] if isinstance(found, dict) else found
    return {(Path(d["path"]).name, d["line"], d["code"]) for d in items}


def test_missing_benchmark_results_are_reported_by_build_and_lint_at_the_placeholders_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", source)
    shutil.rmtree(source / "_data" / "benchmarks")
    page = source / "es" / "perf_torch_compile.md"
    page.write_text("---\ntitle: Inferencia\n---\n" + page.read_text(encoding="utf-8"), encoding="utf-8")
    line = 1 + page.read_text(encoding="utf-8").split("\n").index("<!-- polydocs: benchmarks -->")

    build_report, lint_report = tmp_path / "build.json", tmp_path / "lint.json"
    site = tmp_path / "site"
    code = main(
        [
            "build",
            "--source",
            str(source),
            "--out",
            str(site),
            "--report-json",
            str(build_report),
        ]
    )
    assert code == 0  # one page's placeholder does not take the site down; --strict refuses it
    shown = (site / "es" / "perf_torch_compile" / "index.html").read_text(encoding="utf-8")
    assert "polydocs: benchmarks" not in shown and "Inferencia" in shown
    capsys.readouterr()
    main(["lint", str(source), "--format", "json"])
    lint_report.write_text(capsys.readouterr().out)
    built = {e for e in _errors(build_report) if e[2] == "bench-no-data"}
    assert ("perf_torch_compile.md", line, "bench-no-data") in built
    assert built <= _errors(lint_report)
