"""`polydocs lint --format text|github|json|sarif`: what people, GitHub Actions and tools read."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from lint_support import write_toctrees

from polydocs.cli import main
from polydocs.codes import CODES

# The OASIS SARIF 2.1.0 schema (errata 01, as published in oasis-tcs/sarif-spec, sarif-2.1/schema/), kept
# here so that the log is validated with no network.
SARIF_SCHEMA = Path(__file__).parent / "schemas" / "sarif-schema-2.1.0.json"

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


def test_sarif_is_a_valid_2_1_0_log_whose_rules_explain_themselves(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = _run(tree, capsys, "sarif")
    log = json.loads(out)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == ["license-missing", "link-missing"]
    for rule in rules:
        declared = CODES[rule["id"]]
        assert rule["shortDescription"]["text"] == declared.summary
        assert rule["helpUri"].startswith("https://github.com/huggingface/polydocs/blob/")
        assert rule["helpUri"].endswith("/docs/linting.md#rules-and-their-codes")
        assert rule["defaultConfiguration"]["level"] == "error"
    results = run["results"]
    assert [(r["ruleId"], r["ruleIndex"], r["level"]) for r in results] == [
        ("license-missing", 0, "error"),
        ("link-missing", 1, "error"),
    ]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    location = results[1]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "docs_src/en/b.md"}, "region": {"startLine": 5}}
    assert all(r["message"]["text"] for r in results)


def test_the_schema_check_refuses_a_rule_index_of_the_wrong_type(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The schema is strict enough to catch what the log's writer could get wrong."""
    _, out, _ = _run(tree, capsys, "sarif")
    log = json.loads(out)
    log["runs"][0]["results"][0]["ruleIndex"] = "0"
    validator = jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8")))
    assert not validator.is_valid(log)


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
