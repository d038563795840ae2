"""Helpers for the lint tests: where the cases live and how findings are written down."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from polydocs.lint.runner import LintReport

CASES = Path(__file__).parent / "cases"

LintCase = Callable[[str], tuple[Path, LintReport]]


def write_toctrees(root: Path) -> None:
    """Give every language folder without one a `_toctree.yml` listing all its pages."""
    for folder in root.iterdir():
        toctree = folder / "_toctree.yml"
        if not folder.is_dir() or toctree.exists():
            continue
        pages = sorted(p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.md"))
        entries = "".join(f"  - local: {local}\n    title: {local}\n" for local in pages)
        toctree.write_text(f"- sections:\n{entries}  title: Pages\n", encoding="utf-8")


def located(root: Path, report: LintReport) -> list[str]:
    """Each finding as `lang/page.md:line code`, relative to the tree."""
    return sorted(
        f"{Path(d.path).resolve().relative_to(root.resolve()).as_posix()}:{d.line} {d.code}"
        for d in report.findings
    )


def expected(name: str) -> list[str]:
    lines = (CASES / name / "expected.txt").read_text(encoding="utf-8").splitlines()
    return sorted(line.strip() for line in lines if line.strip())
