"""What a build says about problems with one cause: one summary instead of a warning per page and line.

A library that is not installed (or has no API reference to link to) makes every API link and
`[[autodoc]]` of a tree a warning: thousands for a large tree. The terminal gets one summary line per
cause; `--verbose` and `--report-json` keep every detail. A language that stops is explained at the page
and line that stopped it, not with MkDocs' "Aborted with a BuildError!".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from polydocs.diagnostics import Diagnostic
from polydocs.dialect.constructs.api_links import API_LINK_MISSING, API_LINK_UNRESOLVED
from polydocs.dialect.constructs.autodoc import UNAVAILABLE, autodoc_in_text
from polydocs.sources import SourceTree
from polydocs.sources.api_inventory import ApiInventory

_API_LINK_CODES = frozenset({API_LINK_UNRESOLVED, API_LINK_MISSING})
_PAGE_FAILED = re.compile(r"Error reading page '(?P<page>[^']+)'")
_NOT_COLLECTED = re.compile(r"Could not collect '(?P<name>[^']+)'")


@dataclass(frozen=True)
class Folded:
    """The diagnostics a terminal shows, and those a summary among them stands for."""

    shown: list[Diagnostic]
    folded: list[Diagnostic]


def _summary(tree: SourceTree, api: ApiInventory, links: int, blocks: int) -> Diagnostic:
    library = api.package
    if not api.importable():
        return Diagnostic(
            str(tree.root),
            0,
            "library-not-installed",
            f"{library} is not installed: {links} API links shown as code, {blocks} autodoc blocks skipped",
            f"install {library} where the site is built (or name the documented library with --library); "
            "--verbose or --report-json lists each",
        )
    return Diagnostic(
        str(tree.root),
        0,
        "api-reference-missing",
        f"{library} has no API reference inventory: {links} API links shown as code",
        "list its reference pages in `api_reference:` of polydocs.yml; --verbose or --report-json lists each",
    )


def fold_library_warnings(tree: SourceTree, api: ApiInventory, diagnostics: list[Diagnostic]) -> Folded:
    """One summary for the API links and autodoc blocks of a library that is not installed, or whose
    links have no reference to point to; every other diagnostic as it is."""
    folded = library_dependent(api, diagnostics)
    if not folded:
        return Folded(diagnostics, [])
    blocks = sum(problem.code == UNAVAILABLE for problem in folded)
    summary = _summary(tree, api, len(folded) - blocks, blocks)
    ids = {id(problem) for problem in folded}
    return Folded([summary, *(problem for problem in diagnostics if id(problem) not in ids)], folded)


def library_dependent(api: ApiInventory, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The API links and autodoc blocks of `diagnostics` that only a library not installed (or without a
    reference to link to) makes problems: where it is installed and listed, none. `polydocs init` leaves
    those of a library not installed out of its lint baseline (CI installs it and finds others)."""
    installed, listed = api.importable(), bool(api.objects)
    if installed and listed:
        return []
    not_installed = f"{api.package} is not installed"

    def depends(problem: Diagnostic) -> bool:
        if problem.code == UNAVAILABLE:
            return problem.message.startswith(not_installed)
        return problem.code in _API_LINK_CODES and (not installed or problem.code == API_LINK_UNRESOLVED)

    return [problem for problem in diagnostics if depends(problem)]


def _autodoc_line(tree: SourceTree, lang: str, page: str, name: str, api: ApiInventory) -> tuple[str, int]:
    """The source file of `page` (as MkDocs names it) and the line of its `[[autodoc]]` naming `name`."""
    source = tree.resolve(lang, page.removesuffix(".md"))
    if source is None:
        return str(tree.folder(lang) / page), 0
    lines = [
        autodoc.index + 1 for autodoc in autodoc_in_text(source.read()) if api.full_name(autodoc.name) == name
    ]
    return str(source.path), lines[0] if lines else 0


def located_failure(
    tree: SourceTree, api: ApiInventory, lang: str, diagnostics: list[Diagnostic], error: str
) -> Diagnostic:
    """Why a language build stopped, at the page (and `[[autodoc]]` line) MkDocs was converting."""
    messages = [problem.message for problem in diagnostics]
    page = next((m["page"] for text in messages if (m := _PAGE_FAILED.search(text))), None)
    name = next((m["name"] for text in messages if (m := _NOT_COLLECTED.search(text))), None)
    if page is None:
        return Diagnostic(str(tree.folder(lang)), 0, "build-stopped", error, "", "error")
    path, line = _autodoc_line(tree, lang, page, name, api) if name else (str(tree.folder(lang) / page), 0)
    cause = (
        f"mkdocstrings could not document `{name}`"
        if name
        else next((text for text in messages if page in text), error)
    )
    return Diagnostic(
        path,
        line,
        "build-stopped",
        f"{cause}; the {lang} build stopped here",
        "fix or remove that line, or run with --verbose for MkDocs' own messages",
        "error",
    )


def summary_by_code(diagnostics: list[Diagnostic], listed: bool) -> str:
    """`warnings by code: link-missing 37, notebook 2`, the most frequent first; where the warnings were not
    listed, each code with its first place, so that one can be looked at without `--verbose`."""
    counts = Counter(problem.code for problem in diagnostics)
    first = {problem.code: problem for problem in reversed(diagnostics)}
    parts = [
        f"{code} {count}" if listed else f"{code} {count} (first: {first[code].path}:{first[code].line})"
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]
    return "warnings by code: " + ", ".join(parts)
