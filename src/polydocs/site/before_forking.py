"""Work every language build needs, done once in the build's process before it forks the language builds."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager

from polydocs.dialect import ParsedPage, parse_page
from polydocs.dialect.constructs import api_links
from polydocs.dialect.page_bounds import page_refusal
from polydocs.markup.autodoc import autodoc_objects
from polydocs.notebooks import doc_builder_adapter, requirements
from polydocs.sources import SourceTree
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.autodoc_slices import autodoc_slices


def prepare_languages(
    tree: SourceTree,
    languages: list[str],
    api: ApiInventory,
    cache_filled: bool,
    listing: Future[None] | None,
    warm: Callable[[], AbstractContextManager[None]] | None = None,
) -> None:
    """Make what the language builds of `languages` share, while `listing` lists the library's names
    (on a rebuild there is none: this process reads the names an earlier build listed).

    The names a link or an `[[autodoc]]` asks about are read from transformers' files (`lazy_exports.py`,
    0.2 s); a library that does not declare them is imported to list them (two seconds for transformers;
    the list is then kept on disk per installed version): a side process does that, started before MkDocs
    is imported, while this one makes the autodoc slices, imports the notebook converter and asks the
    pages' API links when pages need converting, and runs `warm` (`warm_start.py`). With a filled cache,
    the few pages an edit changed import the converter and ask their links where they need them, and a
    rebuild skips both. The map of every installed
    distribution's modules (0.43 s) is made here only when a page imports a module installed under
    another name (`PIL`, from `pillow`), whose notebook needs it: docs_src's pages none.
    """
    documented = _prepare_autodoc(tree, languages, api)
    with warm() if warm is not None else contextlib.nullcontext():
        if not cache_filled:
            doc_builder_adapter.preload()
            requirements.preload_for(page.read() for page in tree.pages_read_in(languages))
        if listing is not None:
            listing.result()
        api.preload(documented)  # reads what the side process kept, else lists the names an object needs
        if not cache_filled:
            _ask_api_links(tree, languages, api)


def _ask_api_links(tree: SourceTree, languages: list[str], api: ApiInventory) -> None:
    """The API links of the pages asked once here, as each language's constructs check asks them: a link
    to a class's member imports the library to read the class's documented methods (transformers' `Trainer`:
    torch and most of transformers, 6 CPU-s), which every language build did again."""
    texts = (page.read() for page in tree.pages_read_in(languages))
    api_links.ask_once((page for page in map(_parsed, texts) if page is not None), api)


def _parsed(text: str) -> ParsedPage | None:
    """The page's parse when it has API links and is within the bounds the site renders."""
    if "[`" not in text:
        return None
    try:
        page = parse_page(text)
        return page if page_refusal(page) is None else None
    except RecursionError:  # the page's finding, told by its language build
        return None


def _prepare_autodoc(tree: SourceTree, languages: list[str], api: ApiInventory) -> set[str]:
    """Each language's slice of the documented package, and mkdocstrings' handler imported once (0.2 s)
    instead of in every language that documents objects; the objects documented, by full name."""
    objects = [autodoc_objects(tree, lang, api) for lang in languages]
    for names in {frozenset(names) for names in objects if names}:
        autodoc_slices(set(names))
    if any(objects):
        with contextlib.suppress(ImportError):
            importlib.import_module("mkdocstrings_handlers.python")
    return set().union(*objects)
