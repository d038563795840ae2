"""One hostile page never takes the site down or hangs it (issue 35, family 9): each attack is answered
at its path:line, and the rest of the site builds. The rules are tested where they live (`tests/sources/
test_tree_yaml.py`, ...); here every command meets them end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostile_sizes import alias_bomb, deep_toctree

TOC = "- local: index\n  title: Home\n- local: hostile\n  title: Hostile\n"
PAGE = "# Home\n\nText.\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, content in {"en/_toctree.yml": TOC, "en/index.md": PAGE, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root


def _polydocs(cwd: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


def _build(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _polydocs(cwd, "build", "--source", "docs", "--out", "site", "--no-cache", *extra)


def test_front_matter_aliases_are_refused_and_the_page_is_published_without_them(tmp_path):
    _tree(tmp_path / "docs", {"en/hostile.md": f"---\n{alias_bomb(8)}---\n# Hostile\n\nText.\n"})
    result = _build(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "docs/en/hostile.md:3: front-matter front matter: YAML anchors and aliases" in result.stderr
    page = tmp_path / "site" / "en" / "hostile" / "index.html"
    assert page.stat().st_size < 100_000 and "lol" not in page.read_text(encoding="utf-8")
    assert "Text." in page.read_text(encoding="utf-8")
    lint = _polydocs(tmp_path, "lint", "docs")
    assert "3: front-matter front matter: YAML anchors and aliases" in lint.stdout


def test_front_matter_aliases_fail_a_strict_build(tmp_path):
    _tree(tmp_path / "docs", {"en/hostile.md": "---\ntitle: &t A\nsubtitle: *t\n---\n# Hostile\n"})
    result = _build(tmp_path, "--strict")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "docs/en/hostile.md:3: front-matter" in result.stderr


@pytest.mark.parametrize(
    "command",
    [("build", "--source", "docs", "--out", "site"), ("lint", "docs"), ("status", "--source", "docs")],
    ids=["build", "lint", "status"],
)
def test_a_2000_level_toctree_is_answered_at_its_line(tmp_path, command):
    _tree(tmp_path / "docs", {"en/_toctree.yml": TOC + deep_toctree(2_000), "en/hostile.md": PAGE})
    result = _polydocs(tmp_path, *command)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "docs/en/_toctree.yml:37: toctree YAML nested deeper than 32 levels" in result.stderr


@pytest.mark.parametrize("args", [("--version", "versions.json"), ("--version", "index.html")])
def test_a_version_named_like_a_root_file_is_refused_with_a_clear_error(tmp_path, args):
    _tree(tmp_path / "docs", {"en/hostile.md": PAGE})
    result = _polydocs(tmp_path, "build", "--source", "docs", "--out", "site", *args)
    assert result.returncode != 0 and "unexpected" not in result.stderr and "Traceback" not in result.stderr
    assert f"--version: version `{args[1]}` is a file the versioned output's root holds" in result.stderr
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        (
            ("build", "--source", "docs", "--out", "site", "--no-cache"),
            "docs/{}: not-a-file a FIFO (named pipe)",
        ),
        (("lint", "docs", "--format", "github"), "file=docs/{},title=not-a-file::a FIFO (named pipe)"),
        (("status", "--source", "docs"), ""),  # says nothing of the tree's problems: it must just finish
    ],
    ids=["build", "lint", "status"],
)
def test_fifos_in_the_tree_are_reported_and_never_opened(tmp_path, command, shown):
    root = _tree(tmp_path / "docs", {})
    fifos = ("en/hostile.md", "en/img.png", "_data/benchmarks/results.json")
    for name in fifos:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(root / name)
    result = _polydocs(tmp_path, *command, timeout=60)  # before: waited forever on the first FIFO
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "unexpected" not in output
    for name in fifos if shown else ():
        assert shown.format(name) in output
    if command[0] == "build":
        assert (tmp_path / "site" / "en" / "index.html").is_file()
        assert not (tmp_path / "site" / "en" / "img.png").exists()
