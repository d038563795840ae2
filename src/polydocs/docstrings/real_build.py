"""The site as `polydocs build` makes it, run as a command in a process of its own: how the comparisons
with doc-builder (`side_by_side.py`, `link_agreement.py`) see what a user's build shows. They measure the
site from outside, as a user would, so they import none of it (the site is a layer above the docstrings)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def polydocs_build(source: Path, out: Path, *options: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`polydocs build --source SOURCE --out OUT OPTIONS...` run from `cwd` (a folder named like a package
    where the command runs is on its path); its output captured, its exit status not checked."""
    command = [sys.executable, "-m", "polydocs", "build", "--source", str(source), "--out", str(out)]
    return subprocess.run([*command, *options], check=False, capture_output=True, text=True, cwd=cwd)
