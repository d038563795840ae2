"""What a page is, and which page a file is, answered from paths alone (no tree is read, no MkDocs).

The site, the linter and the snippet checker all ask these questions; `SourceTree` answers them for a
tree it has read, these functions for a single file (the checker collects files one by one).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePath

from polydocs.sources.languages import SOURCE_LANGUAGE

PAGE_SUFFIXES = (".md", ".mdx")
TOCTREE_NAME = "_toctree.yml"


def is_hidden(name: str) -> bool:
    """`.git`, `_data`, `_snippets`: a file or folder the site leaves out (and no language folder)."""
    return name.startswith((".", "_"))


def is_page(relative: PurePath) -> bool:
    """Whether `relative`, a path inside a language folder, names a page: a `.md` or `.mdx` file none
    of whose parts is hidden."""
    return relative.suffix in PAGE_SUFFIXES and not any(is_hidden(part) for part in relative.parts)


def page_local(relative: PurePath) -> str:
    """A page's name inside its language folder: `tasks/asr.md` -> `tasks/asr`."""
    return relative.with_suffix("").as_posix()


def page_url(local: str) -> str:
    """The directory URL MkDocs gives a page (`use_directory_urls`), relative to its language root."""
    if local == "index":
        return ""
    if local.endswith("/index"):
        return local.removesuffix("index")
    return f"{local}/"


def page_key(lang: str, relative: PurePath) -> str:
    """`es/perf_torch_compile.md`: a page's name in snippet reports, which the site's badges look up."""
    return f"{lang}/{relative.as_posix()}"


def find_source_root(path: Path) -> Path | None:
    """The `docs_src`-like folder holding `path` that can be built: the nearest one with `en/_toctree.yml`,
    else the nearest single-language tree (`_toctree.yml` at its top, as `peft/docs/source`)."""
    candidates = [path, *path.parents][:4]
    multilingual = (c for c in candidates if (c / SOURCE_LANGUAGE / TOCTREE_NAME).is_file())
    single = (c for c in candidates if (c / TOCTREE_NAME).is_file())
    return next(multilingual, None) or next(single, None)


@dataclass(frozen=True)
class PageAddress:
    """Where a page file sits: its tree's root, its language folder and its name there."""

    root: Path
    lang: str
    # The file's path inside its language folder, suffix kept: `tasks/asr.md`.
    relative: PurePath

    @property
    def local(self) -> str:
        return page_local(self.relative)

    @property
    def key(self) -> str:
        return page_key(self.lang, self.relative)

    # A single-language tree's pages lie at its top, not in an `en/` folder.
    single_language: bool = False

    def english(self) -> Path | None:
        """The English page of the same name, the one a reader of this language falls back to."""
        if self.lang == SOURCE_LANGUAGE:
            return None
        return page_file(self.root / SOURCE_LANGUAGE, self.local)


def page_file(folder: Path, local: str) -> Path | None:
    """The file of page `local` in a language folder; with both suffixes the tree reads `.mdx` last,
    so it is the one the site shows."""
    found = [folder / f"{local}{suffix}" for suffix in PAGE_SUFFIXES]
    return next((path for path in reversed(found) if path.is_file()), None)


def _tree_root(path: Path) -> Path | None:
    """The nearest folder above `path` holding an `en/` folder: the source tree, toctrees or not."""
    return next((folder for folder in path.parents if (folder / SOURCE_LANGUAGE).is_dir()), None)


def _single_language_root(path: Path) -> Path | None:
    """The nearest folder above `path` with `_toctree.yml` at its top, in no multilingual tree."""
    return next((folder for folder in path.parents if (folder / TOCTREE_NAME).is_file()), None)


def _single_language_page(path: Path) -> PageAddress | None:
    root = _single_language_root(path)
    if root is None or not is_page(path.relative_to(root)):
        return None
    return PageAddress(root, SOURCE_LANGUAGE, path.relative_to(root), single_language=True)


def page_at(path: Path) -> PageAddress | None:
    """The page the file at `path` is, or None: not in a source tree, in no language folder, hidden,
    or not Markdown. The language folder is the first folder below the tree's root (where every folder
    not hidden is a language: the tree refuses any other); in a single-language tree, the root itself."""
    root = _tree_root(path)
    if root is None:
        return _single_language_page(path)
    lang, *rest = path.relative_to(root).parts
    relative = PurePath(*rest) if rest else PurePath()
    if is_hidden(lang) or not rest or not is_page(relative):
        return None
    return PageAddress(root, lang, relative)


def is_page_file(path: Path) -> bool:
    """Whether the file at `path` is a page: inside a source tree by its path below the language
    folder; elsewhere (a loose folder of pages) by its own name and its folder's."""
    if _tree_root(path) is not None or _single_language_root(path) is not None:
        return page_at(path) is not None
    return is_page(PurePath(path.parent.name, path.name))
