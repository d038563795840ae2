"""The API inventory a site links against (`site_inventory`): its library's reference is the tree's own
`[[autodoc]]` pages where it has them, found through the parse, hence here and not beside `ApiInventory`
(`sources/api_inventory/`), which the dialect's checks ask."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.dialect.constructs.autodoc import autodoc_in_text
from polydocs.sources.api_inventory import ApiInventory, default_inventory
from polydocs.sources.api_inventory.library_inventories import library_inventories
from polydocs.sources.languages import SOURCE_LANGUAGE
from polydocs.sources.library import DEFAULT_LIBRARY

if TYPE_CHECKING:
    from polydocs.sources.project import ProjectConfig
    from polydocs.sources.tree import SourceTree


def site_inventory(project: ProjectConfig, tree: SourceTree | None = None) -> ApiInventory:
    """The inventory a site links against, checked by exported names only (see `check_members`): the
    build and `polydocs lint` ask this one.

    Its package is the documented library (`project.library`, chosen by `sources/library.py`); its pages
    are `api_reference:` of `polydocs.yml`, else the tree's own `[[autodoc]]` pages (`reference_pages`)
    and, for Transformers, its published reference for the names they do not document, else none (the
    links are shown as code): doc-builder links to the objects a tree documents on its own pages. A name under
    `transformers.` still finds Transformers' reference, and one under a library of `api_libraries:`
    that library's (`library_inventories.py`)."""
    library = project.library or DEFAULT_LIBRARY
    documented = reference_pages(tree, library) if tree is not None else {}
    published = default_inventory() if library == DEFAULT_LIBRARY else None
    if project.api_reference:
        api = ApiInventory.from_config({**project.api_reference, "package": library})
    elif published is not None and not documented:
        api = published
    else:
        objects = {name: page for name, (page, _, _) in documented.items()}
        anchors = {name: path for name, (_, path, _) in documented.items()}
        members = {path: listed for _, path, listed in documented.values()}
        api = ApiInventory(
            "", objects, library, anchors=anchors, in_site=bool(objects), members=members, published=published
        )
    others = {DEFAULT_LIBRARY: default_inventory()} if library != DEFAULT_LIBRARY else {}
    if project.api_libraries:
        others |= library_inventories(project.api_libraries, Path(project.path).parent)
    if others:
        api = replace(api, others=others)
    return api.without_member_checks()


def reference_pages(tree: SourceTree, library: str) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """Where the tree's English pages document each object of `library` (`[[autodoc]] tuners.lora.LoraConfig`
    on `package_reference/lora`): by its dotted path and by its last name (`LoraConfig`, as pages link to
    it), each mapped to the page, the full path the page's reference is anchored at and the directive's
    member lines; the first page documenting a name wins. A page that documents an object in several
    directives (doc-builder's README: `XXXTokenizer` with two methods, then with `- all` and `- __call__`)
    anchors the members of each: their member lines are joined."""
    found: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for local, page in tree.pages.get(SOURCE_LANGUAGE, {}).items():
        for autodoc in autodoc_in_text(page.read()):
            dotted = autodoc.name.removeprefix(f"{library}.")
            if autodoc.name.startswith(f"{DEFAULT_LIBRARY}.") and library != DEFAULT_LIBRARY:
                continue  # another library's object: its own reference documents it
            path = f"{library}.{dotted}"
            for name in (dotted, dotted.rsplit(".", 1)[-1]):
                first = found.setdefault(name, (local, path, autodoc.members))
                if first[:2] == (local, path) and first[2] != autodoc.members:
                    found[name] = (local, path, tuple(dict.fromkeys(first[2] + autodoc.members)))
    return found
