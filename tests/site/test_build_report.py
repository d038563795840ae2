"""`polydocs build --report-json`: every diagnostic of a real build, as objects, and the page counts."""

import json
import logging
from pathlib import Path

import pytest

from polydocs.cli import main
from polydocs.diagnostics import Diagnostic
from polydocs.site.build import build_site
from polydocs.site.page_cache import ConvertedPage, PageCache

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- local: index\n  title: Home\n- local: guide\n  title: Guide\n"


@pytest.fixture
def tree_with_warnings(write_tree, tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/guide.md": HEADER + "# Guide\n\nSee [the missing page](./nowhere).\n",
            "es/_toctree.yml": "- local: index\n  title: Inicio\n",
            "es/index.md": HEADER + "# Inicio\n",
            "es/extra.md": HEADER + "# Extra\n",
        }
    )


def _report(path: Path) -> dict[str, object]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_report_lists_every_diagnostic_with_its_language_and_the_pages_built(
    tree_with_warnings, tmp_path, capsys
):
    report_path = tmp_path / "report.json"
    args = ["build", "--source", str(tree_with_warnings), "--out", str(tmp_path / "site")]
    assert main([*args, "--report-json", str(report_path)]) == 0
    report = _report(report_path)
    found = {(d["code"], Path(d["path"]).name, d["line"], d["language"]) for d in report["diagnostics"]}
    # The English page's broken link is converted once and reported once, though `es` falls back to it.
    assert found == {("link-missing", "guide.md", 5, "en"), ("toctree-unlisted", "extra.md", 1, "es")}
    link = next(d for d in report["diagnostics"] if d["code"] == "link-missing")
    assert set(link) == {"path", "line", "code", "message", "hint", "severity", "language"}
    assert link["severity"] == "warning" and link["hint"]
    # The tree's pages (`site_pages`): index and guide in English; Spanish adds extra. The generated status
    # page is not one of them.
    assert report["pages"] == {"en": 2, "es": 3}
    assert report["failed"] == {}
    said, *printed, by_code = _without_progress(capsys.readouterr().err)
    assert said.startswith("polydocs build: documenting transformers: no library is named")
    assert len(printed) == 2 and all(line.startswith("WARNING ") for line in printed)
    assert by_code == "warnings by code: link-missing 1, toctree-unlisted 1"


def _without_progress(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith("progress: ")]


def test_many_warnings_are_counted_by_code_with_their_first_place_and_listed_with_verbose(
    write_tree, tmp_path, capsys
):
    links = "".join(f"[page {n}](./missing_{n})\n\n" for n in range(25))
    tree = write_tree(
        {"en/_toctree.yml": "- local: index\n  title: Home\n", "en/index.md": "# Home\n\n" + links}
    )
    args = ["build", "--source", str(tree), "--out", str(tmp_path / "site")]
    assert main(args) == 0
    _said, by_code = _without_progress(capsys.readouterr().err)
    assert by_code == (
        f"warnings by code: link-missing 25 (first: {tree / 'en' / 'index.md'}:3); "
        "25 warnings not listed: --verbose or --report-json lists each"
    )
    assert main([*args, "--verbose"]) == 0
    listed = [line for line in capsys.readouterr().err.splitlines() if line.startswith("WARNING ")]
    assert len(listed) == 25 and "missing_24" in listed[-1]


def test_a_strict_build_that_fails_still_writes_its_report(tree_with_warnings, tmp_path):
    report_path = tmp_path / "report.json"
    args = ["build", "--source", str(tree_with_warnings), "--out", str(tmp_path / "site"), "--strict"]
    assert main([*args, "--report-json", str(report_path)]) == 1
    codes = sorted(d["code"] for d in _report(report_path)["diagnostics"])
    assert codes == ["link-missing", "toctree-unlisted"]


def test_a_tree_that_cannot_be_read_reports_why(write_tree, tmp_path):
    root = write_tree(
        {"en/_toctree.yml": "- local: index\n   title: bad indent\n", "en/index.md": "# Home\n"}
    )
    report_path = tmp_path / "report.json"
    args = [
        "build",
        "--source",
        str(root),
        "--out",
        str(tmp_path / "site"),
        "--report-json",
        str(report_path),
    ]
    assert main(args) == 1
    (problem,) = _report(report_path)["diagnostics"]
    assert (problem["code"], problem["line"], problem["severity"]) == ("toctree", 2, "error")
    assert problem["language"] is None  # no model was read to say it


def test_a_cached_build_reports_the_same_diagnostic_objects(tree_with_warnings, tmp_path):
    first = build_site(tree_with_warnings, tmp_path / "first")
    second = build_site(tree_with_warnings, tmp_path / "second")
    assert all(isinstance(problem, Diagnostic) for problem in second.diagnostics)
    assert second.diagnostics == first.diagnostics
    assert second.to_dict() == first.to_dict()


def test_the_page_cache_keeps_diagnostics_as_objects(tmp_path):
    cache = PageCache(tmp_path)
    problem = Diagnostic("docs/en/guide.md", 3, "link-missing", "link `x` points nowhere", "fix it")
    cache.put("key", ConvertedPage("<p>x</p>", [], [problem], ""))
    restored = cache.get("key")
    assert restored is not None and restored.diagnostics == [problem]
    (entry,) = tmp_path.glob("*.json")
    stored = json.loads(entry.read_text(encoding="utf-8"))["data"]
    assert stored["diagnostics"] == [
        {
            "path": "docs/en/guide.md",
            "line": 3,
            "code": "link-missing",
            "message": "link `x` points nowhere",
            "hint": "fix it",
            "severity": "warning",
        }
    ]
    stored["diagnostics"] = ["docs/en/guide.md:3: link-missing ..."]  # an entry of the old format
    entry.write_text(json.dumps(stored), encoding="utf-8")
    assert cache.get("key") is None


def test_a_message_of_mkdocs_is_placed_at_the_language_whose_build_said_it(tmp_path):
    from polydocs.site.language_build import LogCollector

    collect = LogCollector(tmp_path / "es")
    logger = logging.getLogger("mkdocs.test_build_report")
    logger.addHandler(collect)
    try:
        problem = Diagnostic(str(tmp_path / "es" / "x.md"), 2, "link-missing", "gone")
        logger.warning("%s", problem)
        logger.warning("A reference to '%s' is not found.", "x.md")
    finally:
        logger.removeHandler(collect)
    assert collect.diagnostics == [
        problem,
        Diagnostic(str(tmp_path / "es"), 0, "mkdocs", "A reference to 'x.md' is not found."),
    ]
