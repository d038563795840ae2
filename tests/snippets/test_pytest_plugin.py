"""The plugin end to end, in-process, on the sample pages under cases/run (tiny modules, no Hub model)."""

import json
import shutil
from pathlib import Path

from polydocs.guide import guide_url

from .golden import CASES

pytest_plugins = ["pytester"]

PLUGIN_ARGS = [
    "--doc-snippets",
    "-p",
    "no:polydocs-snippets",
    "-p",
    "polydocs.snippets.pytest_plugin",
    "-p",
    "no:cacheprovider",
]


def _run(pytester, cache: Path, report: str):
    args = [*PLUGIN_ARGS, "--snippets-cache", str(cache), "--snippets-report-json", report]
    result = pytester.runpytest_inprocess("docs_src", "--rootdir", str(pytester.path), *args)
    return result, json.loads((pytester.path / report).read_text())


def test_sample_pages_each_fail_alone_and_rerun_from_cache(pytester, tmp_path):
    shutil.copytree(CASES / "run", pytester.path / "docs_src")
    cache = tmp_path / "cache"
    result, report = _run(pytester, cache, "first.json")
    outcomes = {
        r.nodeid: r.outcome for r in result.reprec.getreports("pytest_runtest_logreport") if r.when == "call"
    }
    assert outcomes == {
        "docs_src/en/basics.md::L7": "passed",
        "docs_src/en/basics.md::L35": "passed",
        "docs_src/en/crashes.md::L4": "failed",
        "docs_src/en/crashes.md::L10": "failed",
        "docs_src/en/crashes.md::L17": "skipped",  # blocked: the network and a Hub id, not the page
        "docs_src/en/crashes.md::L24": "skipped",
        "docs_src/en/drifted.md::L3": "passed",
        "docs_src/en/graph_break.md::L3": "failed",
        "docs_src/es/basics.md::L7": "passed",
        "docs_src/es/basics.md::L35": "passed",
        "docs_src/es/basics.md::drift": "passed",
        "docs_src/es/drifted.md::L3": "passed",
        "docs_src/es/drifted.md::drift": "failed",
    }
    text = result.stdout.str()
    assert "docs_src/en/crashes.md:5: snippet-failed SnippetTimeout: timed out after 1 s" in text
    assert "docs_src/en/crashes.md:13: snippet-failed the Python process crashed (SIGSEGV)" in text
    assert "docs_src/en/graph_break.md:13: snippet-failed torch._dynamo.exc.Unsupported" in text
    assert "docs_src/es/drifted.md:3: snippet-drift code differs from the English page at" in text
    assert "docs_src/en/drifted.md:3" in text

    sessions = {s["id"]: s for s in report["sessions"]}
    assert sessions["docs_src/en/crashes.md::L17"]["blocked"] == [
        "docs_src/en/crashes.md:20: snippet-blocked (offline resource) needs a connection to "
        "('93.184.216.34', 80), which is not available offline; add a stand-in for it "
        f"({guide_url('checking.md', 'Hub stand-ins')}), "
        "or skip the block"
    ]
    (no_stand_in,) = sessions["docs_src/en/crashes.md::L24"]["blocked"]
    assert no_stand_in.startswith(
        "docs_src/en/crashes.md:27: snippet-blocked (missing stand-in) no stand-in for acme/no-such-model: "
        "its architecture cannot be derived"
    )
    basics = sessions["docs_src/en/basics.md::L7"]
    assert [b["status"] for b in basics["blocks"]] == ["passed", "passed", "passed", "skipped", "skipped"]
    proof = basics["compile"][0]
    assert (proof["line"], proof["frames_compiled"], proof["graph_breaks"], proof["problems"]) == (
        20,
        1,
        0,
        [],
    )
    assert proof["relative_error"] <= proof["tolerance"]
    # es/basics.md:7 differs from en/basics.md:7 only in prose around it: it ran once.
    assert sessions["docs_src/es/basics.md::L7"]["deduplicated"]
    assert (report["totals"]["failed"], report["totals"]["blocked"]) == (3, 2)

    again, second = _run(pytester, cache, "second.json")
    assert all(s["cached"] or s["status"] in ("failed", "blocked") for s in second["sessions"])
    assert "cached" in again.stdout.str()


def _outcomes(result) -> dict[str, str]:
    reports = result.reprec.getreports("pytest_runtest_logreport")
    return {r.nodeid: r.outcome for r in reports if r.when == "call"}


def test_a_page_linked_from_outside_the_tree_is_not_run(pytester, tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("# Outside\n\n```py\nopen('ran-outside', 'w').close()\n```\n")
    (pytester.path / "docs_src" / "en").mkdir(parents=True)
    (pytester.path / "docs_src" / "en" / "stolen.md").symlink_to(outside)
    result, _ = _run(pytester, tmp_path / "cache", "report.json")
    assert _outcomes(result) == {"docs_src/en/stolen.md::source": "failed"}
    assert "symlink-outside-tree" in result.stdout.str()


def test_an_unclosed_fence_is_reported_and_its_block_runs_to_the_end_of_the_page(pytester, tmp_path):
    page = pytester.path / "docs_src" / "en" / "page.md"
    page.parent.mkdir(parents=True)
    # Readers see the rest of the page as code (CommonMark, and the site): the checker runs all of it.
    page.write_text("# Page\n\n```py\nx = 1\n```\n\nText.\n\n```py\ny = x + 1\n\nassert y == 3, y\n")
    result, report = _run(pytester, tmp_path / "cache", "report.json")
    assert _outcomes(result) == {
        "docs_src/en/page.md::fences": "failed",
        "docs_src/en/page.md::L3": "failed",
    }
    output = result.stdout.str()
    assert (
        "page.md:9: fence-unclosed code fence is never closed; it runs to the end of the page as code"
        in output
    )
    [session] = report["sessions"]
    assert [(b["line"], b["status"]) for b in session["blocks"]] == [(3, "passed"), (9, "failed")]
    assert session["blocks"][1]["error"]["line"] == 12
