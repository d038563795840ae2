"""Lint parses a page once where the text its rules read (the file) and the text its `constructs` rule reads
(as the build's steps read it: Python-Markdown's normaliser adds "\\n\\n") differ only in their trailing
line ends: one parse for both, and the same findings as two parses give (the block parse was a third of
lint's time, and every course page was parsed twice for it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.dialect import page as parsed_page
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

PAGES = {
    # No line end after its last line, as a third of the corpora's pages.
    "plain.md": (
        "# Plain\n\nA [missing page](./missing.md).\n\n"
        '<iframe src="https://example.com/x"></iframe>\n\nThe end.'
    ),
    "fenced.md": "# Fenced\n\nSee [the plain page](./plain.md).\n\n```py\nx = 1\n```\n\n\n",
}


def _lint(paths: list[Path], facts: InstalledFacts) -> list[tuple[str, int, str, str]]:
    report = lint_paths(paths, facts=facts, keep_pages=False)
    return [(Path(f.path).name, f.line, f.code, f.message) for f in report.findings]


def test_a_page_is_parsed_once_for_its_rules_and_its_constructs_with_the_same_findings(
    tmp_path: Path, facts: InstalledFacts, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = []
    for name, text in PAGES.items():
        (tmp_path / "en").mkdir(exist_ok=True)
        (tmp_path / "en" / name).write_text(text, encoding="utf-8")
        paths.append(tmp_path / "en" / name)
    parsed: list[str] = []
    state_core = parsed_page.StateCore

    def counted(text: str, *args: object) -> object:
        parsed.append(text)
        return state_core(text, *args)

    monkeypatch.setattr(parsed_page, "StateCore", counted)
    findings = _lint(paths, facts)

    for text in PAGES.values():
        assert sum(seen.rstrip("\n") == text.rstrip("\n") for seen in parsed) == 1
    codes = {(name, code) for name, _, code, _ in findings}
    assert {("plain.md", "link-missing"), ("plain.md", "iframe-host")} <= codes
    # Each text parsed on its own: the very same findings.
    monkeypatch.setattr(parsed_page, "_parses_of_body", lambda body: [])
    assert _lint(paths, facts) == findings
