"""A page as the site renders it, converted once for every rule that reads it: `unsafe-html` (what the
sanitiser removes), `source-visible` (source shown as text) and `links` (the `#anchors` it offers).

The conversion is the site's own (`markup.render`: the site's Markdown extensions and the dialect's
steps), on the page's text but for its code and its `[[autodoc]]` blocks (the library's docstrings,
which the build's mkdocstrings writes; `LintContext.has_anchor` knows their ids): code is shown, never
removed, holds no anchor, and highlighting it would be most of the conversion's time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.autodoc import autodoc_in_text
from polydocs.dialect.page_bounds import page_refusal
from polydocs.dialect.site_inventory import site_inventory
from polydocs.lint.document import LintDocument
from polydocs.markup import MarkupContext, render
from polydocs.markup.page_anchors import anchor_ids
from polydocs.markup.unsafe_html import SanitizedPage, sanitize_page
from polydocs.sources import ProjectConfig, language_of, load_project_config
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.front_matter import front_matter_lines


@dataclass(frozen=True)
class PageRendering:
    """The page's HTML as the site converts it, and what the site publishes of it."""

    html: str
    # A page maintainers wrote (`trusted:` in polydocs.yml) is published as converted, never sanitised.
    trusted: bool
    iframe_hosts: tuple[str, ...]

    @cached_property
    def sanitized(self) -> SanitizedPage:
        """The page through the site's sanitiser, and what it removed."""
        return sanitize_page(self.html, self.iframe_hosts)

    @cached_property
    def anchors(self) -> frozenset[str]:
        """The fragments a link to the page may name: the ids of the HTML the site publishes."""
        return anchor_ids(self.html if self.trusted else self.sanitized.html)


# A page the site refuses (past its bounds: `dialect/page_bounds.py`) is published as a notice.
_REFUSED = PageRendering("", trusted=True, iframe_hosts=())


@cache
def _project_at(root: Path | None) -> ProjectConfig:
    """The tree's settings the site renders its pages with (defaults for loose pages)."""
    return load_project_config(root) if root is not None else ProjectConfig()


def page_rendering(document: LintDocument, root: Path | None) -> PageRendering:
    """The page rendered, once for the rules that ask for it in turn and for the links that lead to it
    meanwhile; `root` is the source tree's, None for a loose folder."""
    key = (str(document.path), document.text)
    rendering = _KEPT.pop(key, None)
    if rendering is None:
        rendering = _rendered(document, root)
    _KEPT[key] = rendering  # the most recent last
    while len(_KEPT) > _KEEP:
        del _KEPT[next(iter(_KEPT))]
    return rendering


# The page being linted, and the pages its links led to (their anchors), kept until their own turn: a
# tree's pages link mostly to pages near them. On transformers-docs (123 pages linted in one process),
# 4 kept converted 129 times, 32 once each.
_KEEP = 32
_KEPT: dict[tuple[str, str], PageRendering] = {}


def _rendered(document: LintDocument, root: Path | None) -> PageRendering:
    if page_refusal(document.parsed) is not None:
        return _REFUSED
    project = _project_at(root)
    relative = document.path.relative_to(root).as_posix() if root is not None else document.path.name
    skipped = front_matter_lines(document.text)
    body = "\n".join(_without_autodoc(_without_code(document.text.split("\n")[skipped:])))
    markup = MarkupContext(
        path=str(document.path),
        lang=language_of(document.lang, project.languages.get(document.lang)),
        line_offset=skipped,
        page_local=document.local,
        api=_inventory(project),
        iframe_hosts=project.iframe_hosts,
        check_constructs=False,  # the `constructs` rule checks them, on the text the build reads
    )
    trusted = project.trusted.covers(document.lang, relative)
    return PageRendering(render(body, markup), trusted, project.iframe_hosts)


def _inventory(project: ProjectConfig) -> ApiInventory:
    """The site's inventory, names checked against the package's export list, never imported: an API
    link's target is neither unsafe nor an anchor either way."""
    return site_inventory(project).without_member_checks()


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
