"""One hostile page never takes the site down or hangs it (issue 35, family 9): each attack is answered
at its path:line, and the rest of the site builds. The rules are tested where they live (`tests/sources/
test_tree_yaml.py`, ...); here every command meets them end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostile_sizes import alias_bomb, deep_toctree, nested_list, nested_quotes, nested_tags, unterminated_tags

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


HOSTILE_PAGES = {
    "lists": ("# Lists\n\n" + nested_list(500), 35, "page-too-deep"),
    "quotes": ("# Quotes\n\n" + nested_quotes(500), 35, "page-too-deep"),
    "divs": ("# Divs\n\n" + nested_tags(50_000), 3, "page-too-deep"),
    "tags": ("# Tags\n\n" + unterminated_tags(16_000), 3, "page-too-costly"),
    "brackets": ("# Brackets\n\n" + "[" * 20_000 + "\n\nAfter *this*.\n", 3, "inline-too-costly"),
    # No bound foresees emphasis nested 1,500 deep: the renderer runs out of recursion on this page alone.
    "emphasis": ("# Emphasis\n\n" + "*a " * 1_500 + "b" + " a*" * 1_500 + "\n", 1, "page-too-deep"),
}


def _hostile_tree(root: Path) -> Path:
    toc = "- local: index\n  title: Home\n" + "".join(
        f"- local: {name}\n  title: {name}\n" for name in HOSTILE_PAGES
    )
    pages = {f"en/{name}.md": text for name, (text, _, _) in HOSTILE_PAGES.items()}
    return _tree(root, {"en/_toctree.yml": toc, **pages})


def test_hostile_pages_are_refused_at_their_lines_and_the_rest_of_the_site_builds(tmp_path):
    _hostile_tree(tmp_path / "docs")
    result = _build(tmp_path)
    assert result.returncode == 0, result.stderr
    for name, (_, line, code) in HOSTILE_PAGES.items():
        assert f"docs/en/{name}.md:{line}: {code}" in result.stderr, name
    site = tmp_path / "site" / "en"
    assert "Text." in (site / "index.html").read_text(encoding="utf-8")
    for name in ("lists", "quotes", "divs", "tags", "emphasis"):
        page = (site / name / "index.html").read_text(encoding="utf-8")
        assert "This page cannot be shown" in page and len(page) < 200_000, name
    brackets = (site / "brackets" / "index.html").read_text(encoding="utf-8")
    assert "[[[[" in brackets and "After <em>this</em>." in brackets
    assert _build(tmp_path, "--strict").returncode != 0


def test_lint_reports_the_hostile_pages_as_the_build_does(tmp_path):
    _hostile_tree(tmp_path / "docs")
    result = _polydocs(tmp_path, "lint", "docs", "--format", "github")
    for name, (_, line, code) in HOSTILE_PAGES.items():
        assert f"file=docs/en/{name}.md,line={line},title={code}::" in result.stdout, name
