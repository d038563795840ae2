"""How polydocs listens to mkdocs-autorefs beyond its public calls, checked against the installed version.

A page that documents objects registers them with autorefs while mkdocstrings converts it; a page
reused from the conversion cache or converted in another process must register them again
(`site/object_registrations.py`). autorefs has no event for a registration, so `register_anchor` of the
build's plugin object is wrapped for the duration of one conversion (an attribute of that object,
removed again), relying on its parameter names (page, identifier, anchor, title, primary), and the
plugin's `current_page` is set while a page is converted ahead of MkDocs' pass through the pages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from polydocs.host_versions import VersionRange, require_version
from polydocs.site.engine.method_calls import calls_recorded

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page
    from mkdocs_autorefs import AutorefsPlugin

WRITTEN_FOR = VersionRange("1.4.5", "1.5")
require_version("mkdocs-autorefs", WRITTEN_FOR, __name__)


def anchors_recorded(
    autorefs: AutorefsPlugin, record: Callable[[dict[str, Any]], None], applied: bool = True
) -> Any:
    """Until the block ends, each `register_anchor` call's arguments by name go to `record`, and the
    anchor is registered only when `applied`."""
    return calls_recorded(autorefs, "register_anchor", record, applied)


@contextmanager
def current_page(autorefs: AutorefsPlugin, page: Page) -> Iterator[None]:
    """autorefs takes `page` for the page being converted until the block ends."""
    previous, autorefs.current_page = autorefs.current_page, page
    try:
        yield
    finally:
        autorefs.current_page = previous
