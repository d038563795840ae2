"""A language site left as it is when nothing it is built from changed and its published files are intact.

Each language build is recorded with a digest of everything it reads (`language_inputs`) and the files
it wrote (size and modification time of each). The next build of the same output compares both: when the
inputs are the same and the published folder still holds exactly those files, the language is not built
again: the build carries the published folder over as it is (hard links, `site/output.py`) and replays
the problems the recorded build reported. Anything else (an edited or renamed page, an edited
`_toctree.yml` or `polydocs.yml`, another polydocs or theme, a deleted or edited output file, another
output folder) builds the language in full, from the page cache.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import asdict, dataclass
from functools import cache, cached_property, partial
from importlib import metadata
from pathlib import Path

from polydocs.cache import CacheStore, stable_repr
from polydocs.diagnostics import Diagnostic
from polydocs.lint.status_page import render_status_markdown
from polydocs.markup.inventory import ApiInventory
from polydocs.site.mkdocs_config import THEME_DIR
from polydocs.site.page_cache import converter_versions
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.typed_json import load

# Bump when what is recorded, or what `language_inputs` reads, changes.
_FORMAT = "1"
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

    inputs: str
    # Each file of the language folder, by path relative to it: [size, modification time in ns].
    files: dict[str, list[int]]
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


def _folder_digest(folder: Path, skipped: frozenset[str] = frozenset()) -> str:
    """Every file under `folder` (names and bytes), leaving out the top-level entries in `skipped`."""
    digest = hashlib.sha256()
    for top, folders, names in os.walk(folder):
        here = Path(top)
        if here == folder:
            folders[:] = [name for name in folders if name not in skipped]
        folders.sort()
        for name in sorted(names):
            path = here / name
            if path.is_file() and not (here == folder and name in skipped):
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


class TreeInputs:
    """The digests a language's inputs are made of, each source folder read once for all languages."""

    def __init__(self, tree: SourceTree, api: ApiInventory, versions: object = None) -> None:
        self.tree, self.api, self.versions = tree, api, versions

    @cached_property
    def shared(self) -> str:
        """Files outside every language folder: polydocs.yml, `_data/` (benchmarks, snippet reports), the
        translations lock; the whole tree where it is one language."""
        tree = self.tree
        return _folder_digest(tree.root, frozenset() if tree.single_language else frozenset(tree.languages))

    @cached_property
    def folders(self) -> dict[str, str]:
        tree = self.tree
        return (
            {}
            if tree.single_language
            else {code: _folder_digest(tree.folder(code)) for code in tree.languages}
        )

    @cached_property
    def common(self) -> str:
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
            )
        )

    def of(self, lang: str) -> str:
        """What one language's build reads: its folder and English's (its fallbacks), the shared files,
        its status page (which counts every language's translations) and its redirects."""
        status = render_status_markdown(self.tree, self.tree.language(lang))
        parts = (
            self.common,
            self.shared,
            self.folders.get(lang, ""),
            self.folders.get(SOURCE_LANGUAGE, ""),
            status,
            self.tree.redirects.get(lang, []),
            lang,
        )
        return hashlib.sha256(stable_repr(parts).encode()).hexdigest()


def output_files(folder: Path) -> dict[str, list[int]]:
    """Size and modification time of every file under `folder` (nothing when it is missing)."""
    found: dict[str, list[int]] = {}
    for top, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(top, name)
            status = os.lstat(path)
            found[os.path.relpath(path, folder)] = [status.st_size, status.st_mtime_ns]
    return found


class UnchangedLanguages:
    """The languages of one build that need no building, from the records in the site cache (none
    without a cache), and the records of those it built."""

    def __init__(self, cache: Path | None, inputs: TreeInputs, published: Path) -> None:
        self.store = CacheStore(cache / "languages" if cache else None, _FORMAT)
        self.inputs, self.published = inputs, published
        self.digests: dict[str, str] = {}

    def kept(self, languages: list[str]) -> dict[str, LanguageRecord]:
        """The languages whose published folder was built from the inputs they have now, and is intact."""
        if self.store.folder is None:
            return {}
        kept: dict[str, LanguageRecord] = {}
        for lang in languages:
            self.digests[lang] = self.inputs.of(lang)
            record = self.store.read(_key(self.published / lang), partial(load, LanguageRecord))
            if record is not None and record.inputs == self.digests[lang]:
                if record.files == output_files(self.published / lang):
                    kept[lang] = record
        return kept

    def record(self, staged: Path, lang: str, pages: int, problems: list[Diagnostic]) -> None:
        """Note that `staged / lang`, about to be published, was built from the inputs `kept` read."""
        if lang in self.digests:
            entry = LanguageRecord(self.digests[lang], output_files(staged / lang), pages, problems)
            self.store.write(_key(self.published / lang), asdict(entry))


def _key(published: Path) -> str:
    return hashlib.sha256(str(published.resolve()).encode()).hexdigest()
