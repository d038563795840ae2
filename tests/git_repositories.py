"""Test trees as git repositories: what a clone's files are to the commands that read what git tracks."""

from __future__ import annotations

import subprocess
from pathlib import Path


def commit_all(root: Path) -> None:
    """Commit everything under `root` (made a repository first if it is none), as a clone's files are
    tracked: the secret scan reads what git tracks."""
    identity = ["-c", "user.name=polydocs tests", "-c", "user.email=tests@polydocs.invalid"]
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), *identity, "commit", "-qm", "docs"], check=True)
