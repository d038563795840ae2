"""The jobs of the reusable workflow `polydocs init` writes, run here in order on a copy of docs_src:
lint and the secret scan, the build, the snippet shards and their merged report.

The GPU job and the pull request of its report need a GPU runner and GitHub; actionlint checks them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from init_support import REPO, commit_all, make, polydocs, repository_with
from workflow_runner import WorkflowRun

# A small page set of two pages, so that `--shard 1/2` and `--shard 2/2` each run one session.
HEADER_END = "-->\n"
PAGES = {
    "ci_first": "# Sums\n\n```py\ntotal = sum(range(10))\nprint(total)\n```\n",
    "ci_second": '# Words\n\n```py\nwords = "a b c".split()\nprint(len(words))\n```\n',
}
JOBS = ("lint", "build", "snippet-shards", "snippets", "snippets-report")


def _add_pages(source: Path) -> list[str]:
    """The pages, with docs_src's license header, listed in the English toctree."""
    index = (source / "en" / "index.md").read_text(encoding="utf-8")
    header = index[: index.index(HEADER_END) + len(HEADER_END)]
    toctree = source / "en" / "_toctree.yml"
    entries = "".join(f"  - local: {name}\n    title: {name}\n" for name in PAGES)
    toctree.write_text(
        toctree.read_text(encoding="utf-8") + f"- sections:\n{entries}  title: CI\n", encoding="utf-8"
    )
    for name, text in PAGES.items():
        (source / "en" / f"{name}.md").write_text(f"{header}\n{text}", encoding="utf-8")
    return [f"docs/source/en/{name}.md" for name in PAGES]


@pytest.fixture(scope="module")
def workflow_run(tmp_path_factory: pytest.TempPathFactory) -> WorkflowRun:
    root = repository_with(REPO / "docs_src", tmp_path_factory.mktemp("ci") / "repo")
    pages = _add_pages(root / "docs" / "source")
    settings = root / "docs/source/polydocs.yml"
    # The pre-command hook, which every job that installs the library runs from a file before it.
    hook = 'ci:\n  pre_command: echo "$GITHUB_JOB_NAME_FOR_TEST" >> "$RUNNER_TEMP/hooked"\n'
    settings.write_text(settings.read_text(encoding="utf-8") + hook, encoding="utf-8")
    assert polydocs("init", cwd=root).returncode == 0
    commit_all(root)
    # The inputs docs.yml passes, as init wrote them; the snippets narrowed to the two pages, strict on.
    written = yaml.safe_load((root / ".github/workflows/docs.yml").read_text(encoding="utf-8"))
    inputs = {**written["jobs"]["docs"]["with"], "snippets": " ".join(pages), "strict": True}
    run = WorkflowRun.of(root / ".github/workflows/polydocs.yml", root, inputs, event="pull_request")
    for job in JOBS:
        run.run_job(job)
    return run


def test_every_job_runs_polydocs_commands_in_order(workflow_run: WorkflowRun) -> None:
    ran = [(step.job, step.command.split()[:2]) for step in workflow_run.steps]
    hooks = ["polydocs", "ci"]
    assert ran == [
        ("lint", hooks),
        ("lint", ["polydocs", "lint"]),
        ("lint", ["polydocs", "lint"]),
        ("build", hooks),
        ("build", ["polydocs", "build"]),
        ("build", ["echo", '"$PULL_REQUEST"']),
        ("snippet-shards", ["echo", '"shards=[$(seq']),
        ("snippets", hooks),
        ("snippets", ["read", "-ra"]),
        ("snippets", hooks),
        ("snippets", ["read", "-ra"]),
        ("snippets-report", ["polydocs", "check"]),
    ]
    lint = [step for step in workflow_run.steps if step.job == "lint"]
    assert "0 errors, 0 warnings" in lint[1].output
    # Both lint steps read the baseline init wrote (empty: docs_src has no finding).
    for step in lint[1:]:
        assert "0 findings accepted by docs/source/_lint-baseline.jsonl" in step.output


def test_the_pre_command_of_polydocs_yml_runs_before_each_job_installs_the_library(
    workflow_run: WorkflowRun,
) -> None:
    hooked = workflow_run.workspace.parent / "hooked"
    # lint, build and the two shards: four runs of the hook.
    assert len(hooked.read_text(encoding="utf-8").splitlines()) == 4


def test_the_build_names_its_pull_request_for_the_preview(workflow_run: WorkflowRun) -> None:
    assert (workflow_run.artifacts / "build-report" / "pull-request").read_text() == "1\n"


def test_the_build_uploads_the_site_and_its_report(workflow_run: WorkflowRun) -> None:
    site = workflow_run.artifacts / "docs-site"
    assert (site / "en" / "ci_first" / "index.html").is_file()
    assert (site / "es" / "index.html").is_file()
    report = json.loads((workflow_run.artifacts / "build-report" / "build-report.json").read_text())
    # docs_src's four English pages and the two added here (the build counts the tree's pages only).
    assert report["pages"]["en"] == 6 and report["diagnostics"] == []


def test_the_shards_split_the_pages_and_their_merged_report_has_both(workflow_run: WorkflowRun) -> None:
    shards = [workflow_run.artifacts / f"snippets-shard-{n}" for n in (1, 2)]
    pages = [
        {s["page"] for s in json.loads((folder / f"snippets-{n}.json").read_text())["sessions"]}
        for n, folder in enumerate(shards, start=1)
    ]
    assert all(len(shard) == 1 for shard in pages) and pages[0] != pages[1]
    merged = json.loads((workflow_run.artifacts / "snippets-report" / "snippets.json").read_text())
    assert merged["shards"] == 2
    assert merged["totals"]["sessions"] == 2 and merged["totals"]["passed"] == 2
    assert all((folder / f"junit-{n}.xml").is_file() for n, folder in enumerate(shards, start=1))


def test_the_snippet_jobs_and_docs_check_accept_the_failures_of_the_check_baseline_once_it_exists(
    tmp_path: Path,
) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    page = "docs/source/en/ci_failing.md"
    (root / page).write_text('# Fails\n\n```py\nraise ValueError("a known failure")\n```\n', encoding="utf-8")
    init = polydocs("init", cwd=root)
    assert init.returncode == 0, init.stderr
    baseline = "docs/source/_check-baseline.jsonl"
    # init runs no snippet: it says how to accept today's failures.
    assert f"run `polydocs check docs/source --write-baseline {baseline}`" in init.stdout
    assert not (root / baseline).exists()
    commit_all(root)
    written = yaml.safe_load((root / ".github/workflows/docs.yml").read_text(encoding="utf-8"))
    assert written["jobs"]["docs"]["with"]["check-baseline"] == baseline
    inputs = {**written["jobs"]["docs"]["with"], "snippets": page, "snippet-shards": 1}

    def shards() -> WorkflowRun:
        run = WorkflowRun.of(root / ".github/workflows/polydocs.yml", root, inputs, event="pull_request")
        run.run_job("snippet-shards")
        run.run_job("snippets")
        return run

    with pytest.raises(AssertionError, match="a known failure"):
        shards()
    assert make(root, "docs-check", POLYDOCS_PAGES=page).returncode != 0
    recorded = polydocs("check", page, "--write-baseline", baseline, cwd=root)
    assert recorded.returncode == 0, recorded.stdout[-2000:] + recorded.stderr[-2000:]
    run = shards()
    assert f"1 failures accepted by {root / baseline}" in run.steps[-1].output, run.steps[-1].output
    checked = make(root, "docs-check", POLYDOCS_PAGES=page)
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
    assert f"--baseline {baseline}" in checked.stdout
