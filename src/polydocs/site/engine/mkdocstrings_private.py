"""The private part of mkdocstrings that polydocs uses, checked against the installed version.

A converter kept for a whole language build (`site/page_render.py`) is `reset()` between pages, which
does not clear one thing mkdocstrings keeps of a document: the handlers its block processor has set up
for it (`AutoDocProcessor._updated_envs`), each with its own converter holding that page's link
rewriting. A new converter starts with that set empty, so a kept one empties it before each page; were
it gone (another mkdocstrings), the converter is not kept. mkdocstrings has no public call for this.

Its inventory's `register` is also listened to while a page converts (`inventory_entries_recorded`).

mkdocstrings renders every block of a build in one locale, the theme language of the build's settings
(`Handlers._locale`), so a language's process converting an English page that it and English share
wrote its own section titles into the English page (diffusers: the Chinese for `Parameters:` on 29
English API pages, whichever process converted the page first); `rendering_locale` gives the page's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import markdown

from polydocs.host_versions import VersionRange, require_version
from polydocs.site.engine.method_calls import calls_recorded

if TYPE_CHECKING:
    from mkdocstrings import Inventory

WRITTEN_FOR = VersionRange("1.0.8", "1.1")
require_version("mkdocstrings", WRITTEN_FOR, __name__)

# mkdocstrings' block processor, as its extension registers it.
_BLOCK_PROCESSOR = "mkdocstrings"


def _handlers_set_up(md: markdown.Markdown) -> object:
    """The handlers mkdocstrings set up for the current document; None without mkdocstrings."""
    if _BLOCK_PROCESSOR not in md.parser.blockprocessors:
        return None
    return getattr(md.parser.blockprocessors[_BLOCK_PROCESSOR], "_updated_envs", False)


def converter_reusable(md: markdown.Markdown) -> bool:
    """Whether `md` can convert another page after `reset()` and `forget_handlers`."""
    handlers = _handlers_set_up(md)
    return handlers is None or isinstance(handlers, set)


def forget_handlers(md: markdown.Markdown) -> None:
    """Empty what mkdocstrings set up for the previous document, as a new converter starts."""
    handlers = _handlers_set_up(md)
    if isinstance(handlers, set):
        handlers.clear()


def inventory_entries_recorded(
    inventory: Inventory, record: Callable[[dict[str, Any]], None], applied: bool = True
) -> Any:
    """Until the block ends, each `Inventory.register` call's arguments by name (name, domain, role, uri,
    priority, dispname) go to `record`, and the entry is registered only when `applied`. mkdocstrings has
    no event for a registration: the method of this one inventory object is wrapped, and removed again."""
    return calls_recorded(inventory, "register", record, applied)


@contextmanager
def rendering_locale(md: markdown.Markdown, locale: str) -> Iterator[None]:
    """mkdocstrings renders the blocks of what `md` converts meanwhile in `locale` (its section titles: `en`,
    `zh`, ...), whatever locale the build's settings gave it; nothing changes without mkdocstrings."""
    processor = (
        md.parser.blockprocessors[_BLOCK_PROCESSOR] if _BLOCK_PROCESSOR in md.parser.blockprocessors else None
    )
    handlers = getattr(processor, "_handlers", None)
    if not isinstance(getattr(handlers, "_locale", None), str):
        yield
        return
    before = handlers._locale  # type: ignore[union-attr]
    handlers._locale = locale  # type: ignore[union-attr]
    try:
        yield
    finally:
        handlers._locale = before  # type: ignore[union-attr]
