"""Repositories for the init tests: a copy of a docs tree as a Hugging Face repository lays it out."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from git_repositories import commit_all as commit_all  # the init tests import it from here

REPO = Path(__file__).resolve().parents[2]
CORPORA = REPO.parent / "shared" / "corpus"
POLYDOCS = f"{sys.executable} -m polydocs"


def repository_with(tree: Path, root: Path, files: dict[str, str] | None = None) -> Path:
    """`root`, a git repository whose docs/source is a copy of `tree`, with `files` beside it."""
    shutil.copytree(tree, root / "docs" / "source", ignore=shutil.ignore_patterns("SOURCE*.txt"))
    for name, text in (files or {}).items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def environment() -> dict[str, str]:
    """This checkout's polydocs, whatever the working directory."""
    return {**os.environ, "PYTHONPATH": str(REPO / "src")}


def polydocs(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "polydocs", *arguments]
    return subprocess.run(command, cwd=cwd, env=environment(), capture_output=True, text=True)


def make(root: Path, target: str, **variables: str) -> subprocess.CompletedProcess[str]:
    """`make TARGET` with the Makefile init wrote, its polydocs this checkout's."""
    assignments = [f"{name}={value}" for name, value in {"POLYDOCS": POLYDOCS, **variables}.items()]
    command = ["make", "-C", str(root), target, *assignments]
    return subprocess.run(command, env=environment(), capture_output=True, text=True)


def _dev_tool(name: str) -> str:
    binary = Path(sysconfig.get_path("scripts")) / name
    assert binary.is_file(), f"no {binary}: install the dev extra (pip install -e '.[dev]')"
    return str(binary)


def actionlint(root: Path) -> subprocess.CompletedProcess[str]:
    """The pinned actionlint, with the pinned shellcheck on every `run:` script (both dev extras), on
    every workflow of the repository at `root`. Its pyflakes pass is off: no workflow runs Python code."""
    command = [_dev_tool("actionlint"), f"-shellcheck={_dev_tool('shellcheck')}", "-pyflakes=", "-oneline"]
    return subprocess.run(command, cwd=root, capture_output=True, text=True)


def zizmor(*paths: Path) -> subprocess.CompletedProcess[str]:
    """The pinned zizmor (dev extra) on workflows, offline (no GitHub API: the audits that need it are
    left out), every finding of its default persona, ignore comments honoured."""
    options = ["--offline", "--no-progress", "--color", "never", "--format", "plain"]
    command = [_dev_tool("zizmor"), *options, *map(str, paths)]
    return subprocess.run(command, capture_output=True, text=True)
