import json
from dataclasses import asdict
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.snippets.regions import extract_regions, scan_page

from .golden import CASES, assert_golden


def _describe(path: Path) -> str:
    rows = []
    for region in extract_regions(path):
        row = asdict(region)
        row["path"] = path.name
        row["directives"] = {k: v for k, v in row["directives"].items() if v not in (False, "", None, ())}
        rows.append(row)
    return json.dumps(rows, indent=1) + "\n"


def test_regions_of_every_fence_kind_match_golden():
    assert_golden(_describe(CASES / "regions" / "page.md"), "regions/page.regions.json")


def test_directives_attach_to_the_next_block():
    regions = extract_regions(CASES / "run" / "en" / "basics.md")
    assert [r.start_line for r in regions] == [7, 15, 19, 25, 30, 35]
    assert regions[0].directives.setup[0].code == "import torch\n"
    assert regions[0].directives.setup[0].first_line == 4
    assert regions[1].directives.raises == "ZeroDivisionError"
    assert (regions[3].directives.skip, regions[3].directives.reason) == (
        True,
        "shows an API that needs a key",
    )
    assert regions[4].directives.requires == "cuda"
    assert regions[5].directives.fresh


def test_malformed_directives_are_reported_with_their_lines():
    path = CASES / "regions" / "bad_directives.md"
    problems = [
        str(p).replace(str(path), "bad_directives.md") for p in scan_page(path, path.read_text()).problems
    ]
    assert [p.split(": ", 1)[0] for p in problems] == [
        f"{p.split(':')[0]}:{line}" for p, line in zip(problems, (8, 13, 18), strict=True)
    ]
    assert "unknown key `retries`" in problems[0]
    with pytest.raises(PolydocsError):
        extract_regions(path)


def test_corpus_pages_parse_without_directive_problems():
    corpus = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "transformers-docs"
    if not corpus.is_dir():
        pytest.skip("the shared corpus is not beside the repository")
    pages = sorted(corpus.rglob("*.md"))
    python = [r for page in pages for r in scan_page(page).regions if r.is_python]
    assert len(python) > 500
    assert all(r.start_line < r.end_line for r in python)


def test_an_unclosed_fence_is_a_region_to_the_end_of_the_page_and_is_reported_at_its_line(tmp_path):
    # The site shows it as code to the end of the page (CommonMark), so the checker runs what readers see.
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n```py\nx = 1\n```\n\nText.\n\n```py\ny = x + 1\n\nMore text.\n")
    scan = scan_page(page)
    assert [(region.start_line, region.end_line) for region in scan.regions] == [(3, 5), (9, 12)]
    assert scan.regions[1].source == "y = x + 1\n\nMore text.\n"
    assert scan.problems == []
    [problem] = scan.unclosed_fences
    assert (problem.line, problem.code, problem.severity) == (9, "fence-unclosed", "warning")
    assert "it runs to the end of the page as code" in problem.message


def test_an_unclosed_fence_in_a_quote_ends_with_the_quote(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("> ```py\n> x = 1\n\n```py\ny = 2\n```\n")
    scan = scan_page(page)
    assert [(r.start_line, r.end_line, r.source) for r in scan.regions] == [
        (1, 2, "x = 1\n"),
        (4, 6, "y = 2\n"),
    ]
    assert [(p.line, p.code) for p in scan.unclosed_fences] == [(1, "fence-unclosed")]


def test_an_output_block_is_no_python_region_so_it_is_neither_run_nor_badged(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```python\nprint(1)\n```\n\n```python out\n1\n```\n\n```out\n1\n```\n", encoding="utf-8")
    regions = extract_regions(page)
    assert [(r.language, r.kind) for r in regions] == [
        ("python", "script"),
        ("output", "other"),
        ("output", "other"),
    ]
    assert [r.is_python for r in regions] == [True, False, False]


def test_a_braced_python_fence_is_checked_like_any_python_fence(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```{python}\nx = 1\n```\n\n```{.python}\ny = 2\n```\n")
    assert [(r.kind, r.language) for r in extract_regions(page)] == [
        ("script", "python"),
        ("script", "python"),
    ]


def test_a_doctest_skip_statement_and_its_continuation_lines_do_not_run(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "```py\n"
        ">>> import os\n"
        ">>> model.push_to_hub('me/model')  # doctest: +SKIP\n"
        ">>> trainer.train(  # doctest: +SKIP\n"
        "...     resume=True)\n"
        "{'loss': 1.0}\n"
        ">>> x = 1  # doctest: +ELLIPSIS\n"
        "```\n"
    )
    (region,) = extract_regions(page)
    assert region.source.split("\n") == ["import os", "", "", "", "", "x = 1  # doctest: +ELLIPSIS", ""]


def test_pages_in_no_source_tree_keep_their_folders_in_session_ids(tmp_path, monkeypatch):
    from polydocs.snippets.fingerprint import page_name

    monkeypatch.chdir(tmp_path)
    for library in ("accelerate", "peft"):
        (tmp_path / library).mkdir()
        (tmp_path / library / "quicktour.md").write_text("# Quicktour\n")
    names = {page_name(Path(library) / "quicktour.md") for library in ("accelerate", "peft")}
    assert names == {"accelerate/quicktour.md", "peft/quicktour.md"}
