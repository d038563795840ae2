"""What lint reads of a page's text alone, kept in polydocs' cache (`lint/pages`, beside the renderings)
by that text: whether the page is past its bounds, the links and images it writes, and the findings of
the rules that read nothing but the page (`TEXT_RULES`). A second lint of unchanged pages parses none of
them: the rules that ask other pages, torch or the site's settings run on what is kept.

The key is the page's text and path, which of these rules run, and what their findings depend on beyond
the page: polydocs' own code and the converters' versions (hf-doc-builder's among them), black's and
Python's (`code-style`). An entry is trusted as the renderings' are (`rendering_cache.py`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib.metadata import version

from polydocs.cache import CacheStore, require
from polydocs.diagnostics import Diagnostic
from polydocs.lint.document import LintDocument
from polydocs.lint.kept_pages import keep, kept_key, read_kept
from polydocs.lint.references import Reference

# The rules whose findings read the page's text and path alone: the license header, the code blocks'
# directives, and black's formatting of each Python block (`code-style`: black's and Python's versions in
# the key). `front-matter` asks the installed Material for its icons, and is not among them.
TEXT_RULES = ("license", "code-blocks", "code-style")
_FORMATTER = f"black {version('black')}, Python {sys.version_info[0]}.{sys.version_info[1]}"


@dataclass(frozen=True)
class _Entry:
    key: str
    page: str
    refused: bool
    # None where `links` did not run, or on a page past its bounds (no rule but `constructs` reads it).
    references: list[Reference] | None
    findings: dict[str, list[Diagnostic]]


def text_findings(
    document: LintDocument,
    selected: Sequence[str],
    store: CacheStore,
    check: Callable[[str], list[Diagnostic]],
) -> dict[str, list[Diagnostic]]:
    """The findings of the selected rules of `TEXT_RULES` on the page (`check(rule)` finds them where
    nothing is kept); the document is told what was kept of its text."""
    rules = [name for name in TEXT_RULES if name in selected]
    links = "links" in selected
    page = str(document.path)
    key = kept_key("text", document.text, page, ",".join(rules), repr(links), _FORMATTER)
    entry = read_kept(store, _Entry, key, page, _all_findings, partial(_of_these_rules, rules))
    if entry is not None:
        document.known_from_text(entry.refused, entry.references)
        return entry.findings
    refused = document.refused
    findings = {name: [] if refused else check(name) for name in rules}
    try:
        references = document.references if links and not refused else None
    except RecursionError:  # the `links` rule's finding on this page, made there: nothing kept
        return findings
    keep(store, _Entry(key, page, refused, references, findings))
    return findings


def _all_findings(entry: _Entry) -> list[Diagnostic]:
    return [finding for findings in entry.findings.values() for finding in findings]


def _of_these_rules(rules: list[str], entry: _Entry) -> None:
    """The entry holds the findings of exactly these rules, and references that are the page's lines."""
    require(sorted(entry.findings) == sorted(rules), "the findings of these rules")
    require(all(reference.line > 0 for reference in entry.references or []), "references of the page")
