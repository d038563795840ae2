"""A page as the site renders it, read once for every rule that needs it: `unsafe-html` (what the
sanitiser removes), `source-visible` (source shown as text) and `links` (the `#anchors` it offers).

The conversion is the site's own (`markup.render`: the site's Markdown extensions and the dialect's
steps), on the page's text but for its code and its `[[autodoc]]` blocks (the library's docstrings,
which the build's mkdocstrings writes; `LintContext.has_anchor` knows their ids): code is shown, never
removed, holds no anchor, and highlighting it would be most of the conversion's time. What the rules read
of it is kept, by everything it was made from, in polydocs' cache (`rendering_cache.py`): converting is
most of lint's time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from polydocs.cache import stable_repr
from polydocs.diagnostics import Diagnostic
from polydocs.dialect import parse_page
from polydocs.dialect.constructs.autodoc import autodoc_in_text
from polydocs.dialect.site_inventory import site_inventory
from polydocs.lint.document import LintDocument
from polydocs.lint.inventory_answers import Answer, AnsweringInventory
from polydocs.markup import MarkupContext, render
from polydocs.markup.page_anchors import anchor_ids
from polydocs.markup.unsafe_html import diagnostics, sanitize_page
from polydocs.markup.visible_source import source_visible
from polydocs.sources import Language, ProjectConfig, language_of, load_project_config
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.front_matter import front_matter_lines


@dataclass(frozen=True)
class PageRendering:
    """What lint reads of the page as the site publishes it (a page maintainers wrote, `trusted:` in
    polydocs.yml, as converted; any other as the sanitiser leaves it, as the build publishes it)."""

    # The fragments a link to the page may name: the ids of its published HTML.
    anchors: frozenset[str]
    # What the sanitiser removed (`unsafe-html`; none on a trusted page), at the page's lines.
    removed: list[Diagnostic]
    # Source readers see as text on the published page (`source-visible`), read where the build reads it:
    # after the sanitiser.
    shown: list[Diagnostic]


# A page the site refuses (past its bounds: `dialect/page_bounds.py`) is published as a notice.
_REFUSED = PageRendering(frozenset(), [], [])


@dataclass
class RenderingSettings:
    """What one lint run renders every page with: the tree's settings, as the site reads them (defaults
    for loose pages; `root` None), and the site's inventory."""

    root: Path | None
    _language_keys: dict[str, str] = field(default_factory=dict)

    @cached_property
    def project(self) -> ProjectConfig:
        return load_project_config(self.root) if self.root is not None else ProjectConfig()

    @cached_property
    def inventory(self) -> ApiInventory:
        """The site's inventory, names checked against the package's export list, never imported: an API
        link's target is neither unsafe nor an anchor either way."""
        return site_inventory(self.project).without_member_checks()

    @cached_property
    def inventory_key(self) -> str:
        """The inventory's settings, as a cache key reads them (its answers are checked one by one)."""
        return stable_repr(self.inventory)

    def language(self, folder: str) -> Language:
        return language_of(folder, self.project.languages.get(folder))

    def language_key(self, folder: str) -> str:
        """The language as a cache key reads it: its strings and conventions."""
        if folder not in self._language_keys:
            self._language_keys[folder] = stable_repr(self.language(folder))
        return self._language_keys[folder]

    def relative(self, document: LintDocument) -> str:
        """The page's path as `trusted:` patterns name it."""
        return (
            document.path.relative_to(self.root).as_posix() if self.root is not None else document.path.name
        )

    def trusted(self, document: LintDocument) -> bool:
        return self.project.trusted.covers(document.lang, self.relative(document))


def rendered(document: LintDocument, settings: RenderingSettings) -> tuple[PageRendering, list[Answer]]:
    """The page rendered, and the questions its rendering asked the inventory, with their answers."""
    if document.refused:
        return _REFUSED, []
    skipped = front_matter_lines(document.text)
    body = "\n".join(_without_autodoc(_without_code(document.text.split("\n")[skipped:])))
    inventory = AnsweringInventory.of(settings.inventory)
    markup = MarkupContext(
        path=str(document.path),
        lang=settings.language(document.lang),
        line_offset=skipped,
        page_local=document.local,
        api=inventory,
        iframe_hosts=settings.project.iframe_hosts,
        check_constructs=False,  # the `constructs` rule checks them, on the text the build reads
    )
    return _published(document, render(body, markup), settings), inventory.noted()


def _published(document: LintDocument, html: str, settings: RenderingSettings) -> PageRendering:
    path = str(document.path)
    removed = []
    if not settings.trusted(document):
        sanitized = sanitize_page(html, settings.project.iframe_hosts)
        html, removed = sanitized.html, diagnostics(path, document.text, sanitized.removals)
    return PageRendering(anchor_ids(html), removed, source_visible(path, document.text, html))


def _without_autodoc(lines: list[str]) -> list[str]:
    """The lines with each `[[autodoc]]` directive and its member lines blanked."""
    lines = list(lines)
    for autodoc in autodoc_in_text("\n".join(lines)):
        for index in range(autodoc.index, autodoc.index + len(autodoc.members) + 1):
            lines[index] = ""
    return lines


def _without_code(lines: list[str]) -> list[str]:
    """The lines with the code of fenced blocks blanked. A code line keeps its quote markers and
    indentation, so the block still ends where it did (a fence never closed runs to the end of its
    container)."""
    lines = list(lines)
    for fence in parse_page("\n".join(lines)).fences:
        for index in range(fence.index + 1, fence.end if fence.end is not None else fence.last + 1):
            lines[index] = _container_of(lines[index])
    return lines


def _container_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t>"))]
