"""`polydocs translate` on hostile trees, as real processes: toctrees with an alias bomb, entries that are
no mappings or name pages outside the folder, folders and files linked out of the tree, a lock it cannot
read. Each is a `path:line` error; nothing is written outside the tree, and nothing is half written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BOMB = "".join(
    f"- &{name} {{title: x, sections: [{', '.join([f'*{previous}'] * 9)}]}}\n"
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
)


# How the messages name Portuguese's toctree, the command being run from the tree's parent (`_translate`).
_SHOWN = Path("docs_src", "pt", "_toctree.yml")


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def source(tmp_path: Path) -> Path:
    copy = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", copy)
    (copy / "pt" / "graph_breaks.md").unlink(missing_ok=True)
    (tmp_path / "outside").mkdir()
    return copy


def _translate(source: Path, page: str = "graph_breaks") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    # Run from the tree's parent, as a user in their repository: messages name `docs_src/pt/...`.
    command = [sys.executable, "-m", "polydocs", "translate", "pt", page, "--source", source.name]
    return subprocess.run(
        command, cwd=source.parent, env=environment, capture_output=True, text=True, timeout=120
    )


def _refused(source: Path, *expected: str, page: str = "graph_breaks") -> None:
    """The run fails with each expected text, and no file of the tree or beside it changed."""
    everything = source.parent
    before = _snapshot(everything)
    result = _translate(source, page)
    assert result.returncode == 1, result.stderr
    for text in expected:
        assert text in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert _snapshot(everything) == before


def test_an_alias_bomb_is_refused_at_its_line_without_expanding_it(source: Path) -> None:
    (source / "pt" / "_toctree.yml").write_text(
        f"- &a {{local: index, title: Início}}\n{BOMB}", encoding="utf-8"
    )
    _refused(source, f"{_SHOWN}:2: toctree YAML anchors and aliases (`&name`, `*name`) are not supported")


def test_entries_that_are_no_mappings_are_refused_at_their_lines(source: Path) -> None:
    (source / "pt" / "_toctree.yml").write_text(
        "- 42\n- [local, index]\n- local: index\n  title: Início\n", encoding="utf-8"
    )
    _refused(source, f"{_SHOWN}:1: toctree an entry must be a mapping", f"{_SHOWN}:2: toctree an entry")


@pytest.mark.parametrize("local", ["../../outside/page", "/etc/passwd", "guides/../../es/index"])
def test_an_entry_naming_a_page_outside_the_folder_is_refused_at_its_line(source: Path, local: str) -> None:
    toctree = source / "pt" / "_toctree.yml"
    lines = toctree.read_text(encoding="utf-8").splitlines()
    toctree.write_text("\n".join([*lines, f"- local: {local}", "  title: Fora"]) + "\n", encoding="utf-8")
    _refused(
        source,
        f"{_SHOWN}:{len(lines) + 1}: translate the entry `{local}` names a page outside the language folder",
        "without `..` or a leading `/`",
    )


def test_a_page_name_with_dots_names_no_english_page(source: Path) -> None:
    (source.parent / "outside" / "page.md").write_text("# Outside\n", encoding="utf-8")
    _refused(
        source,
        "translate there is no English page `../../outside/page` to translate",
        page="../../outside/page",
    )


def test_a_subfolder_linked_out_of_the_tree_is_not_written_through(source: Path) -> None:
    (source / "en" / "sub").mkdir()
    shutil.copy(source / "en" / "graph_breaks.md", source / "en" / "sub" / "deep.md")
    with (source / "en" / "_toctree.yml").open("a", encoding="utf-8") as toctree:
        toctree.write("- local: sub/deep\n  title: Deep\n")
    (source / "pt" / "sub").symlink_to(source.parent / "outside")
    _refused(
        source, "pt/sub: translate is a symbolic link to", "nothing is written through it", page="sub/deep"
    )
    assert list((source.parent / "outside").iterdir()) == []


def test_a_toctree_linked_out_of_the_tree_is_neither_read_nor_replaced(source: Path) -> None:
    outside = source.parent / "outside" / "_toctree.yml"
    shutil.move(source / "pt" / "_toctree.yml", outside)
    (source / "pt" / "_toctree.yml").symlink_to(outside)
    _refused(source, "pt/_toctree.yml: symlink-outside-tree")
    assert (source / "pt" / "_toctree.yml").is_symlink()


def test_a_lock_linked_out_of_the_tree_is_not_replaced(source: Path) -> None:
    lock = source / "translations.lock.yml"
    outside = source.parent / "outside" / "lock.yml"
    shutil.move(lock, outside)
    lock.symlink_to(outside)
    _refused(source, "translations.lock.yml: translate is a symbolic link to")
    assert lock.is_symlink()


def test_a_lock_it_cannot_read_leaves_no_page_behind(source: Path) -> None:
    (source / "translations.lock.yml").write_text("pt: [not, a, mapping\n", encoding="utf-8")
    _refused(source, "translations.lock.yml:1: freshness-lock invalid YAML")  # the one line it has
    assert not (source / "pt" / "graph_breaks.md").exists()


def test_a_started_page_gets_the_mode_of_a_new_file_not_a_private_one(source: Path) -> None:
    result = _translate(source)
    assert result.returncode == 0, result.stderr
    umask = os.umask(0)
    os.umask(umask)
    assert (source / "pt" / "graph_breaks.md").stat().st_mode & 0o777 == 0o666 & ~umask
