"""`[[autodoc]] transformers.Trainer` (and `- method` lines) -> a mkdocstrings `::: transformers.Trainer`.

The directives come from the page's parse (`polydocs.dialect.constructs.autodoc`), which also reports the
objects the build cannot document; this module only writes the blocks.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from polydocs.dialect.constructs.autodoc import autodoc_in_text, available, find_autodoc, qualified_name
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext
from polydocs.sources.api_inventory.member_selection import (
    imported_class,
    selected_members,
    static_documented_methods,
)
from polydocs.sources.autodoc_slices import autodoc_slices

if TYPE_CHECKING:
    from polydocs.sources import SourceTree
    from polydocs.sources.api_inventory import ApiInventory


def autodoc_names(text: str) -> list[str]:
    """The object names of a page's autodoc directives, as written (`Trainer`, `transformers.Trainer`)."""
    return [autodoc.name for autodoc in autodoc_in_text(text)]


def autodoc_objects(tree: SourceTree, lang: str, api: ApiInventory) -> set[str]:
    """Every object an autodoc directive of this language's pages documents, by full name."""
    texts = (page.read() for page in tree.site_pages(lang).values())
    return {api.full_name(name) for text in texts if "[[autodoc]]" in text for name in autodoc_names(text)}


def undocumentable_objects(tree: SourceTree, languages: list[str], api: ApiInventory) -> frozenset[str]:
    """The objects of these languages' `[[autodoc]]` lines that mkdocstrings' loader cannot document, from
    the slices each language's build reads (`sources/autodoc_slices.py`: made here where no build made
    them yet, else read from the cache): an object the installed library does not have, though its module
    is there, is one (`autodoc-unavailable`). Lint asks it, so as to report what the build will."""
    sets = {frozenset(autodoc_objects(tree, lang, api)) for lang in languages}
    return frozenset().union(
        *(found.undocumentable for names in sets if names for found in autodoc_slices(set(names)))
    )


def render_autodoc(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each autodoc directive and its member lines, keeping the line count."""
    lines = list(lines)
    for autodoc in find_autodoc(context.parsed(lines)):
        qualified = qualified_name(autodoc, context.api)
        room = len(autodoc.members) + 1
        # The options line may take the blank line after a directive that lists no member.
        if not autodoc.members and _blank(lines, autodoc.index + 1):
            room += 1
        if available(autodoc, context.api):
            block = _mkdocstrings_block(qualified, autodoc.members, room)
        else:
            block = [store(_placeholder_html(qualified))]
        block += [""] * (len(autodoc.members) + 1 - len(block))
        lines[autodoc.index : autodoc.index + len(block)] = [
            autodoc.indent + text if text else "" for text in block
        ]
    return lines


def _blank(lines: list[str], index: int) -> bool:
    return index >= len(lines) or not lines[index].strip()


def _mkdocstrings_block(qualified: str, listed: tuple[str, ...], room: int) -> list[str]:
    """`::: name` and the members doc-builder documents (`member_selection.py`) as its options, in one
    flow-style YAML line, so that the block is never longer than the directive (and the blank line after
    it). Where the class does not import, the same rule read from its files (`static_documented_methods`),
    and where even that fails, mkdocstrings' own selection: every public member for no list or `- all`."""
    block = [f"::: {qualified}"]
    cls = imported_class(qualified)
    static = None if cls is not None or not _default_rule(listed) else static_documented_methods(qualified)
    if cls is not None and room > 1:
        members = selected_members(cls, listed)
    elif static is not None and room > 1:  # a light build: the same rule, read from the class's files
        named = [name for name in listed if name != "all"]
        members = named + [name for name in static if name not in named]
    elif listed and "all" not in listed:
        members = list(listed)
    else:
        return block
    # A listed member may be inherited (peft's `AutoPeftModel` lists `from_pretrained`, defined by its
    # base): doc-builder documents it all the same, mkdocstrings only when named as inherited too.
    names = ", ".join(members)
    if not members:
        block.append("    options: {members: false}")
    else:
        # A listed `__init__` is a member of its own to doc-builder; mkdocstrings shows it only unmerged.
        unmerged = ", merge_init_into_class: false" if "__init__" in members else ""
        block.append(f"    options: {{members: [{names}], inherited_members: [{names}]{unmerged}}}")
    return block


def _default_rule(listed: tuple[str, ...]) -> bool:
    """Whether doc-builder's rule chooses members: no list, or `- all`."""
    return not listed or "all" in listed


def _placeholder_html(qualified: str) -> str:
    return f'<p class="polydocs-autodoc-unavailable"><code>{escape(qualified)}</code></p>'
