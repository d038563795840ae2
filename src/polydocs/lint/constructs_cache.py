"""The `constructs` rule's findings on each page, kept in polydocs' cache beside the pages' renderings
(`rendering_cache.py`), so that a second lint of unchanged pages checks none of their constructs again.

The key holds all the dialect's checks read: the page's text, path and language, and every fact the
site gives them (`PageFacts`): each field is read into the key as it is, but for the pages a reader can
open and the old names sent on (made once per language) and the API inventory, whose settings are in the
key and whose answers, noted while checking, are asked again before an entry is reused
(`inventory_answers.py`); and what the page's `<literalinclude>`s read, as the build's key reads it. A
new field of `PageFacts` is in the key without a word here; an entry is trusted as the renderings' are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from polydocs.cache import stable_repr
from polydocs.diagnostics import Diagnostic
from polydocs.dialect import PageFacts, parse_page
from polydocs.dialect.constructs.literal_include import OPEN, included_files
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.lint.inventory_answers import Answer, AnsweringInventory, still_answered
from polydocs.lint.kept_pages import keep, kept_key, read_kept
from polydocs.markup.steps_text import steps_text

# The facts read into the key otherwise than as they are (see above).
_FACTS_KEYED_APART = frozenset({"known_pages", "moved_pages", "api"})


@dataclass(frozen=True)
class _Entry:
    key: str
    page: str
    findings: list[Diagnostic]
    answers: list[Answer]


def kept_construct_findings(
    document: LintDocument, context: LintContext, check: Callable[[PageFacts], list[Diagnostic]]
) -> list[Diagnostic]:
    """`check(facts)`'s findings on the page: kept ones while nothing they were made from changed."""
    facts = context.page_facts(document)
    key = _key(document, context, facts)
    page = str(document.path)
    entry = read_kept(context.kept, _Entry, key, page, lambda kept: kept.findings)
    if entry is not None and still_answered(context.api, entry.answers):
        return entry.findings
    answering = AnsweringInventory.of(context.api)
    findings = check(replace(facts, api=answering))
    keep(context.kept, _Entry(key, page, findings, answering.noted()))
    return findings


def _key(document: LintDocument, context: LintContext, facts: PageFacts) -> str:
    own = [
        f"{item.name}={stable_repr(getattr(facts, item.name))}"
        for item in fields(facts)
        if item.name not in _FACTS_KEYED_APART
    ]
    return kept_key(
        "constructs",
        document.text,
        str(document.path),
        document.lang,
        *own,
        context.site_key(document.lang),
        context.api_key,
        repr(_included(document, facts)),
    )


def _included(document: LintDocument, facts: PageFacts) -> list[str]:
    """What the page's `<literalinclude>`s read, as digests (none without one: no parse)."""
    if OPEN not in document.text or facts.source_file is None or facts.include_root is None:
        return []
    return included_files(parse_page(steps_text(document.text)[0]), facts.source_file, facts.include_root)
