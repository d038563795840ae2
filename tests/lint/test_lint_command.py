"""`polydocs lint` from the command line: text and JSON output, exit status, --strict."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lint_support import CASES, write_toctrees

from polydocs.cli import main

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"


def _tree(tmp_path: Path, pages: dict[str, str]) -> Path:
    root = tmp_path / "docs_src"
    for name, text in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    write_toctrees(root)
    return root


def test_findings_print_under_their_page_as_line_code_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _tree(tmp_path, {"en/page.md": "# No header\n"})
    assert main(["lint", "--no-cache", "--rule", "license", str(root)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 2
    assert out[0].endswith("docs_src/en/page.md")
    assert out[1].startswith("  1: license-missing the page does not open with the license header; start")


def test_json_format_lists_every_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path, {"en/page.md": "# No header\n\n> [!HINT]\n> text\n"})
    assert (
        main(
            ["lint", "--no-cache", "--format", "json", "--rule", "license", "--rule", "constructs", str(root)]
        )
        == 1
    )
    findings = json.loads(capsys.readouterr().out)
    assert [(f["line"], f["code"], f["severity"]) for f in findings] == [
        (1, "license-missing", "error"),
        (3, "callout-kind", "error"),
    ]
    assert all(f["path"].endswith("en/page.md") for f in findings)


def test_warnings_fail_only_under_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A page missing from the toctree is a warning: the site still builds it.
    root = _tree(tmp_path, {"en/listed.md": HEADER})
    (root / "en" / "extra.md").write_text(HEADER, encoding="utf-8")
    assert main(["lint", "--no-cache", "--rule", "toctree", str(root)]) == 0
    assert main(["lint", "--no-cache", "--strict", "--rule", "toctree", str(root)]) == 1
    out = capsys.readouterr().out
    assert "en/extra.md\n  1: toctree-unlisted" in out


def test_clean_tree_passes(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"en/page.md": HEADER + "\n# Fine\n\nSee [the section](#fine).\n"})
    assert main(["lint", "--no-cache", "--strict", str(root)]) == 0


def test_lint_imports_neither_torch_nor_mkdocs_for_pages_without_claims() -> None:
    script = (
        "import sys, pathlib\n"
        "from polydocs.lint.runner import lint_paths\n"
        "from polydocs.lint.installed import InstalledFacts\n"
        "import polydocs.lint.command, polydocs.sources.freshness, polydocs.lint.status_page\n"
        f"lint_paths([pathlib.Path({str(CASES / 'callouts')!r})], facts=InstalledFacts(None), "
        "rules=['constructs'])\n"
        "print(sorted(m for m in ('torch', 'mkdocs', 'transformers') if m in sys.modules))\n"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(src)},
    )
    assert result.stdout.strip() == "[]"
