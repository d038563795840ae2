"""`polydocs init` on a repository laid out to make it read or write elsewhere: a docs folder or a
toctree linked out of it, a `.github` linked out, names that would inject lines into the Makefile or the
workflow. Each is refused with what to do, and nothing is written, inside or outside."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from init_support import REPO, polydocs, repository_with


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the repository, as a link would reach: a copy of docs_src."""
    folder = tmp_path / "outside"
    shutil.copytree(REPO / "docs_src", folder / "tree")
    return folder


def _assert_refused(root: Path, outside: Path, before: dict[str, bytes], *expected: str) -> None:
    result = polydocs("init", "--force", cwd=root)
    assert result.returncode == 1, result.stdout
    for text in expected:
        assert text in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert _files(outside) == before
    assert not (root / "Makefile").exists() and not (root / ".github").exists()


def test_a_docs_folder_linked_out_of_the_repository_is_refused(tmp_path: Path, outside: Path) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs/source").symlink_to(outside / "tree")
    before = _files(outside)
    _assert_refused(
        root,
        outside,
        before,
        "init-path docs/source is a symbolic link to",
        "outside the repository; init reads and writes only inside the repository",
    )


def test_a_toctree_linked_out_of_the_tree_is_not_followed(tmp_path: Path, outside: Path) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    toctree = root / "docs/source/es/_toctree.yml"
    toctree.unlink()
    toctree.symlink_to(outside / "tree/es/_toctree.yml")
    before = _files(outside)
    _assert_refused(
        root,
        outside,
        before,
        "es/_toctree.yml: init-path a symbolic link to",
        "outside the docs tree; init does not follow it; commit the file itself inside the tree",
    )


def test_a_github_folder_linked_out_is_never_written_through(tmp_path: Path, outside: Path) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    (outside / "workflows").mkdir()
    (root / ".github").symlink_to(outside)
    before = _files(outside)
    result = polydocs("init", "--force", cwd=root)
    assert result.returncode == 1
    assert ".github/workflows/polydocs.yml: init-path .github is a symbolic link to" in result.stderr
    assert "init writes nothing through it" in result.stderr
    assert _files(outside) == before and not (root / "Makefile").exists()


@pytest.mark.parametrize(
    "name", ["$(touch PWNED)", "es\n  steps: [{run: touch PWNED}]", "-rf", "es;touch PWNED", "es es"]
)
def test_a_hostile_language_folder_name_is_refused(tmp_path: Path, name: str) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    (root / "docs/source/es").rename(root / "docs/source" / name)
    # Even where the settings name it a language, init writes no such name into its files.
    settings = root / "docs/source/polydocs.yml"
    settings.write_text(f"languages: {{{yaml_string(name)}: es}}\n", encoding="utf-8")
    result = polydocs("init", "--force", cwd=root)
    assert result.returncode == 1, result.stdout
    assert "init-path the language folder" in result.stderr
    assert "has a name init does not write into a Makefile or workflow; rename it" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (root / "Makefile").exists() and not (root / ".github").exists()
    assert not list(tmp_path.rglob("PWNED"))


def yaml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


@pytest.mark.parametrize("source", ["../outside/tree", "docs/$(touch PWNED)", "-docs", "docs/../docs/source"])
def test_a_source_path_that_is_no_plain_folder_inside_is_refused(tmp_path: Path, source: str) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    shutil.copytree(REPO / "docs_src", tmp_path / "outside" / "tree")
    before = _files(tmp_path / "outside")
    result = polydocs("init", f"--source={source}", cwd=root)
    assert result.returncode == 1, result.stdout
    assert "init-path" in result.stderr and "is not a plain folder name" in result.stderr
    assert "never `..`" in result.stderr
    assert _files(tmp_path / "outside") == before
    assert not (root / "Makefile").exists() and not list(tmp_path.rglob("PWNED"))


def test_a_link_inside_the_repository_is_fine(tmp_path: Path) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    (root / "docs/source").rename(root / "documentation")
    os.symlink("../documentation", root / "docs/source")
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    assert (root / "documentation/_lint-baseline.jsonl").is_file()
