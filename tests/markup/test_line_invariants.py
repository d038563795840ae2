"""Every markup step before the hand-over keeps every line where it was, and that is checked: a step that
returns another number of lines is an error naming it, which fails that page alone (`page-failed`), and a
location past the converted text is an error, never moved to the nearest line (issue 39, item 3).

No step of polydocs breaks the rule, so the faulty step here is planted: a `callouts` that adds a line to
the one page holding a marker. The build is real."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from polydocs.markup import MarkupContext, render, steps
from polydocs.markup.context import LineOutsideText
from polydocs.markup.steps import StepChangedLineCount
from polydocs.site.build import build_site
from polydocs.sources import language_of

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: other\n    title: Other\n  title: S\n"
MARKER = "this page makes the planted step lose count"


def _plant_a_step_adding_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def callouts_adding_a_line(lines: list[str], context: MarkupContext) -> list[str]:
        rendered = original.render(lines, context)
        return [*rendered, ""] if any(MARKER in line for line in lines) else rendered

    original = next(step for step in steps.STEPS if step.name == "callouts")
    planted = dataclasses.replace(original, render=callouts_adding_a_line)
    monkeypatch.setattr(steps, "STEPS", tuple(planted if s is original else s for s in steps.STEPS))


def _context(**settings: object) -> MarkupContext:
    return MarkupContext(path="docs/en/index.md", lang=language_of("en"), **settings)  # type: ignore[arg-type]


def test_a_step_that_changes_the_line_count_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _plant_a_step_adding_a_line(monkeypatch)
    assert render("# Fine\n\nNothing planted here.\n", _context()).startswith("<h1")
    with pytest.raises(
        StepChangedLineCount, match=r"the markup step `callouts` returned \d+ lines"
    ) as raised:
        render(f"# Home\n\n{MARKER}\n", _context())
    assert raised.value.step == "callouts"
    given, returned = (int(n) for n in re.findall(r"\d+", str(raised.value))[:2][::-1])
    assert returned == given + 1


def test_the_page_fails_alone_and_names_the_step(
    write_tree, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _plant_a_step_adding_a_line(monkeypatch)
    tree = write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + f"# Home\n\n{MARKER} ({tmp_path.name})\n",
            "en/other.md": HEADER + "# Other\n\nThis page builds.\n",
        }
    )
    report = build_site(tree, tmp_path / "site", only=["en"])
    (failed,) = report.diagnostics
    assert (failed.path, failed.code) == (str(tree / "en" / "index.md"), "page-failed")
    assert "StepChangedLineCount: the markup step `callouts` returned" in failed.message
    assert "This page builds." in (tmp_path / "site" / "en" / "other" / "index.html").read_text()


def test_a_location_past_the_text_is_an_error_not_the_last_line() -> None:
    mapped = _context(line_map=(3, 4, 9))
    assert [mapped.source_line(index) for index in range(3)] == [3, 4, 9]
    for index in (-1, 3, 10):
        with pytest.raises(LineOutsideText, match=r"docs/en/index.md: line -?\d+ of the converted text"):
            mapped.source_line(index)
    parsed = _context(line_offset=4)
    render("# Home\n\nText.\n", parsed)
    assert parsed.text_lines is not None  # the lines Python-Markdown gave the steps (it adds blank ones)
    assert parsed.source_line(2) == 7
    assert parsed.source_line(parsed.text_lines - 1) == 4 + parsed.text_lines
    with pytest.raises(LineOutsideText):
        parsed.source_line(parsed.text_lines)
