"""What `polydocs lint PATHS` looks at: the pages named, and the language folders they link within."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.lint.document import LintDocument
from polydocs.sources import (
    SOURCE_LANGUAGE,
    SourceTree,
    find_source_root,
    is_page,
    is_registered_tag,
)
from polydocs.sources.confinement import entries_not_read, inside_tree
from polydocs.sources.pages import page_local


@dataclass
class LanguageFolder:
    """One language's folder and its pages by name; links and anchors resolve within it."""

    lang: str
    root: Path
    pages: dict[str, Path]


@dataclass
class LintTargets:
    """The pages to lint, every language folder they belong to, and the source tree when there is one."""

    documents: list[LintDocument]
    folders: dict[str, LanguageFolder]
    tree: SourceTree | None = None
    problems: list[Diagnostic] = field(default_factory=list)

    def folder_pages(self, lang: str) -> dict[str, Path]:
        folder = self.folders.get(lang)
        return folder.pages if folder else {}


def _loose_pages(folder: Path) -> dict[str, Path]:
    pages = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if is_page(relative) and inside_tree(path, folder):
            pages[page_local(relative)] = path
    return pages


def _read(path: Path, lang: str, local: str, problems: list[Diagnostic]) -> LintDocument | None:
    try:
        return LintDocument.read(path, lang, local)
    except UnicodeDecodeError as error:
        problems.append(
            Diagnostic(
                str(path),
                1,
                "encoding",
                f"not UTF-8 ({error.reason}); not linted",
                "save it as UTF-8",
                "error",
            )
        )
        return None


def _within(path: Path, selection: Path) -> bool:
    return path == selection or selection in path.parents


def collect_targets(paths: list[Path], library: str | None = None) -> LintTargets:
    """Pages under `paths`: inside a source tree (with toctrees and English sources) or a loose folder."""
    documents: dict[Path, LintDocument] = {}
    folders: dict[str, LanguageFolder] = {}
    tree: SourceTree | None = None
    problems: list[Diagnostic] = []
    for given in paths:
        path = given.resolve()
        if not path.exists():
            raise PolydocsError(
                [Diagnostic(str(given), 0, "lint-path", "no such file or folder", "", "error")]
            )
        root = find_source_root(path if path.is_dir() else path.parent)
        if root is not None:
            if tree is None or tree.root != root:
                tree = load_source_tree(root, library)
                for lang in tree.languages:
                    pages = {local: page.path for local, page in tree.pages[lang].items()}
                    folders[lang] = LanguageFolder(lang, tree.folder(lang), pages)
            problems += [p for p in tree.problems if _within(Path(os.path.abspath(p.path)), path)]
            for lang, folder in folders.items():
                for local, page_path in folder.pages.items():
                    if _within(page_path.resolve(), path):
                        documents[page_path] = LintDocument.read(page_path, lang, local)
            continue
        folder_path = path if path.is_dir() else path.parent
        lang = folder_path.name if is_registered_tag(folder_path.name) else SOURCE_LANGUAGE
        pages = _loose_pages(folder_path)
        if folder_path not in {folder.root for folder in folders.values()}:
            problems += [p for p in entries_not_read(folder_path) if _within(Path(p.path), path)]
        folders.setdefault(lang, LanguageFolder(lang, folder_path, pages))
        for local, page_path in pages.items():
            if _within(page_path.resolve(), path) and (document := _read(page_path, lang, local, problems)):
                documents[page_path] = document
    return LintTargets(list(documents.values()), folders, tree, problems)
