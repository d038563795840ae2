"""Symbolic links in a contributed tree: those leaving it are reported at the link and never read."""

import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.lint.runner import lint_paths

TREE = {
    "en/_toctree.yml": "- local: index\n  title: Home\n",
    "en/index.md": "# Home\n",
    "es/_toctree.yml": "- local: index\n  title: Inicio\n",
    "es/index.md": "# Inicio\n\n![logo](img/logo.txt)\n",
    "es/img/logo.txt": "in the tree\n",
}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """Files a hostile link points at: a system-like file, a folder holding a key, a page."""
    folder = tmp_path / "outside"
    (folder / "keys").mkdir(parents=True)
    (folder / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (folder / "keys" / "id_ed25519").write_text("PRIVATE KEY MATERIAL\n")
    (folder / "page.md").write_text("# Outside\n\n```py\nprint('outside')\n```\n")
    return folder


def _link(root: Path, name: str, target: Path | str) -> Path:
    link = root / name
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    return link


def _codes(problems: list) -> dict[str, str]:
    return {Path(problem.path).name: problem.code for problem in problems}


def test_links_leaving_the_tree_are_reported_at_the_link_and_their_pages_left_out(write_tree, outside):
    root = write_tree(TREE)
    _link(root, "es/passwd.txt", outside / "passwd")
    _link(root, "es/keys", outside / "keys")
    _link(root, "es/stolen.md", outside / "page.md")
    _link(root, "es/nothing.png", outside / "missing.png")
    _link(root, "es/loop.md", root / "es" / "loop.md")
    tree = load_source_tree(root)
    assert _codes(tree.problems) == {
        name: "symlink-outside-tree" for name in ("passwd.txt", "keys", "stolen.md", "nothing.png", "loop.md")
    }
    assert sorted(tree.pages["es"]) == ["index"]
    messages = {Path(p.path).name: p.message for p in tree.problems}
    assert "points outside the source tree" in messages["keys"]
    assert "points to nothing" in messages["nothing.png"]


def test_links_inside_the_tree_stay(write_tree):
    root = write_tree(TREE)
    _link(root, "es/logo-copy.txt", root / "es" / "img" / "logo.txt")
    _link(root, "es/guide.md", "../en/index.md")
    tree = load_source_tree(root)
    assert not [p for p in tree.problems if p.code == "symlink-outside-tree"]
    assert "guide" in tree.pages["es"]


def test_a_language_folder_or_toctree_linked_from_outside_is_not_read(write_tree, outside, tmp_path):
    root = write_tree(TREE)
    foreign = tmp_path / "foreign-pt"
    foreign.mkdir()
    (foreign / "_toctree.yml").write_text("- local: index\n  title: Início\n")
    (foreign / "index.md").write_text("# Início\n")
    _link(root, "pt", foreign)
    tree = load_source_tree(root)
    assert tree.languages == ["en", "es"]
    assert _codes(tree.problems)["pt"] == "symlink-outside-tree"
    (root / "es" / "_toctree.yml").unlink()
    _link(root, "es/_toctree.yml", foreign / "_toctree.yml")
    with pytest.raises(PolydocsError) as raised:
        load_source_tree(root)
    assert {p.code for p in raised.value.diagnostics} >= {"toctree", "symlink-outside-tree"}


def test_lint_reports_the_links_too(write_tree, outside):
    root = write_tree(TREE)
    _link(root, "es/passwd.txt", outside / "passwd")
    _link(root, "es/stolen.md", outside / "page.md")
    report = lint_paths([root / "es"], rules=["toctree"])
    found = {(Path(f.path).name, f.code) for f in report.findings}
    assert ("passwd.txt", "symlink-outside-tree") in found
    assert ("stolen.md", "symlink-outside-tree") in found
    assert not any(Path(f.path).name == "page.md" for f in report.findings)


def test_a_built_site_holds_nothing_from_outside_and_strict_refuses(write_tree, outside, tmp_path):
    root = write_tree(TREE)
    _link(root, "es/passwd.txt", outside / "passwd")
    _link(root, "es/keys", outside / "keys")
    _link(root, "es/stolen.md", outside / "page.md")
    _link(root, "es/logo-copy.txt", root / "es" / "img" / "logo.txt")
    command = [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site"]
    built = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    assert "docs/es/passwd.txt: symlink-outside-tree" in built.stderr
    published = {path.relative_to(tmp_path / "site").as_posix() for path in (tmp_path / "site").rglob("*")}
    assert "es/img/logo.txt" in published and "es/logo-copy.txt" in published
    assert any(name.startswith("es/assets/stylesheets/") for name in published), "the theme is published"
    assert not [name for name in published if "passwd" in name or "keys" in name or "stolen" in name]
    for path in (tmp_path / "site").rglob("*"):
        if path.is_file():
            text = path.read_bytes()
            assert b"PRIVATE KEY MATERIAL" not in text and b"root:x:0:0" not in text, path
    strict = subprocess.run([*command, "--strict"], cwd=tmp_path, capture_output=True, text=True)
    assert strict.returncode == 1
    assert "symlink-outside-tree" in strict.stderr


def test_a_page_linked_from_outside_makes_no_notebook(write_tree, outside, tmp_path):
    root = write_tree(TREE)
    _link(root, "en/stolen.md", outside / "page.md")
    command = [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site"]
    subprocess.run(command, cwd=tmp_path, capture_output=True, check=True)
    assert not list((tmp_path / "site").rglob("stolen*"))
