"""The user's Spanish seed pages, linted as any contributor's pull request: each defect at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

SEEDS_ES = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "es"


def test_spanish_seeds_fail_with_each_defect_at_its_line(facts: InstalledFacts) -> None:
    if not SEEDS_ES.is_dir():
        pytest.skip("the seed pages (../shared/seeds) are not present")
    report = lint_paths([SEEDS_ES], facts=facts)
    assert [f"{Path(d.path).name}:{d.line} {d.code}" for d in report.findings] == [
        "perf_torch_compile.md:1 license-missing",
        "perf_torch_compile.md:23 claims-modes-incomplete",
        "perf_torch_compile.md:51 iframe-title",
        "perf_torch_compile.md:51 iframe-unclosed",
        "torch_compile.md:35 claims-backend",
        "torch_compile.md:41 claims-modes-incomplete",
    ]
    assert report.failed(strict=False)
