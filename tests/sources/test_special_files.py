"""Only regular files are read (`sources/text.py`, `sources/confinement.py`): a FIFO, a socket, a folder
named like a page, or a link to one of them, is reported at its path and never opened. A FIFO named
`guide.md` made build and lint wait forever on its first read."""

from __future__ import annotations

import os
import re
import socket
import stat
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.sources.text import NotRegularFile, read_tree_bytes, read_utf8

TOC = "- local: index\n  title: Home\n"


def _tree(root: Path) -> Path:
    (root / "en").mkdir(parents=True)
    (root / "en" / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (root / "en" / "index.md").write_text("# Home\n", encoding="utf-8")
    return root


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _socket(path: Path) -> Path:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays
    return path


def _folder(path: Path) -> Path:
    path.mkdir(parents=True)
    return path


def _link_to_fifo(path: Path) -> Path:
    path.symlink_to(_fifo(path.parent / "pipe"))
    return path


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (_fifo, "a FIFO (named pipe)"),
        (_socket, "a socket"),
        (_link_to_fifo, "a FIFO (named pipe)"),
        (_folder, "a folder"),
    ],
    ids=["fifo", "socket", "link-to-fifo", "folder"],
)
def test_a_page_that_is_no_regular_file_is_reported_at_its_path_and_left_out(tmp_path, make, kind):
    root = _tree(tmp_path / "docs")
    page = make(root / "en" / "hostile.md")
    tree = load_source_tree(root)
    assert set(tree.pages["en"]) == {"index"}
    [problem] = [p for p in tree.problems if p.path == str(page)]
    assert problem.code == "not-a-file" and problem.message.startswith(f"{kind}, not a regular file")


@pytest.mark.parametrize(
    "name",
    ["en/img.png", "polydocs.yml", "en/_redirects.yml", "translations.lock.yml", "_data/benchmarks/x.json"],
)
def test_other_files_of_the_tree_that_are_fifos_are_reported_and_never_opened(tmp_path, name):
    root = _tree(tmp_path / "docs")
    _fifo(root / name)
    tree = load_source_tree(root)  # returns: nothing opened the FIFO
    assert [(p.code, Path(p.path).relative_to(root).as_posix()) for p in tree.problems] == [
        ("not-a-file", name)
    ]


def test_a_toctree_that_is_a_fifo_makes_the_tree_unbuildable_and_says_why(tmp_path):
    root = _tree(tmp_path / "docs")
    (root / "en" / "_toctree.yml").unlink()
    _fifo(root / "en" / "_toctree.yml")
    with pytest.raises(PolydocsError) as error:
        load_source_tree(root)
    codes = {(problem.code, Path(problem.path).name) for problem in error.value.diagnostics}
    assert ("not-a-file", "_toctree.yml") in codes


def test_reading_refuses_a_fifo_without_opening_it(tmp_path):
    fifo = _fifo(tmp_path / "pipe.md")
    with pytest.raises(NotRegularFile, match="a FIFO"):
        read_tree_bytes(fifo)
    with pytest.raises(
        PolydocsError, match=re.escape("not-a-file a FIFO (named pipe), not a regular file; not read")
    ):
        read_utf8(fifo, "not read")


def test_a_fifo_swapped_in_after_the_look_is_refused_without_waiting(tmp_path, monkeypatch):
    """The look says "regular file" (the swap happens right after it): the open neither waits for a
    writer nor reads, and the look through the opened file refuses it."""
    fifo = _fifo(tmp_path / "pipe.md")
    regular = os.stat(_tree(tmp_path / "docs") / "en" / "index.md")
    real_stat = os.stat
    monkeypatch.setattr(
        os, "stat", lambda path, *a, **k: regular if str(path) == str(fifo) else real_stat(path)
    )
    with pytest.raises(NotRegularFile, match="a FIFO"):
        read_tree_bytes(fifo)
    assert stat.S_ISFIFO(real_stat(fifo).st_mode)
