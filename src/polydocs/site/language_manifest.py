"""What a rebuild need not make again: languages whose inputs did not change, and unchanged pages.

Each language build is recorded in the site cache with what it read, in two parts (`TreeInputs`): its
structure (every input but the pages' text: toctrees, settings, the other files, the page lists, polydocs,
its theme and the libraries that render pages) and a digest of each page's text; and with the files it
wrote (size and modification time of each). The next build into the same output compares them:

- nothing changed and the published folder holds exactly those files: the language is not built; the
  published folder is kept as it is and the problems its build reported are reported again;
- only pages' text changed (and the folder is intact): the language is built, but the pages whose text
  did not change are not rendered again (their HTML depends on nothing else while the structure is the
  same); their published files are carried over (`site/output.py`);
- anything else (a renamed page, an edited `_toctree.yml` or `polydocs.yml`, another polydocs, a deleted
  or edited output file, another output folder): the language is built in full, from the page cache.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import cache, cached_property, partial
from importlib import metadata
from pathlib import Path

from mkdocs.structure.files import File

from polydocs.cache import CacheStore, stable_repr
from polydocs.converter_versions import converter_versions
from polydocs.diagnostics import Diagnostic
from polydocs.dialect import parse_page
from polydocs.dialect.constructs.literal_include import OPEN, include_root, included_files
from polydocs.lint.status_page import render_status_markdown
from polydocs.site.mkdocs_config import THEME_DIR
from polydocs.site.output import carry_over_missing, share_unchanged_files
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.api_inventory import ApiInventory
from polydocs.typed_json import load

# Bump when what is recorded, or what `language_inputs` reads, changes.
_FORMAT = "3"
# What renders a page around its converted HTML (the page cache covers the conversion itself).
_SITE_BUILDERS = (
    "mkdocs",
    "mkdocs-material",
    "mkdocstrings",
    "mkdocstrings-python",
    "mkdocs-autorefs",
    "Jinja2",
)


@dataclass(frozen=True)
class LanguageRecord:
    """One language build of one output folder: what it read, what it wrote, what it reported."""

    structure: str
    # A digest of each page's text, by the page's name in the site (`TreeInputs.page_texts`).
    page_texts: dict[str, str]
    # The name, size and modification time of each file of the language folder (`output_files`).
    files: str
    pages: int
    diagnostics: list[Diagnostic]


def _installed(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return ""


@cache
def _toolchain() -> str:
    """polydocs' code and theme, and the versions of everything that turns a page into the site's HTML."""
    digest = hashlib.sha256(converter_versions().encode())
    for path in sorted(THEME_DIR.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(THEME_DIR).as_posix().encode() + b"\0" + path.read_bytes())
    for name in _SITE_BUILDERS:
        digest.update(f"\0{name}={_installed(name)}".encode())
    return digest.hexdigest()


def _folder_digest(folder: Path, skipped: frozenset[str], pages: frozenset[Path]) -> str:
    """Every file under `folder` (names and bytes) but `pages`, leaving out the top-level entries in
    `skipped`."""
    digest = hashlib.sha256()
    for top, folders, names in os.walk(folder):
        here = Path(top)
        if here == folder:
            folders[:] = [name for name in folders if name not in skipped]
        folders.sort()
        for name in sorted(names):
            path = here / name
            if path.is_file() and path not in pages and not (here == folder and name in skipped):
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _text_digest(path: Path, include_root: Path) -> str:
    """The page's bytes, and what its `<literalinclude>`s read (an included file changes the page)."""
    data = path.read_bytes()
    digest = hashlib.sha256(data)
    if OPEN.encode() in data:
        page = parse_page(data.decode("utf-8", errors="replace"))
        digest.update(repr(included_files(page, path, include_root)).encode())
    return digest.hexdigest()


class TreeInputs:
    """What each language's build reads, in two parts: its structure (every input but the pages' text)
    and each page's text. Each folder is read once for all languages."""

    def __init__(self, tree: SourceTree, api: ApiInventory, versions: object = None) -> None:
        self.tree, self.api, self.versions = tree, api, versions
        self._structures: dict[str, str] = {}

    @cached_property
    def _pages(self) -> dict[str, dict[str, Path]]:
        return {
            code: {local: page.path for local, page in self.tree.pages.get(code, {}).items()}
            for code in self.tree.languages
        }

    @cached_property
    def _page_paths(self) -> frozenset[Path]:
        return frozenset(path for pages in self._pages.values() for path in pages.values())

    @cached_property
    def _shared(self) -> str:
        """Files outside every language folder: polydocs.yml, `_data/` (benchmarks, snippet reports), the
        translations lock; in a tree of one language, every file but its pages."""
        tree = self.tree
        skipped = frozenset() if tree.single_language else frozenset(tree.languages)
        return _folder_digest(tree.root, skipped, self._page_paths)

    @cached_property
    def _folders(self) -> dict[str, str]:
        """Each language folder's files but its pages: the toctree, images, redirects."""
        if self.tree.single_language:
            return {}
        folders = {code: self.tree.folder(code) for code in self.tree.languages}
        return {
            code: _folder_digest(folder, frozenset(), self._page_paths) for code, folder in folders.items()
        }

    @cached_property
    def _include_root(self) -> Path:
        return include_root(self.tree.root)

    @cached_property
    def _page_texts(self) -> dict[str, dict[str, str]]:
        return {
            code: {local: _text_digest(path, self._include_root) for local, path in pages.items()}
            for code, pages in self._pages.items()
        }

    @cached_property
    def _common(self) -> str:
        tree, api = self.tree, self.api
        libraries = {api.package, *api.others, tree.library.name}
        return stable_repr(
            (
                _FORMAT,
                _toolchain(),
                sorted((name, _installed(name)) for name in libraries),
                tree.project,
                tree.library,
                tree.doc_builder_config,
                api,
                # Every language's pages: the language switcher and hreflang links of each page name them.
                {code: sorted(tree.site_pages(code)) for code in tree.languages},
                self.versions,
                self._shared,
            )
        )

    def structure(self, lang: str) -> str:
        if lang not in self._structures:
            self._structures[lang] = self._structure(lang)
        return self._structures[lang]

    def _structure(self, lang: str) -> str:
        """Everything one language's build reads but its pages' text: the shared files, its folder's and
        English's other files, its status page (which counts every language's translations), its
        redirects. While it stays the same, a page's HTML depends on its own text alone."""
        status = render_status_markdown(self.tree, self.tree.language(lang))
        parts = (
            self._common,
            self._folders.get(lang, ""),
            self._folders.get(SOURCE_LANGUAGE, ""),
            status,
            self.tree.redirects.get(lang, []),
            lang,
        )
        return hashlib.sha256(stable_repr(parts).encode()).hexdigest()

    def page_texts(self, lang: str) -> dict[str, str]:
        """A digest per page of the language's site: its text, and English's, whose changes an outdated
        translation's banner follows."""
        texts, english = self._page_texts.get(lang, {}), self._page_texts.get(SOURCE_LANGUAGE, {})
        return {
            local: f"{texts.get(local, '')}:{english.get(local, '')}" for local in self.tree.site_pages(lang)
        }


def output_files(folder: Path) -> str:
    """A digest of the name, size and modification time of every file under `folder` (of nothing when
    it is missing): a file replaced, edited, added or deleted changes it."""
    digest = hashlib.sha256()
    pending = [(str(folder), "")]
    while pending:
        top, prefix = pending.pop()
        try:
            entries = sorted(os.scandir(top), key=lambda entry: entry.name)
        except (FileNotFoundError, NotADirectoryError):
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                pending.append((entry.path, f"{prefix}{entry.name}/"))
            else:
                status = entry.stat(follow_symlinks=False)
                digest.update(f"{prefix}{entry.name}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return digest.hexdigest()


class UnchangedLanguages:
    """What one build need not make again, from the records in the site cache (nothing without a
    cache): the languages it keeps as they are, the pages it need not render in the others; and the
    records of the languages it built."""

    def __init__(self, cache: Path | None, inputs: TreeInputs, published: Path) -> None:
        self.store = CacheStore(cache / "languages" if cache else None, _FORMAT)
        self.inputs, self.published = inputs, published
        self.read: dict[str, tuple[str, dict[str, str]]] = {}
        # Per language built: the pages whose text did not change since the recorded build, when nothing
        # else did either and its published folder is intact.
        self.unchanged_pages: dict[str, list[str]] = {}

    def kept(self, languages: list[str]) -> dict[str, LanguageRecord]:
        """The languages whose published folder was built from the inputs they have now, and is intact."""
        if self.store.folder is None:
            return {}
        kept: dict[str, LanguageRecord] = {}
        for lang in languages:
            structure, texts = self.inputs.structure(lang), self.inputs.page_texts(lang)
            self.read[lang] = (structure, texts)
            record = self.store.read(_key(self.published / lang), partial(load, LanguageRecord))
            if record is None or record.structure != structure:
                continue
            if record.files != output_files(self.published / lang):
                continue
            if record.page_texts == texts:
                kept[lang] = record
            else:
                self.unchanged_pages[lang] = sorted(
                    local for local, text in texts.items() if record.page_texts.get(local) == text
                )
        return kept

    def record(self, staged: Path, lang: str, pages: int, problems: list[Diagnostic]) -> None:
        """Complete `staged / lang`, about to be published, with the pages it did not render again,
        have the files whose bytes did not change stay the published ones (their inode and time), and
        note that it was built from the inputs `kept` read."""
        kept_pages = [page_file(local) for local in self.unchanged_pages.get(lang, [])]
        carry_over_missing(self.published / lang, staged / lang, kept_pages)
        share_unchanged_files(staged / lang, self.published / lang)
        if lang in self.read:
            structure, texts = self.read[lang]
            entry = LanguageRecord(structure, texts, output_files(staged / lang), pages, problems)
            self.store.write(_key(self.published / lang), asdict(entry))


def page_file(local: str) -> str:
    """The file a page is published as (`use_directory_urls`): `guide/index.html` for `guide`."""
    return File(f"{local}.md", "", "", use_directory_urls=True).dest_uri


def published_pages(folder: Path, src_uris: Iterable[str]) -> int:
    """How many of the pages `src_uris` (the language's pages: `SourceTree.site_pages`, the one rule of
    what a page is, which `polydocs status` counts too) are published in `folder`. The status page and
    redirect stubs are the site's own files, not pages of the tree."""
    return sum((folder / page_file(src_uri.removesuffix(".md"))).is_file() for src_uri in src_uris)


def _key(published: Path) -> str:
    return hashlib.sha256(str(published.resolve()).encode()).hexdigest()
