"""`--changed-since REF` on a real git repository: changed pages and lines, and their counterparts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lint_support import write_toctrees

from polydocs.cli import main
from polydocs.diagnostics import PolydocsError
from polydocs.sources.changes import changed_pages_under, changes_since

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"
CODE = "```py\nprint(1)\n```\n"


def _git(repo: Path, *arguments: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *arguments],
        cwd=repo,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository with English and Spanish pages, each with one broken link, committed on `main`."""
    pages = {
        "en/guide.md": f"{HEADER}\n# Guide\n\nSee [gone](./missing).\n\n{CODE}",
        "es/guide.md": f"{HEADER}\n# Guía\n\nVer [gone](./missing).\n\n{CODE}",
        "en/other.md": f"{HEADER}\n# Other\n\nSee [gone](./missing).\n",
    }
    for name, text in pages.items():
        path = tmp_path / "docs_src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    write_toctrees(tmp_path / "docs_src")
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "docs")
    _git(tmp_path, "checkout", "-q", "-b", "pr")
    return tmp_path


def _lint(repo: Path, capsys: pytest.CaptureFixture[str], *options: str) -> list[str]:
    main(["lint", "--no-cache", "--format", "github", *options, str(repo / "docs_src")])
    return sorted(line.split("::")[1].split(",title")[0] for line in capsys.readouterr().out.splitlines())


def test_nothing_changed_reports_nothing(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _lint(repo, capsys, "--changed-since", "main") == []
    assert len(_lint(repo, capsys)) == 3  # the three broken links, without the option


def test_only_changed_lines_of_changed_pages_are_reported(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = repo / "docs_src" / "en" / "other.md"
    page.write_text(page.read_text() + "\nAlso [this](./absent).\n", encoding="utf-8")
    _git(repo, "commit", "-qam", "a new broken link")
    found = _lint(repo, capsys, "--changed-since", "main")
    # The new link's line only: the old broken link above it, and the untouched pages, are not the PR's.
    assert [line.rsplit("/", 1)[-1] for line in found] == ["other.md,line=7"]


def test_an_english_change_reaches_its_translation_for_code_parity(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = repo / "docs_src" / "en" / "guide.md"
    page.write_text(page.read_text().replace("print(1)", "print(2)"), encoding="utf-8")  # not committed
    main(["lint", "--no-cache", "--format", "json", "--changed-since", "main", str(repo / "docs_src")])
    found = {(Path(f["path"]).parent.name, f["code"]) for f in json.loads(capsys.readouterr().out)}
    # es/guide.md did not change, but its code no longer matches the English page's.
    assert found == {("es", "code-parity")}


def test_untracked_pages_count_as_changed_and_ref_errors_say_what_to_do(repo: Path) -> None:
    new = repo / "docs_src" / "en" / "new.md"
    new.write_text(f"{HEADER}\n# New\n", encoding="utf-8")
    changes = changes_since("main", repo / "docs_src")
    assert changes.files[new.resolve()] is None
    assert changed_pages_under([str(repo / "docs_src")], "main") == [str(new.resolve())]
    with pytest.raises(PolydocsError) as raised:
        changes_since("no-such-ref", repo)
    assert "changed-since" in str(raised.value) and "git fetch" in str(raised.value)


def test_check_runs_only_the_changed_pages_and_their_counterparts(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--changed-since", "main", str(repo / "docs_src")]) == 0
    assert "no page changed since main" in capsys.readouterr().out
    page = repo / "docs_src" / "es" / "guide.md"
    page.write_text(page.read_text() + "\nMás.\n", encoding="utf-8")
    selected = changed_pages_under([str(repo / "docs_src")], "main")
    assert [Path(p).relative_to((repo / "docs_src").resolve()).as_posix() for p in selected] == [
        "en/guide.md",
        "es/guide.md",
    ]
