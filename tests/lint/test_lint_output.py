"""`polydocs lint --format text|github|json|sarif`: what people, GitHub Actions and tools read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lint_support import write_toctrees

from polydocs.cli import main

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two pages with findings: one missing its header, one with a broken link whose text has `,` and `:`."""
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    (root / "en" / "a.md").write_text("# No header\n", encoding="utf-8")
    (root / "en" / "b.md").write_text(f"{HEADER}\n# B\n\nSee [x](./gone,now:50%).\n", encoding="utf-8")
    write_toctrees(root)
    monkeypatch.chdir(tmp_path)
    return Path("docs_src")


def _run(tree: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> tuple[int, str, str]:
    status = main(
        ["lint", "--no-cache", "--rule", "license", "--rule", "constructs", "--format", fmt, str(tree)]
    )
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_text_groups_findings_by_page_and_counts_them_by_code(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(tree, capsys, "text")
    assert status == 1
    blocks = out.split("\n\n")
    assert [block.splitlines()[0] for block in blocks] == ["docs_src/en/a.md", "docs_src/en/b.md"]
    assert blocks[0].splitlines()[1].startswith("  1: license-missing the page does not open")
    assert blocks[1].splitlines()[1].startswith("  5: link-missing link `./gone,now:50%`")
    assert "     1 license-missing (error)\n     1 link-missing (error)\n" in err
    assert "2 errors, 0 warnings" in err


def test_github_annotations_escape_their_properties_and_message(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = _run(tree, capsys, "github")
    lines = out.splitlines()
    assert lines[0].startswith(
        "::error file=docs_src/en/a.md,line=1,title=license-missing::the page does not"
    )
    assert lines[1].startswith(
        "::error file=docs_src/en/b.md,line=5,title=link-missing::link `./gone,now:50%25`"
    )
    assert len(lines) == 2


def test_sarif_is_a_minimal_valid_2_1_0_log(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(tree, capsys, "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["license-missing", "link-missing"]
    results = run["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("license-missing", "error"),
        ("link-missing", "error"),
    ]
    location = results[1]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "docs_src/en/b.md"}, "region": {"startLine": 5}}
    assert all(r["message"]["text"] for r in results)


def test_sarif_uris_are_percent_encoded_uri_references(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tree / "en" / "a.md").rename(tree / "en" / "my page,x:y%é.md")
    _, out, _ = _run(tree, capsys, "sarif")
    uris = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in json.loads(out)["runs"][0]["results"]
    ]
    assert "docs_src/en/my%20page%2Cx%3Ay%25%C3%A9.md" in uris


def test_json_lists_every_finding(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(tree, capsys, "json")
    assert [(f["path"], f["line"], f["code"]) for f in json.loads(out)] == [
        ("docs_src/en/a.md", 1, "license-missing"),
        ("docs_src/en/b.md", 5, "link-missing"),
    ]
