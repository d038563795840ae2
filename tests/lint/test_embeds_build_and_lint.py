"""Embeds, leftovers and the license header: `polydocs build` and `polydocs lint` report the same problems
at the same lines, and a host `polydocs.yml` allows is embedded by the one and accepted by the other."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import polydocs
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"
GUIDE = f"""{HEADER}
# Guide

<iframe src="https://www.youtube.com/embed/abc" title="A video"></iframe>

<iframe src="https://tracker.example/x" title="Tracker"></iframe>

<iframe src="https://huggingface.co/spaces/a/b"></iframe>

<iframe src="https://huggingface.co/spaces/c/d" title="Unclosed"
>

<Poll text="x"/>

<Youtube id=""/>

<!--
<iframe src="https://tracker.example/commented-out"></iframe>
-->
"""
# The header after front matter, which MkDocs takes away and lint still reads.
UNCLOSED = (
    "---\ntitle: Unclosed\n---\n<!--Copyright 2026 The HuggingFace Team. Apache License, Version 2.0\n\n"
    "# Unclosed\n"
)
TOC = "- local: guide\n  title: Guide\n- local: unclosed\n  title: Unclosed\n"
CONSTRUCT_CODES = re.compile(r"^(iframe|mdx|youtube|license|component)-")
EXPECTED = [
    ("en/guide.md", 7, "iframe-host"),
    ("en/guide.md", 9, "iframe-title"),
    ("en/guide.md", 11, "iframe-unclosed"),
    ("en/guide.md", 14, "component-unknown"),
    ("en/guide.md", 16, "youtube-malformed"),
    ("en/unclosed.md", 4, "license-unclosed"),
]


def _tree(root: Path) -> Path:
    files = {
        "polydocs.yml": "iframe_hosts: [huggingface.co, youtube.com]\n",
        "en/_toctree.yml": TOC,
        "en/guide.md": GUIDE,
        "en/unclosed.md": UNCLOSED,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _build_warnings(cwd: Path) -> list[tuple[str, int, str]]:
    command = [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site"]
    # The polydocs under test, whatever the working directory (a relative PYTHONPATH would not hold there).
    env = {**os.environ, "PYTHONPATH": str(Path(polydocs.__file__).parents[1])}
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    warnings = re.findall(r"^WARNING +docs/(\S+?):(\d+): (\S+)", result.stderr, re.MULTILINE)
    return sorted((path, int(line), code) for path, line, code in warnings if CONSTRUCT_CODES.match(code))


def _lint_findings(root: Path, facts: InstalledFacts) -> list[tuple[str, int, str]]:
    report = lint_paths([root], facts=facts)
    return sorted(
        (Path(d.path).resolve().relative_to(root.resolve()).as_posix(), d.line, d.code)
        for d in report.findings
        if CONSTRUCT_CODES.match(d.code)
    )


def test_build_and_lint_report_the_same_construct_problems_and_accept_a_configured_host(
    tmp_path: Path, facts: InstalledFacts
) -> None:
    root = _tree(tmp_path / "docs")
    assert _lint_findings(root, facts) == EXPECTED
    assert _build_warnings(tmp_path) == EXPECTED
    guide = (tmp_path / "site" / "en" / "guide" / "index.html").read_text(encoding="utf-8")
    assert '<template><iframe src="https://www.youtube.com/embed/abc" title="A video"' in guide
    assert '<template><iframe src="https://tracker.example/x"' not in guide
