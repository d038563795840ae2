"""API links: [`Trainer`], [`~transformers.Trainer`] (shows `Trainer`), [`Trainer.train`], [`pipeline()`].

Each names an object of the site's API inventory, which gives its reference URL and, when the package is
installed, says whether the object still exists. The site links it (`markup/api_links.py`) or, when either
answer is no, shows it as code; that is reported here, once, for the build and the linter alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.page import ParsedPage

if TYPE_CHECKING:
    from polydocs.sources.api_inventory import ApiInventory

API_LINK_UNRESOLVED = "api-link-unresolved"
API_LINK_MISSING = "api-link-missing"
CODES = code_table(
    DiagnosticCode(API_LINK_UNRESOLVED, "error", "An API link naming no object of the API inventory."),
    DiagnosticCode(
        API_LINK_MISSING, "error", "An API link to an object the installed package does not export."
    ),
)

# A backticked dotted name in brackets, `()` allowed after it. Followed by `(` or `[` it is an ordinary
# Markdown link or reference whose text is code; followed by `:` at the start of a line (up to three spaces
# in) it is a reference definition. Elsewhere `:` ends a sentence (`… to create a [`PeftModel`]:`), a link
# doc-builder resolves too (its pattern excludes only `(`).
API_LINK = re.compile(
    r"(?!(?:(?<=^)|(?<=^ )|(?<=^  )|(?<=^   ))\[`[^`\n]*`\]:)"
    r"\[`(?P<tilde>~)?(?P<name>[A-Za-z_][\w.]*)(?P<call>\(\))?`\](?![(\[])",
    re.MULTILINE,
)


def api_link_matches(line: str) -> Iterator[re.Match[str]]:
    """The API links of one line outside code."""
    return API_LINK.finditer(line) if "[`" in line else iter(())


def shown_name(link: re.Match[str]) -> str:
    """What the reader sees: the name as written, only its last part after `~`, `()` kept."""
    name = link["name"]
    return (name.rsplit(".", 1)[-1] if link["tilde"] else name) + (link["call"] or "")


def api_link_problem(name: str, api: ApiInventory) -> str | None:
    """Why `name` cannot be linked (`api-link-unresolved`, `api-link-missing`), None when it can."""
    if api.resolve(name) is None:
        return API_LINK_UNRESOLVED
    if api.importable(name) and not api.exists(name):
        return API_LINK_MISSING
    return None


def ask_once(pages: Iterable[ParsedPage], api: ApiInventory) -> None:
    """Ask each API link of the pages once, in page order, as `check` asks them: a process that forks
    others to check the pages (lint's, the build's of each language) pays the answers' costs (the library
    imported, the modules read for where each object is defined, the answers kept in the cache) once for
    all of them, where each process paid them again."""
    names = {
        link["name"]: None
        for page in pages
        for _, line in page.outside_code()
        for link in api_link_matches(line)
    }
    for name in names:
        api_link_problem(name, api)


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines outside code holding an API link."""
    for index, line in page.outside_code():
        if any(api_link_matches(line)):
            yield index


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    api = facts.api
    if api is None:
        return
    for index, line in page.outside_code():
        for link in api_link_matches(line):
            finding = link_finding(index, link, api)
            if finding is not None:
                yield finding


def link_finding(index: int, link: re.Match[str], api: ApiInventory) -> Finding | None:
    """Why the link at line `index` is shown as code, None when it is linked: the finding of a page's
    link, and of a docstring's (`docstrings/docstring_links.py`)."""
    problem = api_link_problem(link["name"], api)
    return None if problem is None else _finding(index, problem, link, api)


def _finding(index: int, problem: str, link: re.Match[str], api: ApiInventory) -> Finding:
    if problem == API_LINK_UNRESOLVED:
        owner = api.owner(link["name"]).package
        hint = "check the spelling, or add the object and its page to the site's API inventory"
        if owner != api.package:  # another library's object: its reference is configured, not guessed
            hint = (
                f"check the spelling, or give the reference of {owner} in `api_libraries:` of polydocs.yml "
                "(a local copy of its objects.inv, or a URL pattern)"
            )
        return Finding(
            index,
            problem,
            f"[`{link[0][2:-2]}`] names no object of the {owner} API inventory; it is shown as code",
            hint,
        )
    qualified = f"{api.package}.{api.qualified(link['name'])}"
    return Finding(
        index,
        problem,
        f"`{qualified}` is not in the installed {api.package}; it is shown as code",
        "the object was renamed or removed: link to the name the library has now",
    )
