"""The API inventory: which objects of the documented library, and of the libraries its pages link into,
exist, and where their reference is (the site's own `[[autodoc]]` pages, `api_reference:` of
`polydocs.yml`, a library's published reference or its `objects.inv`).

A fact of the site, asked by every part that meets an API name: the dialect's checks of API links and
`[[autodoc]]`, the markup that renders them, lint, the notebooks, init's baseline and the site build.
Which inventory a given tree links against needs its pages parsed (its `[[autodoc]]` directives), so
`site_inventory` is the dialect's (`dialect/site_inventory.py`).

- `inventory.py`: `ApiInventory` (a name's owner, its URL, whether it exists) and the default one
  (Transformers' published reference);
- `library_inventories.py`: other libraries' references from `api_libraries:` (local `objects.inv`);
- `lazy_exports.py`, `object_paths.py`: the names a package exports and where an object is defined,
  read from its files without importing it;
- `member_selection.py`, `member_links.py`: which members an `[[autodoc]]` shows (doc-builder's rule),
  and so which page a member link lands on; `member_facts.py` keeps what they read of a class on disk.
"""

from polydocs.sources.api_inventory.inventory import ApiInventory, ApiTarget, default_inventory

__all__ = ["ApiInventory", "ApiTarget", "default_inventory"]
