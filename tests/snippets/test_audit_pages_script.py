"""`scripts/audit_pages.py`, run as the audit runs it: pages extracted from a bare git mirror and
checked for real, and a clean skip where no mirror is there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_sandbox_hostile import SUPPORT

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "audit_pages.py"


def _run(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src"), "TMPDIR": str(tmp_path / "tmp")}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments, "--cache-dir", str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )


def test_without_mirrors_it_says_so_and_exits_0(tmp_path):
    done = _run(tmp_path, "--mirrors", str(tmp_path / "none"), "--corpus", str(tmp_path / "none"))
    assert done.returncode == 0, done.stderr
    assert "nothing to audit" in done.stdout
    assert "accelerate: no docs tree found, left out of the audit" in done.stderr


@pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")
def _mirror(tmp_path: Path, library: str, pages: dict[str, str]) -> None:
    """A bare git mirror of `library` whose docs/source holds `pages`."""
    work = tmp_path / "work" / library
    for name, text in pages.items():
        (work / "docs" / "source" / name).parent.mkdir(parents=True, exist_ok=True)
        (work / "docs" / "source" / name).write_text(text)
    mirror = tmp_path / "mirrors" / f"huggingface+{library}" / "repo"
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(work)]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "docs"], check=True)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(mirror)], check=True)


def test_a_mirrors_listed_page_is_extracted_and_checked_outside_the_repository(tmp_path):
    page = "# Quicktour\n\n```py\nprint(2 + 2)\n```\n"
    _mirror(tmp_path, "accelerate", {"quicktour.md": page, "unlisted.md": "```py\nraise ValueError\n```\n"})
    # diffusers' tree has language folders: its page is still named with its library's folder.
    _mirror(tmp_path, "diffusers", {"en/quicktour.md": page})

    done = _run(tmp_path, "--mirrors", str(tmp_path / "mirrors"), "--corpus", str(tmp_path / "none"))

    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("accelerate/quicktour.md:3  passed") for line in lines), done.stdout
    assert any(line.startswith("diffusers/en/quicktour.md:3  passed") for line in lines), done.stdout
    assert not any("unlisted" in line for line in lines), done.stdout
    assert "2 sessions, 0 fragments apart: 2 passed, 0 failed, 0 blocked" in done.stdout
    assert "basic_tutorials/migration.md: not in this revision of accelerate, left out" in done.stderr
    tree = Path(done.stdout.split("tree: ")[1].split(";")[0])
    assert (tree / "accelerate" / "quicktour.md").is_file()
    assert not tree.is_relative_to(REPO)  # the pages never land in the repository
