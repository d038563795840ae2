"""The documentation source tree, read once per command: languages, pages, toctrees and the project
settings, and the site's rules over them (which page a reader of a language sees, which file is which
page, how fresh each translation is). Every area asks this model instead of re-deriving the rules."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.confinement import entries_not_read
from polydocs.sources.doc_builder_config import CONFIG_NAME, DocBuilderConfig, read_doc_builder_config
from polydocs.sources.freshness import Freshness, freshness_of
from polydocs.sources.language_folders import is_single_language, language_folders, unregistered_language
from polydocs.sources.languages import SOURCE_LANGUAGE, Language, is_registered_tag, language_of
from polydocs.sources.library import Library, PagesLibrary, choose_library
from polydocs.sources.page_reading import Page, PageRead, pages_of, read_language_pages
from polydocs.sources.pages import PAGE_SUFFIXES, TOCTREE_NAME, page_local
from polydocs.sources.project import ProjectConfig, load_project_config
from polydocs.sources.published_files import refused_files
from polydocs.sources.redirects import REDIRECTS_NAME, Redirect, checked_redirects, read_redirects
from polydocs.sources.toctree import Toctree, load_toctree

# PAGE_SUFFIXES and TOCTREE_NAME (`pages.py`) and Page (`page_reading.py`) are named here too for importers.
__all__ = ["PAGE_SUFFIXES", "TOCTREE_NAME", "Page", "SourceTree", "TreeReading", "read_source_tree"]


@dataclass
class TreeReading:
    """What `read_source_tree` read besides the model's own fields, kept so that an edit reads again only
    the files it changed (`tree_update.py`) and derives the rest from these reads as a full read would."""

    # `--library` and the guess from the pages, to read the whole tree again as it was first read.
    library_option: str | None
    pages_library: PagesLibrary
    links_out: list[Diagnostic]
    page_reads: dict[str, dict[Path, PageRead]]
    redirect_reads: dict[str, tuple[list[Redirect], list[Diagnostic]]]
    config_problems: list[Diagnostic]
    # The files of the language folders the site refuses to publish (`published_files.py`).
    refused_files: list[Diagnostic] = field(default_factory=list)
    # The English pages' content hashes by file, made by `freshness` and kept while a file is unchanged.
    digests: dict[Path, str] = field(default_factory=dict)


@dataclass
class SourceTree:
    """Every language's pages and toctree, the project settings, and the problems found reading them."""

    root: Path
    languages: list[str]
    pages: dict[str, dict[str, Page]]
    toctrees: dict[str, Toctree]
    project: ProjectConfig = field(default_factory=ProjectConfig)
    problems: list[Diagnostic] = field(default_factory=list)
    # A tree whose top holds `_toctree.yml` (`peft/docs/source`): one English language, its folders sections.
    single_language: bool = False
    library: Library = field(default_factory=lambda: Library("transformers", "named nowhere", assumed=True))
    # Per language: the `_redirects.yml` entries whose pages are checked (English's, then its own).
    redirects: dict[str, list[Redirect]] = field(default_factory=dict)
    doc_builder_config: DocBuilderConfig = field(default_factory=DocBuilderConfig)
    # What was read to make this model (None for a model made by hand): not part of the model itself.
    reading: TreeReading | None = field(default=None, compare=False, repr=False)

    @property
    def aliases(self) -> dict[str, str]:
        """Folder name -> language tag, from `languages:` in polydocs.yml (`{cn: zh}`)."""
        return self.project.languages

    def folder(self, lang: str) -> Path:
        """The folder holding a language's pages and toctree: the tree's top in a single-language tree."""
        return self.root if self.single_language else self.root / lang

    def language(self, folder: str) -> Language:
        """The language of a folder: its tag (aliased or its own name), autonym, direction, strings."""
        return language_of(folder, self.aliases.get(folder))

    def page(self, lang: str, local: str) -> Page | None:
        return self.pages.get(lang, {}).get(local)

    def resolve(self, lang: str, local: str) -> Page | None:
        """The page a reader of `lang` sees for `local`: the translation, else the English source."""
        return self.page(lang, local) or self.page(SOURCE_LANGUAGE, local)

    def shows_english(self, lang: str, local: str) -> bool:
        """Whether a reader of `lang` reads the English page for `local` (it has no translation)."""
        page = self.resolve(lang, local)
        return page is not None and page.lang != lang

    def site_pages(self, lang: str) -> dict[str, Page]:
        """Every page a reader of `lang` can open, in English order, each with the page they read."""
        pages = dict(self.pages[SOURCE_LANGUAGE])
        pages.update(self.pages[lang])
        return pages

    def pages_read_in(self, languages: list[str]) -> list[Page]:
        """Every page a reader of one of `languages` can open, each once (a page falling back to English
        is one page, however many languages show it)."""
        pages = {page.path: page for lang in languages for page in self.site_pages(lang).values()}
        return list(pages.values())

    def moved_pages(self, lang: str) -> dict[str, str]:
        """`_redirects.yml`'s old page names a reader of `lang` may still follow, each to the page (and
        anchor) it moved to: a link to one is a link to that page."""
        return {
            entry.old: entry.new + (f"#{entry.anchor}" if entry.anchor else "")
            for entry in self.redirects.get(lang, [])
        }

    def all_locals(self) -> list[str]:
        """Every page name of the site, source-language order first."""
        seen: dict[str, None] = {}
        for lang in self.languages:
            seen.update(dict.fromkeys(self.pages[lang]))
        return list(seen)

    def language_at(self, path: str | os.PathLike[str]) -> str | None:
        """The language folder `path` (a page, a toctree, the folder itself) lies in; None for a file
        of the tree outside every language (polydocs.yml, `_data/`) or outside the tree."""
        try:
            relative = Path(os.path.abspath(path)).relative_to(os.path.abspath(self.root))
        except ValueError:
            return None
        if self.single_language:
            return SOURCE_LANGUAGE
        return relative.parts[0] if relative.parts and relative.parts[0] in self.pages else None

    def page_at(self, path: str | os.PathLike[str]) -> Page | None:
        """The page of this tree the file at `path` is, if it is one."""
        lang = self.language_at(path)
        if lang is None:
            return None
        relative = Path(os.path.abspath(path)).relative_to(os.path.abspath(self.folder(lang)))
        page = self.page(lang, page_local(relative))
        return page if page is not None and os.path.abspath(page.path) == os.path.abspath(path) else None

    @cached_property
    def freshness(self) -> Freshness:
        """Which translations are current, outdated, untracked or missing: the English pages are read
        and hashed the first time this is asked (a tree updated after an edit hashes the changed ones)."""
        return freshness_of(self, self.reading.digests if self.reading is not None else {})


def _check_toctree_against_pages(
    lang: str,
    toctree: Toctree,
    pages: dict[str, Page],
    english: dict[str, Page],
    named: str,
    problems: list[Diagnostic],
) -> None:
    """`named` is how messages name the language folder: `es/`, or nothing in a single-language tree."""
    listed: dict[str, int] = {}
    for entry in toctree.pages():
        if entry.local in listed:
            problems.append(
                Diagnostic(
                    str(toctree.path),
                    entry.line,
                    "toctree-duplicate",
                    f"entry `{entry.local}` is listed again (first at line {listed[entry.local]}); "
                    "readers see the page twice in the navigation",
                    "keep one of the entries",
                )
            )
        listed.setdefault(entry.local, entry.line)
        if entry.local not in pages and not (lang != SOURCE_LANGUAGE and entry.local in english):
            problems.append(
                Diagnostic(
                    str(toctree.path),
                    entry.line,
                    "toctree-missing-file",
                    f"entry `{entry.local}` points to a missing file {named}{entry.local}.md",
                    "create the page or remove the entry",
                )
            )
    for local, page in pages.items():
        if local not in listed:
            problems.append(
                Diagnostic(
                    str(page.path),
                    1,
                    "toctree-unlisted",
                    f"page is not listed in {named}{TOCTREE_NAME}; it is built but not in the navigation",
                    f"add `- local: {local}` with a `title:` to {named}{TOCTREE_NAME}",
                )
            )


def _redirects_of(
    tree: SourceTree, reads: dict[str, tuple[list[Redirect], list[Diagnostic]]], problems: list[Diagnostic]
) -> dict[str, list[Redirect]]:
    """Each language's redirects: English's (its readers see every English page) updated by its own
    `_redirects.yml`; each file's entries are checked against the pages of the language it lies in."""
    english, problems_read = reads[SOURCE_LANGUAGE]
    english, problems_checked = checked_redirects(english, tree.site_pages(SOURCE_LANGUAGE))
    problems += problems_read + problems_checked
    redirects = {SOURCE_LANGUAGE: english}
    for lang in tree.languages[1:]:
        pages = tree.site_pages(lang)
        own, problems_read = reads[lang]
        own, problems_checked = checked_redirects(own, pages)
        problems += problems_read + problems_checked
        merged = {entry.old: entry for entry in english if entry.old not in pages}
        merged.update((entry.old, entry) for entry in own)
        redirects[lang] = list(merged.values())
    return redirects


def derive_model(tree: SourceTree, reading: TreeReading) -> SourceTree:
    """`tree` (languages, toctrees and settings set) completed from `reading`: its pages, redirects and
    problems, in the order a full read reports them. The one derivation of a read tree and an updated one."""
    named = {lang: "" if tree.single_language else f"{lang}/" for lang in tree.languages}
    problems = (
        reading.links_out
        + reading.refused_files
        + [
            unregistered_language(tree.root / lang, tag)
            for lang in tree.languages
            if not tree.single_language and not is_registered_tag(tag := tree.aliases.get(lang, lang))
        ]
    )
    tree.pages = {lang: pages_of(reading.page_reads[lang], problems) for lang in tree.languages}
    for lang in tree.languages:
        english = tree.pages[SOURCE_LANGUAGE]
        _check_toctree_against_pages(
            lang, tree.toctrees[lang], tree.pages[lang], english, named[lang], problems
        )
    tree.problems = problems + reading.config_problems
    tree.redirects = _redirects_of(tree, reading.redirect_reads, tree.problems)
    tree.reading = reading
    return tree


def read_source_tree(root: Path, library: str | None, pages_library: PagesLibrary) -> SourceTree:
    """Read the tree at `root`. Raises PolydocsError when it cannot be built at all. Commands read a tree
    with `dialect.load_source_tree`, which hands in the parse's guess as `pages_library`.

    With `_toctree.yml` at its top the tree is one English language and its folders are sections;
    otherwise a folder is a language when `languages:` in polydocs.yml names its tag, or its name is a
    tag. `library` (`--library`) names the documented library, before polydocs.yml and the project;
    `pages_library` reads the English pages for it when nothing else names one."""
    if not root.is_dir():
        raise PolydocsError(
            [Diagnostic(str(root), 0, "source", "no such folder", "pass --source DIR", "error")]
        )
    project = load_project_config(root)
    aliases = project.languages
    single = is_single_language(root)
    outside = entries_not_read(root)
    languages, errors = ([SOURCE_LANGUAGE], []) if single else language_folders(root, aliases)
    folders = {lang: root if single else root / lang for lang in languages}
    toctrees: dict[str, Toctree] = {}
    for lang in languages:
        try:
            toctrees[lang] = load_toctree(folders[lang] / TOCTREE_NAME)
        except PolydocsError as error:
            errors.extend(error.diagnostics)
    if errors:
        raise PolydocsError(errors + outside, "the source tree cannot be built")
    languages.sort(key=lambda code: (code != SOURCE_LANGUAGE, code))
    page_reads = {lang: read_language_pages(lang, folders[lang], root) for lang in languages}
    redirect_reads = {lang: read_redirects(folders[lang] / REDIRECTS_NAME) for lang in languages}
    api_package = (project.api_reference or {}).get("package")
    english = page_reads.get(SOURCE_LANGUAGE, {}).values()
    english_texts = (read.page.read() for read in english if read.page is not None)
    chosen = choose_library(root, library, project.library, api_package, english_texts, pages_library)
    doc_builder_config, config_problems = read_doc_builder_config(root / CONFIG_NAME)
    tree = SourceTree(
        root,
        languages,
        {},
        toctrees,
        replace(project, library=chosen.name),
        [],
        single,
        chosen,
        doc_builder_config=doc_builder_config,
    )
    refused = [problem for lang in languages for problem in refused_files(folders[lang], root, single)]
    reading = TreeReading(
        library, pages_library, outside, page_reads, redirect_reads, config_problems, refused
    )
    return derive_model(tree, reading)
