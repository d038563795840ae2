"""A source tree updated for the files an edit changed ends as the tree read anew would be: pages in
order, toctrees, problems, redirects and the translations' freshness; and it reads only those files."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.sources import SourceTree
from polydocs.sources.freshness import content_hash
from polydocs.sources.tree_update import updated_source_tree

REPO = Path(__file__).resolve().parents[2]
COURSE = REPO.parent / "shared" / "corpus" / "course-docs"
PEFT = REPO.parent / "shared" / "corpus" / "peft-docs"

Edit = Callable[[Path], list[Path]]


def _model(tree: SourceTree) -> dict[str, object]:
    """Everything the model answers, in order where order is part of the answer."""
    freshness = tree.freshness
    return {
        "languages": tree.languages,
        "pages": {lang: list(pages.items()) for lang, pages in tree.pages.items()},
        "toctrees": tree.toctrees,
        "project": tree.project,
        "problems": [str(problem) for problem in tree.problems],
        "library": tree.library,
        "redirects": tree.redirects,
        "config": tree.doc_builder_config,
        "freshness": {lang: freshness.pages_by_state(lang) for lang in tree.languages},
        "hashes": freshness.english,
    }


def _assert_update_matches_a_full_read(root: Path, edit: Edit) -> SourceTree:
    before = load_source_tree(root)
    before.freshness  # noqa: B018 - hashes made before the edit, which the update keeps where they hold
    changed = edit(root)
    updated = updated_source_tree(before, changed)
    assert _model(updated) == _model(load_source_tree(root))
    return updated


def _append(path: Path, text: str) -> list[Path]:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return [path]


def _write(path: Path, text: str) -> list[Path]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return [path]


def _delete(path: Path) -> list[Path]:
    path.unlink()
    return [path]


def _rename(path: Path, to: Path) -> list[Path]:
    path.rename(to)
    return [path, to]


DOCS_SRC_EDITS: dict[str, Edit] = {
    "a translation's text": lambda root: _append(root / "es" / "perf_torch_compile.md", "\nMás.\n"),
    # Spanish and Portuguese translate this page and the lock records it: they become outdated.
    "an English page its translations follow": lambda root: _append(
        root / "en" / "perf_torch_compile.md", "\nMore.\n"
    ),
    "an added page, not in the toctree": lambda root: _write(root / "es" / "nueva.md", "# Nueva\n"),
    "an added page in a new folder": lambda root: _write(root / "en" / "deep" / "er" / "page.md", "# P\n"),
    "a deleted page the toctree lists": lambda root: _delete(root / "es" / "perf_torch_compile.md"),
    "a deleted English page": lambda root: _delete(root / "en" / "graph_breaks.md"),
    "a renamed page": lambda root: _rename(root / "es" / "index.md", root / "es" / "inicio.md"),
    "an .mdx beside the .md": lambda root: _write(root / "es" / "index.mdx", "# Inicio MDX\n"),
    "front matter that never closes": lambda root: _write(root / "pt" / "index.md", "---\ntitle: x\n"),
    "a page that is not UTF-8": lambda root: [_bytes(root / "pt" / "index.md", b"# \xff\n")],
    "an edited toctree": lambda root: _toctree_edit(root / "es" / "_toctree.yml"),
    "an English toctree listing a missing page": lambda root: _append(
        root / "en" / "_toctree.yml", "- local: nowhere\n  title: Nowhere\n"
    ),
    "a redirects file added": lambda root: _write(
        root / "es" / "_redirects.yml", "viejo: perf_torch_compile\nroto: nada\n"
    ),
    "an edited polydocs.yml": lambda root: _append(root / "polydocs.yml", "iframe_hosts: [example.org]\n"),
    "a new language folder": lambda root: _new_language(root),
    "a link out of the tree": lambda root: _link(root / "es" / "fuera.md", "/etc/hostname"),
    "an image": lambda root: [_bytes(root / "es" / "imagen.png", b"\x89PNG")],
    # A type the site refuses to publish is a problem of the tree (`asset-refused`).
    "a script at the theme's path": lambda root: _write(
        root / "es" / "assets" / "polydocs" / "md-storage.js", "x"
    ),
    "an html file": lambda root: _write(root / "pt" / "evil.html", "<script>alert(1)</script>"),
    "several files at once": lambda root: [
        *_append(root / "es" / "index.md", "\nUno.\n"),
        *_write(root / "pt" / "novo.md", "# Novo\n"),
        *_delete(root / "en" / "graph_breaks.md"),
    ],
}


def _bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _toctree_edit(path: Path) -> list[Path]:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("title:", "title: Nuevo", 1), encoding="utf-8")
    return [path]


def _new_language(root: Path) -> list[Path]:
    shutil.copytree(root / "pt", root / "pt-BR")
    return [root, *(root / "pt-BR").iterdir()]


def _link(path: Path, target: str) -> list[Path]:
    path.symlink_to(target)
    return [path]


@pytest.fixture
def docs_src(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "docs_src", tmp_path / "docs")
    return tmp_path / "docs"


@pytest.mark.parametrize("edit", DOCS_SRC_EDITS.values(), ids=DOCS_SRC_EDITS.keys())
def test_an_updated_tree_is_the_tree_read_anew(docs_src: Path, edit: Edit) -> None:
    _assert_update_matches_a_full_read(docs_src, edit)


def test_an_english_edit_makes_its_tracked_translations_outdated(docs_src: Path) -> None:
    edit = DOCS_SRC_EDITS["an English page its translations follow"]
    updated = _assert_update_matches_a_full_read(docs_src, edit)
    assert updated.freshness.state("es", "perf_torch_compile") == "outdated"


def test_a_toctree_that_no_longer_parses_is_refused_as_a_full_read_refuses_it(docs_src: Path) -> None:
    before = load_source_tree(docs_src)
    toctree = docs_src / "es" / "_toctree.yml"
    toctree.write_text("- sections:\n  - local: index\n   title: Roto\n", encoding="utf-8")
    with pytest.raises(PolydocsError) as full:
        load_source_tree(docs_src)
    with pytest.raises(PolydocsError) as updated:
        updated_source_tree(before, [toctree])
    assert updated.value.diagnostics == full.value.diagnostics


def test_only_the_changed_files_are_read_again(docs_src: Path) -> None:
    before = load_source_tree(docs_src)
    before.freshness  # noqa: B018 - the English pages hashed now
    unnamed, named = docs_src / "en" / "graph_breaks.md", docs_src / "en" / "index.md"
    _write(unnamed, "---\nbroken front matter, unseen by the update\n")
    _append(named, "\nSeen.\n")
    updated = updated_source_tree(before, [named])
    assert not any(problem.path == str(unnamed) for problem in updated.problems)
    assert updated.freshness.english["graph_breaks"] == before.freshness.english["graph_breaks"]
    assert updated.freshness.english["index"] == content_hash(named.read_text(encoding="utf-8"))
    assert (
        before.freshness.english["index"] != updated.freshness.english["index"]
    )  # `before` is kept as it was


SINGLE_EDITS: dict[str, Edit] = {
    "a page's text": lambda root: _append(_first_page(root), "\nMore.\n"),
    "an added page": lambda root: _write(root / "added" / "page.md", "# Added\n"),
    "a deleted page": lambda root: _delete(_first_page(root)),
    "the toctree": lambda root: _append(root / "_toctree.yml", "- local: nowhere\n  title: Nowhere\n"),
    "a file at the top": lambda root: _write(root / "polydocs.yml", "iframe_hosts: [example.org]\n"),
}


def _first_page(root: Path) -> Path:
    return next(path for path in sorted(root.rglob("*.md*")) if "_" not in path.name)


@pytest.mark.skipif(not PEFT.is_dir(), reason="the corpus ../shared/corpus/peft-docs is absent")
@pytest.mark.parametrize("edit", SINGLE_EDITS.values(), ids=SINGLE_EDITS.keys())
def test_a_single_language_corpus_tree_updated_is_the_tree_read_anew(tmp_path: Path, edit: Edit) -> None:
    shutil.copytree(PEFT, tmp_path / "peft")
    _assert_update_matches_a_full_read(tmp_path / "peft", edit)


COURSE_EDITS: dict[str, Edit] = {
    "a translation's text": lambda root: _append(root / "es" / "chapter1" / "1.mdx", "\nMás.\n"),
    "an English page": lambda root: _append(root / "en" / "chapter1" / "1.mdx", "\nMore.\n"),
    "a renamed page": lambda root: _rename(
        root / "fr" / "chapter1" / "2.mdx", root / "fr" / "chapter1" / "b.mdx"
    ),
    "an edited toctree": lambda root: _toctree_edit(root / "ja" / "_toctree.yml"),
    "a deleted English page": lambda root: _delete(root / "en" / "chapter1" / "2.mdx"),
}


@pytest.mark.skipif(not COURSE.is_dir(), reason="the corpus ../shared/corpus/course-docs is absent")
@pytest.mark.parametrize("edit", COURSE_EDITS.values(), ids=COURSE_EDITS.keys())
def test_the_course_updated_is_the_course_read_anew(tmp_path: Path, edit: Edit) -> None:
    shutil.copytree(COURSE, tmp_path / "course")
    _assert_update_matches_a_full_read(tmp_path / "course", edit)


def test_an_update_given_a_relative_root_names_pages_as_a_full_read_does(docs_src: Path, monkeypatch) -> None:
    monkeypatch.chdir(docs_src.parent)
    relative = Path(os.path.relpath(docs_src))
    before = load_source_tree(relative)
    page = docs_src / "es" / "nueva.md"  # named by its absolute path, as a file watcher names it
    _write(page, "# Nueva\n")
    assert _model(updated_source_tree(before, [page])) == _model(load_source_tree(relative))
