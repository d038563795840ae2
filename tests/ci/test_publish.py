"""`polydocs ci deploy | preview | unpreview` against a bare git repository standing in for GitHub: what
the pages branch holds after each (versions, `latest`, versions.json, `pr-N/`), that a publish racing
another starts again from the new tip, and that what a pull request's artifact holds is read as data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.ci.pages_branch import PagesBranch, publish
from polydocs.ci.preview import BuildSummary, preview_comment

REPO = Path(__file__).resolve().parents[2]


def _polydocs(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "GITHUB_REPOSITORY": "Acme/lib"}
    command = [sys.executable, "-m", "polydocs", *arguments]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)


def _tree(remote: Path, branch: str = "gh-pages") -> set[str]:
    listing = subprocess.run(
        ["git", "-C", str(remote), "ls-tree", "--name-only", branch],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(listing.stdout.split())


def _show(remote: Path, path: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(remote), "show", f"gh-pages:{path}"], capture_output=True, text=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("publish")
    shutil.copytree(REPO / "docs_src", root / "src")
    subprocess.run(["git", "init", "-q", "--bare", str(root / "remote.git")], check=True)
    return root


@pytest.fixture(scope="module")
def deployed(project: Path) -> Path:
    """main, then v1.0.0, then v0.9.1 (an older line), then a release branch: in that order."""
    remote = project / "remote.git"
    for ref in ("refs/heads/main", "refs/tags/v1.0.0", "refs/tags/v0.9.1", "refs/heads/v1.1-release"):
        done = _polydocs(
            "ci",
            "deploy",
            "--source",
            "src",
            "--ref",
            ref,
            "--remote",
            str(remote),
            "--lang",
            "en",
            cwd=project,
        )
        assert done.returncode == 0, done.stderr
    return remote


def test_each_ref_is_its_version_beside_the_others(deployed: Path) -> None:
    assert {"main", "v1.0.0", "v0.9.1", "v1.1-release", "latest", "versions.json", ".nojekyll"} <= _tree(
        deployed
    )
    for version in ("main", "v1.0.0", "v0.9.1", "v1.1-release", "latest"):
        assert "<html" in _show(deployed, f"{version}/en/index.html"), version


def test_the_newest_release_tag_takes_latest_and_the_default_an_older_line_does_not(deployed: Path) -> None:
    versions = {entry["version"]: entry for entry in json.loads(_show(deployed, "versions.json"))}
    assert set(versions) == {"main", "v1.0.0", "v0.9.1", "v1.1-release"}
    assert versions["v1.0.0"]["aliases"] == ["latest"] and versions["v1.0.0"]["properties"]["default"] is True
    assert versions["v0.9.1"]["aliases"] == [] and versions["v0.9.1"]["properties"]["default"] is False
    assert versions["main"]["properties"]["default"] is False


def test_a_preview_is_pr_n_until_the_pull_request_closes(project: Path, deployed: Path) -> None:
    site = project / "pr-site"
    built = _polydocs(
        "build",
        "--source",
        "src",
        "--out",
        str(site),
        "--lang",
        "en",
        "--report-json",
        "report.json",
        cwd=project,
    )
    assert built.returncode == 0, built.stderr
    published = _polydocs(
        "ci", "preview", str(site), "--pr", "7", "--source", "src", "--remote", str(deployed),
        "--report", "report.json", "--comment", "comment.md", "--sha", "a" * 40, cwd=project,
    )  # fmt: skip
    assert published.returncode == 0, published.stderr
    assert "https://acme.github.io/lib/pr-7/" in published.stdout
    assert "pr-7" in _tree(deployed) and _show(deployed, "pr-7/en/index.html")
    comment = (project / "comment.md").read_text(encoding="utf-8")
    assert comment.startswith("<!-- polydocs-preview -->") and "https://acme.github.io/lib/pr-7/" in comment
    # A deploy after it keeps the preview; closing the pull request removes it, and only it.
    again = _polydocs(
        "ci",
        "deploy",
        "--source",
        "src",
        "--ref",
        "refs/heads/main",
        "--remote",
        str(deployed),
        "--lang",
        "en",
        cwd=project,
    )
    assert again.returncode == 0, again.stderr
    assert "pr-7" in _tree(deployed)
    removed = _polydocs(
        "ci", "unpreview", "--pr", "7", "--source", "src", "--remote", str(deployed), cwd=project
    )
    assert removed.returncode == 0, removed.stderr
    assert "pr-7" not in _tree(deployed) and {"main", "v1.0.0", "latest"} <= _tree(deployed)


def test_a_publish_that_another_overtook_starts_again_from_the_new_tip(tmp_path: Path) -> None:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    branch = PagesBranch(str(remote), "gh-pages")
    publish(branch, "first", lambda work: (work / "a").mkdir() or (work / "a" / "f").write_text("a"))
    rounds: list[int] = []

    def change(work: Path) -> None:
        rounds.append(1)
        if len(rounds) == 1:  # another workflow pushes between our fetch and our push
            publish(
                branch, "other", lambda other: (other / "b").mkdir() or (other / "b" / "f").write_text("b")
            )
        (work / "c").mkdir()
        (work / "c" / "f").write_text("c")

    assert publish(branch, "ours", change).action == "pushed"
    assert len(rounds) == 2 and {"a", "b", "c"} <= _tree(remote)


def test_a_site_holding_a_link_is_refused_and_nothing_is_published(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>x</p>")
    (site / "secrets").symlink_to("/etc/passwd")
    subprocess.run(["git", "init", "-q", "--bare", str(tmp_path / "remote.git")], check=True)
    (tmp_path / "src").mkdir()
    done = _polydocs(
        "ci",
        "preview",
        str(site),
        "--pr",
        "3",
        "--source",
        "src",
        "--remote",
        str(tmp_path / "remote.git"),
        cwd=tmp_path,
    )
    assert done.returncode == 1
    assert "secrets: publish not a plain file or folder" in done.stderr
    assert (
        subprocess.run(
            ["git", "-C", str(tmp_path / "remote.git"), "rev-parse", "gh-pages"], capture_output=True
        ).returncode
        != 0
    )


@pytest.mark.parametrize("claimed", ["7; rm -rf ~", "0", "-1", "$(id)", "7\n8", "\uff11\uff12"])
def test_a_pull_request_number_is_one_decimal_number(tmp_path: Path, claimed: str) -> None:
    (tmp_path / "pull-request").write_text(claimed, encoding="utf-8")
    done = _polydocs("ci", "pull-request", "pull-request", cwd=tmp_path)
    assert done.returncode == 1 and "publish not a pull request number" in done.stderr


def test_the_comment_says_only_numbers_and_plain_codes_of_the_report(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    hostile = {
        "pages": {"en": 5, "<img src=x onerror=alert(1)>": 3, "es": "many"},
        "diagnostics": [{"code": "link-broken"}, {"code": "[click](https://evil.example)"}, "x"],
        "failed": {"pt": "](javascript:alert(1))"},
    }
    report.write_text(json.dumps(hostile), encoding="utf-8")
    comment = preview_comment("https://acme.github.io/lib/pr-1/", BuildSummary.read(report), "b" * 40, "")
    assert "Pages built: en 5." in comment and "1 `link-broken`" in comment and "2 `other`" in comment
    assert "evil" not in comment and "onerror" not in comment and "javascript" not in comment
    assert "failed to build: pt" in comment


@pytest.mark.parametrize("preview", ["", "ci:\n  preview: true\n", "ci:\n  preview: all\n"])
def test_a_forks_site_is_published_only_where_the_settings_say_all(tmp_path: Path, preview: str) -> None:
    """A fork's `docs-site` artifact is whatever its own workflow uploaded, script included: on the docs'
    own address only where polydocs.yml opts in."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<script>steal()</script>", encoding="utf-8")
    subprocess.run(["git", "init", "-q", "--bare", str(tmp_path / "remote.git")], check=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "polydocs.yml").write_text("site_name: Docs\n" + preview, encoding="utf-8")
    done = _polydocs(
        "ci", "preview", str(site), "--pr", "4", "--source", "src", "--remote", str(tmp_path / "remote.git"),
        "--comment", "comment.md", "--from-fork", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    comment = (tmp_path / "comment.md").read_text(encoding="utf-8")
    if preview.endswith("all\n"):
        assert "pr-4" in _tree(tmp_path / "remote.git") and "pr-4/" in comment
    else:
        assert "a pull request from a fork" in done.stdout and "`docs-site` artifact" in comment
        branches = ["git", "-C", str(tmp_path / "remote.git"), "rev-parse", "gh-pages"]
        assert subprocess.run(branches, capture_output=True).returncode != 0
