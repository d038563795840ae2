"""Lint fixtures: case trees copied into tmp_path, and one InstalledFacts for the whole session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lint_support import CASES, LintCase, write_toctrees

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import LintReport, lint_paths


@pytest.fixture(scope="session")
def facts() -> InstalledFacts:
    """Real answers from the installed torch and transformers, asked once, kept in memory only."""
    return InstalledFacts(store=None)


@pytest.fixture
def lint_case(tmp_path: Path, facts: InstalledFacts) -> LintCase:
    """Copy `cases/<name>/` to tmp_path/docs_src (adding toctrees), lint it, return the root and report."""

    def run(name: str) -> tuple[Path, LintReport]:
        root = tmp_path / "docs_src"
        shutil.copytree(CASES / name, root, ignore=shutil.ignore_patterns("expected.txt"))
        (root / "en").mkdir(exist_ok=True)
        write_toctrees(root)
        return root, lint_paths([root], facts=facts)

    return run
