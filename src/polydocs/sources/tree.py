"""The documentation source tree: one folder per language, each with pages and a `_toctree.yml`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.confinement import inside_tree, links_leaving_tree
from polydocs.sources.front_matter import front_matter_problem
from polydocs.sources.languages import (
    SOURCE_LANGUAGE,
    USUAL_MISNAMES,
    Language,
    is_language_tag,
    is_registered_tag,
    language_of,
)
from polydocs.sources.project import PROJECT_FILE, load_project_config
from polydocs.sources.text import not_utf8
from polydocs.sources.toctree import Toctree, load_toctree

PAGE_SUFFIXES = (".md", ".mdx")
TOCTREE_NAME = "_toctree.yml"


@dataclass(frozen=True)
class Page:
    """One source page: `local` is its path inside the language folder, without suffix."""

    lang: str
    local: str
    path: Path

    @property
    def src_uri(self) -> str:
        """The page's name in the built site's docs tree (always `.md`, also for `.mdx` sources)."""
        return f"{self.local}.md"

    def read(self) -> str:
        return self.path.read_text(encoding="utf-8")


@dataclass
class SourceTree:
    """Every language's pages and toctree, and the problems found reading them."""

    root: Path
    languages: list[str]
    pages: dict[str, dict[str, Page]]
    toctrees: dict[str, Toctree]
    problems: list[Diagnostic] = field(default_factory=list)
    # Folder name -> language tag, from `languages:` in polydocs.yml (`{cn: zh}`).
    aliases: dict[str, str] = field(default_factory=dict)

    def language(self, folder: str) -> Language:
        """The language of a folder: its tag (aliased or its own name), autonym, direction, strings."""
        return language_of(folder, self.aliases.get(folder))

    def page(self, lang: str, local: str) -> Page | None:
        return self.pages.get(lang, {}).get(local)

    def resolve(self, lang: str, local: str) -> Page | None:
        """The page a reader of `lang` sees for `local`: the translation, else the English source."""
        return self.page(lang, local) or self.page(SOURCE_LANGUAGE, local)

    def all_locals(self) -> list[str]:
        """Every page name of the site, source-language order first."""
        seen: dict[str, None] = {}
        for lang in self.languages:
            seen.update(dict.fromkeys(self.pages[lang]))
        return list(seen)


def _collect_pages(lang: str, folder: Path, root: Path, problems: list[Diagnostic]) -> dict[str, Page]:
    pages: dict[str, Page] = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.suffix not in PAGE_SUFFIXES or any(part.startswith((".", "_")) for part in relative.parts):
            continue
        if not inside_tree(path, root):  # reported by `links_leaving_tree`
            continue
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            problems.append(not_utf8(path, data, error, "the page is left out of the site", "warning"))
            continue
        if problem := front_matter_problem(path, text):
            problems.append(problem)
        local = relative.with_suffix("").as_posix()
        pages[local] = Page(lang, local, path)
    return pages


def _check_toctree_against_pages(
    lang: str, toctree: Toctree, pages: dict[str, Page], english: dict[str, Page], problems: list[Diagnostic]
) -> None:
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
                    f"entry `{entry.local}` points to a missing file {lang}/{entry.local}.md",
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
                    f"page is not listed in {lang}/{TOCTREE_NAME}; it is built but not in the navigation",
                    f"add `- local: {local}` with a `title:` to {lang}/{TOCTREE_NAME}",
                )
            )


def _not_a_language(folder: Path) -> Diagnostic:
    return Diagnostic(
        str(folder),
        0,
        "unknown-language",
        f"folder `{folder.name}` is not named by a language tag (BCP 47: `de`, `zh-TW`, `pt-BR`)",
        f"say its language in {PROJECT_FILE} with `languages: {{{folder.name}: <tag>}}`, rename it to its "
        "tag, or prefix it with `_` if it is not a language",
        "error",
    )


def _unregistered(folder: Path, tag: str) -> Diagnostic:
    suggestion = USUAL_MISNAMES.get(tag.lower(), "<tag>")
    return Diagnostic(
        str(folder),
        0,
        "language-unregistered",
        f'`{tag}` is no registered language code: pages say lang="{tag}" and show the English interface',
        f"if the folder holds another language, say which in {PROJECT_FILE}: "
        f"`languages: {{{folder.name}: {suggestion}}}`",
    )


def load_source_tree(root: Path, only: list[str] | None = None) -> SourceTree:
    """Read `root/<lang>/` folders. Raises PolydocsError when the tree cannot be built at all.

    A folder is a language when `languages:` in polydocs.yml names its tag, or its name is a tag."""
    if not root.is_dir():
        raise PolydocsError(
            [Diagnostic(str(root), 0, "source", "no such folder", "pass --source DIR", "error")]
        )
    aliases = load_project_config(root).languages
    errors: list[Diagnostic] = []
    languages: list[str] = []
    outside = links_leaving_tree(root)
    folders = (p for p in root.iterdir() if p.is_dir() and inside_tree(p, root))
    for folder in sorted(p for p in folders if not p.name.startswith((".", "_"))):
        if folder.name not in aliases and not is_language_tag(folder.name):
            errors.append(_not_a_language(folder))
        elif not inside_tree(folder / TOCTREE_NAME, root) or not (folder / TOCTREE_NAME).is_file():
            errors.append(
                Diagnostic(
                    str(folder), 0, "toctree", f"no {TOCTREE_NAME}", "add one listing the pages", "error"
                )
            )
        else:
            languages.append(folder.name)
    if SOURCE_LANGUAGE not in languages and not errors:
        errors.append(
            Diagnostic(
                str(root), 0, "source", f"no `{SOURCE_LANGUAGE}/` folder", "add the English pages", "error"
            )
        )
    if only:
        for code in only:
            if code not in languages:
                errors.append(
                    Diagnostic(str(root), 0, "source", f"--lang {code}: no such language folder", "", "error")
                )
        languages = [code for code in languages if code in only or code == SOURCE_LANGUAGE]
    toctrees: dict[str, Toctree] = {}
    for lang in languages:
        try:
            toctrees[lang] = load_toctree(root / lang / TOCTREE_NAME)
        except PolydocsError as error:
            errors.extend(error.diagnostics)
    if errors:
        raise PolydocsError(errors + outside, "the source tree cannot be built")
    languages.sort(key=lambda code: (code != SOURCE_LANGUAGE, code))
    problems = outside + [
        _unregistered(root / lang, tag)
        for lang in languages
        if not is_registered_tag(tag := aliases.get(lang, lang))
    ]
    pages = {lang: _collect_pages(lang, root / lang, root, problems) for lang in languages}
    for lang in languages:
        _check_toctree_against_pages(lang, toctrees[lang], pages[lang], pages[SOURCE_LANGUAGE], problems)
    return SourceTree(root, languages, pages, toctrees, problems, aliases)
