"""`--changed-since REF` given a REF that git would read as an option, or no ref at all: refused
before git runs, with what to pass instead (real `polydocs lint` and `polydocs check` processes)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lint_support import write_toctrees

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

REPO = Path(__file__).resolve().parents[2]
HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"
# Each would make git write a file, run a program or read another range if it reached git's options.
HOSTILE = [
    "--output=OUT",
    "-oOUT",
    "--upload-pack=touch OUT",
    "HEAD;touch OUT",
    "$(touch OUT)",
    "main..HEAD",
    "HEAD:docs_src",
    "main HEAD",
]


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile-ref")
    page = root / "docs_src" / "en" / "guide.md"
    page.parent.mkdir(parents=True)
    page.write_text(f"{HEADER}\n# Guide\n\nText.\n", encoding="utf-8")
    write_toctrees(root / "docs_src")
    identity = ["-c", "user.name=t", "-c", "user.email=t@example.org"]
    for arguments in (["init", "-q", "-b", "main"], ["add", "."], [*identity, "commit", "-qm", "docs"]):
        subprocess.run(["git", *arguments], cwd=root, check=True, capture_output=True)
    return root


def _polydocs(repo: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "polydocs", *arguments]
    return subprocess.run(command, cwd=repo, env=environment, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", ["lint", "check"])
@pytest.mark.parametrize("ref", HOSTILE)
def test_a_ref_git_would_read_as_an_option_is_refused_before_git_runs(
    repo: Path, command: str, ref: str
) -> None:
    out = repo / "written-by-git"
    given = ref.replace("OUT", str(out))
    result = _polydocs(repo, command, f"--changed-since={given}", "docs_src")
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"changed-since the ref {given!r} is refused: it " in result.stderr
    assert "e.g. `--changed-since origin/main` or a commit id" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("command", ["lint", "check"])
def test_an_empty_ref_is_refused_not_read_as_no_option(repo: Path, command: str) -> None:
    result = _polydocs(repo, command, "--changed-since=", "docs_src")
    assert result.returncode == 1
    assert "changed-since the ref '' is refused" in result.stderr


def test_a_ref_git_does_not_know_says_to_fetch_it(repo: Path) -> None:
    result = _polydocs(repo, "lint", "--changed-since", "origin/main", "docs_src")
    assert result.returncode == 1
    assert "changed-since git knows no commit 'origin/main'" in result.stderr
    assert "`git fetch origin main`" in result.stderr


def test_a_well_formed_ref_still_selects_the_change(repo: Path) -> None:
    result = _polydocs(repo, "lint", "--changed-since", "main~0", "docs_src")
    assert result.returncode == 0, result.stderr
    assert "0 pages changed since main~0" in result.stderr
