"""`polydocs lint` reports the HTML the site would remove, at the same lines as the build."""

import textwrap
from pathlib import Path

from hostile_pages import EXPECTED_WARNINGS, HOSTILE_TREE
from polydocs.lint.rules import PAGE_RULES
from polydocs.lint.runner import lint_paths

REPO = Path(__file__).resolve().parents[2]


def _hostile_tree(root: Path) -> Path:
    for name, text in HOSTILE_TREE.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def _located(root: Path, findings) -> list[str]:
    return [
        f"{Path(d.path).resolve().relative_to(root.resolve()).as_posix()}:{d.line}: {d.code} {d.message}"
        for d in findings
    ]


def test_the_rule_is_part_of_lint():
    assert "unsafe-html" in PAGE_RULES


def test_lint_reports_every_removal_the_build_warns_about(tmp_path, facts):
    root = _hostile_tree(tmp_path / "docs_src")
    report = lint_paths([root], facts=facts, rules=["unsafe-html"])
    found = _located(root, report.findings)
    missing = [
        expected for expected in EXPECTED_WARNINGS if not any(line.startswith(expected) for line in found)
    ]
    assert not missing, "\n".join(found)
    assert all(d.severity == "warning" for d in report.findings)
    assert report.failed(strict=True) and not report.failed(strict=False)


def test_trusted_and_clean_pages_have_no_findings(tmp_path, facts):
    root = _hostile_tree(tmp_path / "docs_src")
    report = lint_paths(
        [root / "en" / "index.md", root / "en" / "internal"], facts=facts, rules=["unsafe-html"]
    )
    assert report.findings == []


def test_code_is_never_reported(write_tree, facts):
    root = write_tree(
        {
            "en/_toctree.yml": "- local: index\n  title: Home\n",
            "en/index.md": "# Home\n\n```html\n<script>alert(1)</script>\n```\n\nText `<img onerror=x>`.\n",
        }
    )
    assert lint_paths([root], facts=facts, rules=["unsafe-html"]).findings == []


def test_the_projects_own_pages_hold_nothing_unsafe(facts):
    report = lint_paths([REPO / "docs_src"], facts=facts, rules=["unsafe-html"])
    assert report.findings == []
