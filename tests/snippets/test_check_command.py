"""`polydocs check` as users call it: absolute paths from anywhere, paths that do not exist, its summary."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _polydocs(cwd: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *arguments],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_tree_given_by_absolute_path_from_another_folder_runs_at_its_real_lines(tmp_path):
    tree = tmp_path / "somewhere" / "else" / "es"
    tree.mkdir(parents=True)
    (tree / "page.md").write_text("# Página\n\n```py\nx = 1\n```\n\n```py\nraise ValueError(x)\n```\n")
    elsewhere = tmp_path / "ci-workdir"
    elsewhere.mkdir()
    for given in (str(tree), str(tree / "page.md")):
        done = _polydocs(elsewhere, "check", given, "--cache-dir", str(tmp_path / "cache"))
        assert done.returncode == 1, done.stdout
        assert "symlink-outside-tree" not in done.stdout
        shown = os.path.relpath(tree / "page.md", elsewhere)  # as the user can open it from where they are
        assert f"{shown}:8: snippet-failed ValueError: 1" in done.stdout
        assert "1 session: 0 passed, 1 failed" in done.stdout


def test_a_link_out_of_the_given_tree_is_still_refused(tmp_path):
    tree, outside = tmp_path / "docs", tmp_path / "outside"
    tree.mkdir()
    outside.mkdir()
    (outside / "page.md").write_text("```py\nprint('ran')\n```\n")
    (tree / "linked.md").symlink_to(outside / "page.md")
    done = _polydocs(tmp_path, "check", "docs", "--cache-dir", str(tmp_path / "cache"))
    assert done.returncode == 1
    assert "symlink-outside-tree symbolic link to" in done.stdout


def test_a_path_that_does_not_exist_is_one_polydocs_error_naming_it(tmp_path):
    done = _polydocs(tmp_path, "check", "nonexist.md", "docs/es")
    assert done.returncode == 1
    assert "nonexist.md: check-path no such file or folder" in done.stdout + done.stderr
    assert "docs/es: check-path no such file or folder" in done.stdout + done.stderr
    assert "ERROR: file or directory not found" not in done.stdout + done.stderr
