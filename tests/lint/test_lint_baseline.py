"""The baseline: accepted findings survive line shifts, new ones fail, fixed ones are reported as gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lint_support import write_toctrees

from polydocs.baseline_file import fingerprint
from polydocs.cli import main

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"
PAGE = f"{HEADER}\n# Guide\n\nSee [gone](./missing) and [other](./absent).\n"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    (root / "en" / "guide.md").write_text(PAGE, encoding="utf-8")
    write_toctrees(root)
    return root


def _lint(tree: Path, *options: str) -> int:
    return main(["lint", "--no-cache", "--rule", "constructs", *options, str(tree)])


def _edit(tree: Path, old: str, new: str) -> None:
    page = tree / "en" / "guide.md"
    page.write_text(page.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_the_baseline_file_is_sorted_json_lines_of_what_was_found(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    assert _lint(tree) == 1
    assert _lint(tree, "--write-baseline", str(baseline)) == 0
    entries = [json.loads(line) for line in baseline.read_text(encoding="utf-8").splitlines()]
    assert [(e["path"], e["code"], e["line"]) for e in entries] == [
        ("docs_src/en/guide.md", "link-missing", 5),
        ("docs_src/en/guide.md", "link-missing", 5),
    ]
    assert baseline.read_text(encoding="utf-8").splitlines() == sorted(
        baseline.read_text(encoding="utf-8").splitlines()
    )
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0


def test_an_edit_above_a_baselined_finding_keeps_it_accepted(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, "# Guide\n", "# Guide\n\nA new paragraph,\nover two lines.\n")
    capsys.readouterr()
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "2 findings accepted by" in captured.err


def test_a_new_finding_fails_and_is_the_only_one_reported(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, "# Guide\n", "# Guide\n\nAnd [a third](./nowhere).\n")
    capsys.readouterr()
    assert _lint(tree, "--baseline", str(baseline)) == 1
    out = capsys.readouterr().out
    assert "./nowhere" in out and "./missing" not in out and "./absent" not in out


def test_editing_the_line_of_an_accepted_finding_keeps_it_by_its_message(tree: Path) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, "See [gone]", "You can see [gone]")
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0


def test_a_fixed_finding_is_reported_as_gone(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, " and [other](./absent)", "")
    capsys.readouterr()
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0
    err = capsys.readouterr().err
    assert "1 findings of" in err and "are gone" in err
    assert "docs_src/en/guide.md:5: link-missing" in err and "absent" in err and "./missing" not in err


def test_a_second_copy_of_an_accepted_finding_is_new(tree: Path) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, "# Guide\n", "# Guide\n\nAgain [gone](./missing).\n")
    assert _lint(tree, "--baseline", str(baseline)) == 1


def test_a_broken_baseline_is_a_located_error(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    baseline = tree.parent / "lint-baseline.jsonl"
    baseline.write_text('{"path": "x"}\n', encoding="utf-8")
    assert main(["lint", "--no-cache", "--baseline", str(baseline), str(tree)]) == 1
    assert "lint-baseline.jsonl:1: lint-baseline not a baseline entry" in capsys.readouterr().err


def test_only_what_the_run_looked_for_is_reported_gone(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tree / "es").mkdir()
    (tree / "es" / "guide.md").write_text(PAGE.replace("Guide", "Guía"), encoding="utf-8")
    write_toctrees(tree)
    baseline = tree.parent / "lint-baseline.jsonl"
    assert _lint(tree, "--write-baseline", str(baseline)) == 0
    capsys.readouterr()
    # One language folder, then the secret scan alone: the other entries were not looked for.
    assert main(["lint", "--no-cache", "--baseline", str(baseline), str(tree / "es")]) == 0
    assert "are gone" not in capsys.readouterr().err
    assert main(["lint", "--no-cache", "--rule", "secrets", "--baseline", str(baseline), str(tree)]) == 0
    assert "are gone" not in capsys.readouterr().err
    _edit(tree, "[other](./absent)", "other")
    assert _lint(tree, "--baseline", str(baseline)) == 0
    err = capsys.readouterr().err
    assert "1 findings of" in err and "docs_src/en/guide.md:5: link-missing" in err


# Two Python blocks under one fence line each: the first not formatted as `doc-builder style` formats it.
BLOCKS = f"{HEADER}\n# Guide\n\n```py\nx=1\n```\n\nText.\n\n```py\ny = 2\n```\n"


def _style(tree: Path, *options: str) -> int:
    return main(["lint", "--no-cache", "--rule", "code-style", *options, str(tree)])


def test_fixing_one_block_and_breaking_another_is_a_new_finding(tree: Path) -> None:
    # Both findings are at a fence line "```py" and their messages differ only in a line number: the
    # block each is about tells them apart (issue 40).
    (tree / "en" / "guide.md").write_text(BLOCKS, encoding="utf-8")
    baseline = tree.parent / "lint-baseline.jsonl"
    assert _style(tree) == 1
    _style(tree, "--write-baseline", str(baseline))
    _edit(tree, "x=1", "x = 1")
    _edit(tree, "y = 2", "y=2")
    assert _style(tree, "--baseline", str(baseline)) == 1


def _parity(tree: Path, *options: str) -> int:
    return main(["lint", "--no-cache", "--rule", "code-parity", *options, str(tree)])


def test_a_translation_missing_two_blocks_fixing_one_and_missing_another_is_a_new_finding(
    tree: Path,
) -> None:
    # Both findings are at the translation's line 1 and their messages differ only in the English line
    # they name (`en/guide.md:5`, `en/guide.md:11`): the English block each names tells them apart (issue
    # 40, diffusers' ko/using-diffusers/inpaint.md had 25 such findings at one line).
    (tree / "en" / "guide.md").write_text(BLOCKS, encoding="utf-8")
    (tree / "es").mkdir()
    (tree / "es" / "guide.md").write_text(f"{HEADER}\n# Guía\n\nTexto.\n", encoding="utf-8")
    write_toctrees(tree)
    baseline = tree.parent / "lint-baseline.jsonl"
    assert _parity(tree) == 1
    _parity(tree, "--write-baseline", str(baseline))
    assert _parity(tree, "--baseline", str(baseline)) == 0
    # The translation gets the first block; the English page gets a third one the translation lacks.
    (tree / "es" / "guide.md").write_text(f"{HEADER}\n# Guía\n\n```py\nx=1\n```\n", encoding="utf-8")
    _edit(tree, "y = 2\n```\n", "y = 2\n```\n\n```py\nz = 3\n```\n")
    assert _parity(tree, "--baseline", str(baseline)) == 1


def test_a_block_finding_stays_accepted_when_lines_are_added_above(tree: Path) -> None:
    (tree / "en" / "guide.md").write_text(BLOCKS, encoding="utf-8")
    baseline = tree.parent / "lint-baseline.jsonl"
    _style(tree, "--write-baseline", str(baseline))
    _edit(tree, "# Guide\n", "# Guide\n\nA new paragraph,\nover two lines.\n")
    assert _style(tree, "--baseline", str(baseline), "--strict") == 0


def test_a_finding_whose_message_differs_in_a_name_is_new(tree: Path) -> None:
    # `./missing1` and `./missing2` differ only in a digit, which is part of the name, not a line number.
    _edit(tree, "./missing", "./missing1")
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    _edit(tree, "./missing1", "./missing2")
    assert _lint(tree, "--baseline", str(baseline)) == 1


def test_a_baseline_of_the_rule_before_issue_40_is_matched_by_it_and_said(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule 1: the line's text and the message without digits, no `2-` prefix."""
    baseline = tree.parent / "lint-baseline.jsonl"
    _lint(tree, "--write-baseline", str(baseline))
    entries = [json.loads(line) for line in baseline.read_text(encoding="utf-8").splitlines()]
    line = (tree / "en" / "guide.md").read_text(encoding="utf-8").splitlines()[4]
    for entry in entries:
        assert entry["fingerprint"].startswith("2-")
        entry["fingerprint"] = fingerprint(entry["code"], entry["path"], line, entry["message"])
    baseline.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    capsys.readouterr()
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0
    err = capsys.readouterr().err
    assert "2 findings accepted by" in err
    assert "2 entries of" in err and "rule before issue 40" in err and "--write-baseline" in err
    # As before: a new finding is still new, and an edited line is still matched by its message.
    _edit(tree, "See [gone]", "You can see [gone]")
    assert _lint(tree, "--baseline", str(baseline), "--strict") == 0
    _edit(tree, "# Guide\n", "# Guide\n\nAnd [a third](./nowhere).\n")
    assert _lint(tree, "--baseline", str(baseline)) == 1
