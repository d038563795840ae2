"""The workflows polydocs ships (its own CI) and those `polydocs init` writes pass actionlint with
shellcheck and zizmor with no finding, and hold the rules docs/ci.md promises, checked on every workflow
so that a new one cannot skip them: actions pinned to a commit with the tag beside it, checkouts without
credentials, permissions granted per job (none at the top), pull requests filtered by path and their runs
cancelled by a newer push."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from init_support import REPO, actionlint, commit_all, polydocs, repository_with, zizmor

# `owner/repo@<40 hex> # vX.Y.Z`: a commit no one can move, and the release a reader can look up.
_PINNED = re.compile(r"uses: [\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


@pytest.fixture(scope="module")
def initialised(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = repository_with(REPO / "docs_src", tmp_path_factory.mktemp("hygiene") / "repo")
    commit_all(root)
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    return root


def _workflows(initialised: Path) -> list[Path]:
    return sorted((initialised / ".github/workflows").glob("*.yml")) + sorted(
        (REPO / ".github/workflows").glob("*.yml")
    )


def test_init_writes_the_three_workflows(initialised: Path) -> None:
    names = {path.name for path in (initialised / ".github/workflows").iterdir()}
    assert names == {"docs.yml", "polydocs.yml", "docs-preview.yml"}


def test_actionlint_with_shellcheck_finds_nothing(initialised: Path) -> None:
    written = actionlint(initialised)
    assert written.returncode == 0, written.stdout + written.stderr
    ours = actionlint(REPO)
    assert ours.returncode == 0, ours.stdout + ours.stderr


def test_zizmor_finds_nothing(initialised: Path) -> None:
    checked = zizmor(*_workflows(initialised))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No findings to report" in checked.stdout


def test_every_action_is_pinned_to_a_commit_with_its_tag_beside_it(initialised: Path) -> None:
    for path in _workflows(initialised):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            used = line.strip().removeprefix("- ")
            if used.startswith("uses:") and "uses: ./" not in used:
                assert _PINNED.fullmatch(used), f"{path.name}:{number}: {used}"


def test_no_checkout_keeps_credentials_and_every_job_names_its_permissions(initialised: Path) -> None:
    for path in _workflows(initialised):
        workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert workflow["permissions"] == {}, f"{path.name}: permissions are granted per job"
        for name, job in workflow["jobs"].items():
            assert "permissions" in job, f"{path.name}: job {name} names no permissions"
            for step in job.get("steps", []):
                if step.get("uses", "").startswith("actions/checkout@"):
                    assert step["with"]["persist-credentials"] is False, f"{path.name}: {name}"


def test_docs_runs_for_pull_requests_that_change_the_docs_newest_push_first(initialised: Path) -> None:
    docs = yaml.safe_load((initialised / ".github/workflows/docs.yml").read_text(encoding="utf-8"))
    triggers = docs[True]  # PyYAML reads the key `on` as True (YAML 1.1)
    assert "docs/source/**" in triggers["pull_request"]["paths"]
    assert triggers["push"]["paths"] == triggers["pull_request"]["paths"]
    # Pushes of other branches are no versions: a same-repository pull request runs once.
    assert triggers["push"]["tags"] == ["v*"] and len(triggers["push"]["branches"]) == 2
    assert docs["concurrency"]["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"
