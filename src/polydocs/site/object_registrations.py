"""What converting a page that documents objects tells autorefs and mkdocstrings, kept to tell them again.

While mkdocstrings converts a `::: transformers.Trainer` block it registers each documented object with
autorefs (its anchor on the page, with a title, and the aliases that lead to it) and in its inventory,
which becomes the language's `objects.inv`. A page reused from the conversion cache, or converted by
another language's process, is not converted in this build: without those registrations its
cross-references stay plain text and `objects.inv` lists nothing. So the registrations are kept with
the converted page, relative to the page (the same page has another URL in each language), and told
again for every page a language publishes, converted here or not.

Telling them again where this process converted the page changes nothing: autorefs keeps each URL of
an identifier once and a title once, and the inventory keeps the last entry per name, so the same calls
in the same order leave the same state.

A page converted ahead of MkDocs' pass through the pages (a translation's own pages first, in
`plugin.py`) registers nothing then: its calls are recorded only, and told in the pages' order when
the pass reaches it. mkdocstrings registers an object's alias in the inventory only where the
inventory has no entry of that name (an object of its own name documented earlier); recorded against
an inventory that was not filled, every alias is recorded, and the replay applies that rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from polydocs.site.engine.autorefs_private import anchors_recorded, current_page
from polydocs.site.engine.mkdocstrings_private import inventory_entries_recorded

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page
    from mkdocs_autorefs import AutorefsPlugin
    from mkdocstrings import Inventory

T = TypeVar("T")
# The priority mkdocstrings registers an object's aliases with in its inventory, each only where the
# inventory has no entry of that name yet (an object's own name has priority 1).
ALIAS_PRIORITY = 2


@dataclass(frozen=True)
class AnchorRegistration:
    """One `AutorefsPlugin.register_anchor` call: `identifier` leads to `#anchor` on the page (to
    `#identifier` without one); primary URLs win over secondary ones (aliases)."""

    identifier: str
    anchor: str | None = None
    title: str | None = None
    primary: bool = True


@dataclass(frozen=True)
class InventoryRegistration:
    """One `Inventory.register` call; `uri` is relative to the page (`#transformers.Trainer`) when it
    points into it, else as registered."""

    name: str
    domain: str
    role: str
    uri: str
    priority: int = 1
    dispname: str | None = None


@dataclass(frozen=True)
class ObjectRegistrations:
    """Everything one page's conversion registered, in the order it did."""

    anchors: tuple[AnchorRegistration, ...] = ()
    inventory: tuple[InventoryRegistration, ...] = ()


def _on_page(uri: str, page_url: str) -> str:
    return uri[len(page_url) :] if uri.startswith(page_url + "#") else uri


def _from_page(uri: str, page_url: str) -> str:
    return page_url + uri if uri.startswith("#") else uri


class ObjectRegistry:
    """autorefs and mkdocstrings' inventory of one language build; without mkdocstrings (no page of the
    language documents objects) recording finds nothing and replaying does nothing."""

    def __init__(self, autorefs: AutorefsPlugin | None = None, inventory: Inventory | None = None) -> None:
        self.autorefs, self.inventory = autorefs, inventory

    @classmethod
    def of(cls, config: MkDocsConfig) -> ObjectRegistry:
        """The build's own, once every plugin is configured (mkdocstrings adds autorefs in `on_config`)."""
        mkdocstrings = config.plugins.get("mkdocstrings")
        autorefs = config.plugins.get("autorefs")
        if mkdocstrings is None or autorefs is None:
            return cls()
        return cls(autorefs, mkdocstrings.handlers.inventory)  # type: ignore[attr-defined]

    def recording(
        self, page: Page, convert: Callable[[], T], ahead: bool = False
    ) -> tuple[T, ObjectRegistrations]:
        """`convert()` (the page's conversion) and what it registered for `page`. Converted `ahead` of
        MkDocs' pass through the pages, the page is autorefs' current one meanwhile, and what it
        registers is only recorded: the pass tells it in the pages' order (`replay`)."""
        if self.autorefs is None or self.inventory is None:
            return convert(), ObjectRegistrations()
        if not ahead:
            return self._recorded(page, convert, applied=True)
        with current_page(self.autorefs, page):
            return self._recorded(page, convert, applied=False)

    def _recorded(self, page: Page, convert: Callable[[], T], applied: bool) -> tuple[T, ObjectRegistrations]:
        assert self.autorefs is not None and self.inventory is not None
        anchors: list[AnchorRegistration] = []
        entries: list[InventoryRegistration] = []

        def anchor(call: dict[str, Any]) -> None:
            if call.pop("page") is page:  # mkdocstrings registers on the page being converted
                anchors.append(AnchorRegistration(**call))

        def entry(call: dict[str, Any]) -> None:
            entries.append(InventoryRegistration(**{**call, "uri": _on_page(call["uri"], page.url)}))

        with (
            anchors_recorded(self.autorefs, anchor, applied),
            inventory_entries_recorded(self.inventory, entry, applied),
        ):
            result = convert()
        return result, ObjectRegistrations(tuple(anchors), tuple(entries))

    def replay(self, objects: ObjectRegistrations, page: Page) -> None:
        """Register for `page` what its conversion registered, wherever that conversion ran."""
        if self.autorefs is None or self.inventory is None:
            return
        for anchor in objects.anchors:
            self.autorefs.register_anchor(
                page, anchor.identifier, anchor.anchor, title=anchor.title, primary=anchor.primary
            )
        for entry in objects.inventory:
            if entry.priority == ALIAS_PRIORITY and entry.name in self.inventory:
                continue  # mkdocstrings' rule: an alias never replaces an entry
            uri = _from_page(entry.uri, page.url)
            self.inventory.register(entry.name, entry.domain, entry.role, uri, entry.priority, entry.dispname)
