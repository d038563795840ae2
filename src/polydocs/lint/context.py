"""What a lint rule may ask beyond its own page: other pages, their anchors, the installed libraries."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from polydocs.cache import CacheStore, stable_repr
from polydocs.dialect import PageFacts
from polydocs.dialect.constructs.autodoc import autodoc_in_text, qualified_name
from polydocs.dialect.constructs.literal_include import include_root
from polydocs.dialect.site_inventory import site_inventory
from polydocs.lint.document import LintDocument
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.kept_pages import kept_pages
from polydocs.lint.rendering import PageRendering, RenderingSettings
from polydocs.lint.rendering_cache import RenderingCache
from polydocs.lint.targets import LintTargets
from polydocs.markup.autodoc import undocumentable_objects
from polydocs.sources import SOURCE_LANGUAGE, ProjectConfig
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.api_inventory.object_paths import shortest_path
from polydocs.sources.text import read_tree_text


@dataclass
class LintContext:
    """Shared, lazily computed knowledge for one lint run."""

    targets: LintTargets
    facts: InstalledFacts
    # Where what lint derives from each page alone is kept across runs (`kept_pages.py`); None: nothing.
    kept_folder: Path | None = None
    _documents: dict[Path, LintDocument] = field(default_factory=dict)
    _anchors: dict[Path, frozenset[str]] = field(default_factory=dict)
    _site_pages: dict[str, frozenset[str]] = field(default_factory=dict)
    _include_roots: dict[Path, Path] = field(default_factory=dict)
    _site_keys: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for document in self.targets.documents:
            self._documents[document.path] = document

    @cached_property
    def project(self) -> ProjectConfig:
        """The tree's `polydocs.yml` (defaults for loose pages): the same settings the site is built with."""
        return self.targets.tree.project if self.targets.tree else ProjectConfig()

    def page_facts(self, document: LintDocument) -> PageFacts:
        """What the construct checks know about the page's site, as the build gives them."""
        return PageFacts(
            page_local=document.local,
            known_pages=self._known_pages(document.lang),
            moved_pages=self.targets.tree.moved_pages(document.lang) if self.targets.tree else {},
            iframe_hosts=self.project.iframe_hosts,
            api=self.api,
            source_file=document.path,
            include_root=self._include_root(document.path),
        )

    def _include_root(self, page: Path) -> Path:
        """Where the page's `<literalinclude>`s may read, as the build decides it for its tree."""
        tree = self.targets.tree
        if page.parent not in self._include_roots:
            self._include_roots[page.parent] = include_root(tree.root if tree else page.parent)
        return self._include_roots[page.parent]

    @cached_property
    def api(self) -> ApiInventory:
        """The site's API inventory, asked the same questions as in the build, and knowing the same objects
        of `[[autodoc]]` lines the build's loader cannot document (`undocumentable_objects`)."""
        api = site_inventory(self.project, self.targets.tree)
        documents = self.targets.documents
        if self.targets.tree is None or not any("[[autodoc]]" in document.text for document in documents):
            return api  # only a page holding a directive can have the finding: no language's pages read again
        languages = sorted({document.lang for document in documents})
        return replace(api, undocumentable=undocumentable_objects(self.targets.tree, languages, api))

    def site_key(self, lang: str) -> str:
        """The pages a reader of `lang` can open and the old names sent on to them, as a cache key reads
        them (made once per language)."""
        if lang not in self._site_keys:
            moved = self.targets.tree.moved_pages(lang) if self.targets.tree else {}
            self._site_keys[lang] = stable_repr((self._known_pages(lang), moved))
        return self._site_keys[lang]

    @cached_property
    def api_key(self) -> str:
        """The inventory's settings, as a cache key reads them (its answers are checked one by one)."""
        return stable_repr(self.api)

    def _known_pages(self, lang: str) -> frozenset[str]:
        """The pages a reader of `lang` can open: the site's own set (English fallbacks included); a loose
        folder has only its own pages."""
        if lang not in self._site_pages:
            tree = self.targets.tree
            pages = tree.site_pages(lang) if tree is not None else self.targets.folder_pages(lang)
            self._site_pages[lang] = frozenset(pages)
        return self._site_pages[lang]

    def page_path(self, lang: str, local: str) -> Path | None:
        """The page a reader of `lang` gets for `local`: in a source tree the site model's answer (the
        translation, else the English page); in a loose folder, its own page only."""
        if self.targets.tree is not None:
            page = self.targets.tree.resolve(lang, local)
            return page.path if page else None
        return self.targets.folder_pages(lang).get(local)

    def document(self, path: Path, lang: str, local: str) -> LintDocument:
        if path not in self._documents:
            self._documents[path] = LintDocument.read(path, lang, local)
        return self._documents[path]

    def english(self, document: LintDocument) -> LintDocument | None:
        """The English source of a translated page, when the tree has one."""
        if document.lang == SOURCE_LANGUAGE or self.targets.tree is None:
            return None
        page = self.targets.tree.page(SOURCE_LANGUAGE, document.local)
        return self.document(page.path, SOURCE_LANGUAGE, document.local) if page else None

    @cached_property
    def kept(self) -> CacheStore:
        """Where what lint derives from each page alone is kept across runs."""
        return kept_pages(self.kept_folder)

    @cached_property
    def renderings(self) -> RenderingCache:
        settings = RenderingSettings(self.targets.tree.root if self.targets.tree else None)
        return RenderingCache(settings, self.kept)

    def rendering(self, document: LintDocument) -> PageRendering:
        """The page as the site renders it, converted once for the rules that read it (`rendering.py`)."""
        return self.renderings.rendering(document)

    def anchors(self, path: Path) -> frozenset[str]:
        """The ids of the page at `path` as the site publishes it: its headings' (toc's slugs, `{#id}`,
        `[[id]]`), its HTML's, its tabs'; none for a page the site shows as a notice (nested too deep)."""
        if path not in self._anchors:
            try:
                self._anchors[path] = self.rendering(self._page_document(path)).anchors
            except RecursionError:
                self._anchors[path] = frozenset()
        return self._anchors[path]

    def _page_document(self, path: Path) -> LintDocument:
        """The page at `path`: one being linted, or one of their language folders a link leads to."""
        return self._documents.get(path) or self.document(path, *self._pages_by_path[path])

    @cached_property
    def _pages_by_path(self) -> dict[Path, tuple[str, str]]:
        """Each page of the language folders lint resolves links in, by file: its language and name."""
        return {
            path: (lang, local)
            for lang, folder in self.targets.folders.items()
            for local, path in folder.pages.items()
        }

    def has_anchor(self, path: Path, anchor: str) -> bool:
        """Whether the page at `path` offers `#anchor`: an id of its rendering, or one the site's API
        reference gives an `[[autodoc]]` object or one of its members: its full dotted name as the page
        documents it (`#peft.tuners.adalora.AdaLoraConfig`, mkdocstrings' heading) and doc-builder's
        anchor, its shortest path (`#peft.AdaLoraConfig`, `#peft.AdaLoraConfig.update_layer`)."""
        if anchor in self.anchors(path):
            return True
        found = autodoc_in_text(read_tree_text(path))
        objects = [qualified_name(autodoc, self.api) for autodoc in found]
        names = {*objects, *map(shortest_path, objects)}
        return any(anchor == name or anchor.startswith(name + ".") for name in names)
