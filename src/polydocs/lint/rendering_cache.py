"""What lint read of each page's rendering, kept in polydocs' cache (`lint/pages`) by everything it was
made from (`kept_pages.py`), so that a second lint of unchanged pages converts none of them.

The key holds all a rendering reads (`rendering.py`): the page's text, path and language, the settings
the site renders it with (the language's strings, iframe hosts, whether the page is trusted, the
inventory's settings) and the versions of polydocs' own code and of the converters. What no setting says,
the answers the API inventory gave (they follow the installed packages and their files), is kept in the
entry, and the entry is reused only while this run's inventory gives every one of them again
(`inventory_answers.py`). An entry is read as data of a fixed shape, for the very key and page it was
written for; anything else is converted again, never believed.
"""

from __future__ import annotations

from dataclasses import dataclass

from polydocs.cache import CacheStore, require
from polydocs.diagnostics import Diagnostic, reading
from polydocs.lint.document import LintDocument
from polydocs.lint.inventory_answers import Answer, still_answered
from polydocs.lint.kept_pages import keep, kept_key, read_kept
from polydocs.lint.rendering import PageRendering, RenderingSettings, rendered
from polydocs.markup.unsafe_html import CODE as UNSAFE_HTML
from polydocs.markup.visible_source import CODE as SOURCE_VISIBLE

# Renderings kept in memory: the page being linted, and the pages its links led to (their anchors), until
# their own turn: a tree's pages link mostly to pages near them. On transformers-docs (123 pages linted
# in one process), 4 kept converted 129 times, 32 once each.
_KEEP = 32


@dataclass(frozen=True)
class _Entry:
    key: str
    page: str
    anchors: list[str]
    removed: list[Diagnostic]
    shown: list[Diagnostic]
    answers: list[Answer]


def rendering_key(document: LintDocument, settings: RenderingSettings) -> str:
    """Everything the page's rendering reads but the inventory's answers, digested."""
    return kept_key(
        "rendering",
        document.text,
        str(document.path),
        document.lang,
        document.local,
        settings.language_key(document.lang),
        repr(settings.project.iframe_hosts),
        repr(settings.trusted(document)),
        settings.inventory_key,
    )


class RenderingCache:
    """The pages' renderings of one lint run: in memory for the pages at hand, in `store` by their keys."""

    def __init__(self, settings: RenderingSettings, store: CacheStore) -> None:
        self.settings = settings
        self.store = store
        self._kept: dict[tuple[str, str], PageRendering] = {}

    def rendering(self, document: LintDocument) -> PageRendering:
        memory = (str(document.path), document.text)
        found = self._kept.pop(memory, None) or self._read_or_render(document)
        self._kept[memory] = found  # the most recent last
        while len(self._kept) > _KEEP:
            del self._kept[next(iter(self._kept))]
        return found

    def _read_or_render(self, document: LintDocument) -> PageRendering:
        key = rendering_key(document, self.settings)
        entry = read_kept(
            self.store,
            _Entry,
            key,
            str(document.path),
            lambda e: [*e.removed, *e.shown],
            _findings_of_their_rules,
        )
        if entry is not None and still_answered(self.settings.inventory, entry.answers):
            return PageRendering(frozenset(entry.anchors), entry.removed, entry.shown)
        with reading(document.path):
            found, answers = rendered(document, self.settings)
        entry = _Entry(key, str(document.path), sorted(found.anchors), found.removed, found.shown, answers)
        keep(self.store, entry)
        return found


def _findings_of_their_rules(entry: _Entry) -> None:
    """Each kept finding is of the rule that reads it: the sanitiser's removals, the source shown."""
    for code, findings in ((UNSAFE_HTML, entry.removed), (SOURCE_VISIBLE, entry.shown)):
        require(all(f.code == code for f in findings), f"{code} findings")
