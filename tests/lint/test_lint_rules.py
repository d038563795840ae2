"""One small failing sample per rule: each finding's code, path and line, and nothing else."""

from __future__ import annotations

import pytest
from lint_support import CASES, LintCase, expected, located

RULE_CASES = sorted(p.name for p in CASES.iterdir() if (p / "expected.txt").is_file())


@pytest.mark.parametrize("name", RULE_CASES)
def test_case_reports_each_defect_at_its_line(name: str, lint_case: LintCase) -> None:
    root, report = lint_case(name)
    assert located(root, report) == expected(name)
