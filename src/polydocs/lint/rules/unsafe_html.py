"""HTML the site removes from a page (scripts, event handlers, `javascript:` links, frames, forms...), and
toctree titles holding markup: decided by the site's own sanitiser, on the page as the site converts it."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import parse_page
from polydocs.dialect.constructs.autodoc import autodoc_in_text
from polydocs.dialect.site_inventory import site_inventory
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup import MarkupContext, render
from polydocs.markup.unsafe_html import diagnostics, sanitize_page, title_diagnostic
from polydocs.sources import ProjectConfig, TocPage, TocSection, language_of, load_project_config
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.front_matter import front_matter_lines
from polydocs.sources.toctree import TocEntry


def _inventory(project: ProjectConfig) -> ApiInventory:
    """The site's inventory, names checked against the package's export list, never imported: an API
    link's target cannot be unsafe either way."""
    return site_inventory(project).without_member_checks()


@cache
def _project(root: Path | None) -> ProjectConfig:
    return load_project_config(root) if root is not None else ProjectConfig()


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    tree = context.targets.tree
    project = _project(tree.root if tree is not None else None)
    relative = document.path.relative_to(tree.root).as_posix() if tree is not None else document.path.name
    if not project.trusted.covers(document.lang, relative):
        yield from _page_removals(document, project)
    if tree is not None and document.lang in tree.toctrees:
        toctree = tree.toctrees[document.lang]
        for entry in _entries_leading_to(toctree.entries, document.local):
            problem = title_diagnostic(str(toctree.path), entry.line, entry.title)
            if problem is not None:
                yield problem


def _page_removals(document: LintDocument, project: ProjectConfig) -> list[Diagnostic]:
    result = sanitize_page(rendered_page(document, project), project.iframe_hosts)
    return diagnostics(str(document.path), document.text, result.removals)


def rendered_page(document: LintDocument, project: ProjectConfig) -> str:
    """The page's HTML as the site converts it, but for its code and its `[[autodoc]]` blocks (the
    library's docstrings, which the build's mkdocstrings writes); made once per page for every rule."""
    key = (str(document.path), document.text)
    if key not in _LAST_RENDERED:
        _LAST_RENDERED.clear()  # the rules ask in turn for one page, then move on to the next
        _LAST_RENDERED[key] = _rendered(*key, document.lang, document.local, project)
    return _LAST_RENDERED[key]


_LAST_RENDERED: dict[tuple[str, str], str] = {}


def _rendered(path: str, text: str, lang: str, local: str, project: ProjectConfig) -> str:
    skipped = front_matter_lines(text)
    body = "\n".join(_without_autodoc(_without_code(text.split("\n")[skipped:])))
    markup = MarkupContext(
        path=path,
        lang=language_of(lang, project.languages.get(lang)),
        line_offset=skipped,
        page_local=local,
        api=_inventory(project),
        iframe_hosts=project.iframe_hosts,
        check_constructs=False,  # the `constructs` rule checks them, on the text the build reads
    )
    return render(body, markup)


def project_of(context: LintContext) -> ProjectConfig:
    tree = context.targets.tree
    return _project(tree.root if tree is not None else None)


def _without_autodoc(lines: list[str]) -> list[str]:
    """The lines with each `[[autodoc]]` directive and its member lines blanked."""
    lines = list(lines)
    for autodoc in autodoc_in_text("\n".join(lines)):
        for index in range(autodoc.index, autodoc.index + len(autodoc.members) + 1):
            lines[index] = ""
    return lines


def _without_code(lines: list[str]) -> list[str]:
    """The lines with the code of fenced blocks blanked: code is shown, never removed, and highlighting
    it would be most of the conversion's time. A code line keeps its quote markers and indentation, so
    the block still ends where it did (a fence never closed runs to the end of its container)."""
    lines = list(lines)
    for fence in parse_page("\n".join(lines)).fences:
        for index in range(fence.index + 1, fence.end if fence.end is not None else fence.last + 1):
            lines[index] = _container_of(lines[index])
    return lines


def _container_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t>"))]


def _entries_leading_to(entries: list[TocEntry], local: str) -> list[TocEntry]:
    """The sections holding the page's entry, outermost first, then the entry: the titles readers see."""
    for entry in entries:
        if isinstance(entry, TocPage) and entry.local == local:
            return [entry]
        if isinstance(entry, TocSection):
            inner = _entries_leading_to(entry.children, local)
            if inner:
                return [entry, *inner]
    return []
