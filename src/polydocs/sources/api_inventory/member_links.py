"""Which documented class of the site shows the member an API link names, as doc-builder finds it.

`` [`~LoraModel.merge_and_unload`] ``: `LoraModel`'s `[[autodoc]]` does not show `merge_and_unload`, which
it inherits from `BaseTuner` with the same docstring (`member_selection.py`, doc-builder's rule), so there
is no such anchor on LoraModel's page. doc-builder resolves a link by the object it names: the function
`BaseTuner.merge_and_unload`, anchored where `BaseTuner` is documented (peft's `tuners` page). A member
defined on the class itself but not shown (no docstring, private: `LoraModel._get_kasa_loss`), or one the
class does not have, is linked nowhere: doc-builder shows it as code. The class is imported, as its
`[[autodoc]]` imports it; where it does not import (a light build), the same is read from its files
(`member_selection.static_class`). An attribute or property is kept on the class (its docstring's
Attributes may anchor it). What is read of a class is kept on disk for the library as installed
(`member_facts.py`): a later run asks the same links without importing it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import griffe

from polydocs.sources.api_inventory.member_facts import Kept, Owner, remembered_methods, remembered_owner
from polydocs.sources.api_inventory.member_selection import (
    documented_methods,
    imported_class,
    selected_from,
    static_bases,
    static_class,
    static_documented_methods,
)

_ABSENT = object()


def member_home(
    documented: str,
    member: str,
    listed: Callable[[str], tuple[str, ...]],
    documented_as: Callable[[str], str | None],
) -> str | None:
    """The documented path (`peft.tuners.BaseTuner`) whose page shows `member` (`merge_and_unload`,
    members of it after a dot kept out) of the class documented at `documented`; None when no page
    shows it. `listed(path)` gives a directive's member lines, `documented_as(path)` the documented path
    of the class defined at `path`, if the site documents it."""
    name = member.split(".")[0]
    if _shown(documented, name, listed(documented)):
        return documented
    owner = remembered_owner(documented, name, lambda: _owner(documented, name))
    if owner is Kept.ON_CLASS:
        return documented
    if owner is None:
        return None
    home = documented_as(owner)
    return home if home is not None and _shown(home, name, listed(home)) else None


def _owner(documented: str, name: str) -> Owner:
    """Where the class documented at `documented` gets `name` from: imported, else read from its files."""
    cls = imported_class(documented)
    return _imported_owner(cls, name) if cls is not None else _static_owner(documented, name)


def _imported_owner(cls: type, name: str) -> Owner:
    """Where the imported class gets the method `name` from: the path of the base that defines it, None
    for the class itself or a name it does not have."""
    value = getattr(cls, name, _ABSENT)
    if value is _ABSENT:
        return None
    if not callable(value) or isinstance(value, type):
        return Kept.ON_CLASS
    owner = next((base for base in cls.__mro__ if name in vars(base)), cls)
    return None if owner is cls else f"{owner.__module__}.{owner.__qualname__}"


def _static_owner(documented: str, name: str) -> Owner:
    """`_imported_owner` for a class that does not import, read from its files; kept on the class where
    even they cannot be read."""
    cls = static_class(documented)
    if cls is None:
        return Kept.ON_CLASS
    try:
        value = cls.all_members.get(name)
    except (griffe.GriffeError, ValueError):  # an inherited member griffe cannot resolve: as if unread
        return Kept.ON_CLASS
    if value is None or _instance_attribute(value):
        return None  # an attribute `__init__` sets is no attribute of the imported class either
    if not value.is_function:
        return Kept.ON_CLASS
    owner = next((base for base in [cls, *static_bases(cls)] if name in base.members), cls)
    return None if owner is cls else owner.path


def _instance_attribute(member: griffe.Object | griffe.Alias) -> bool:
    labels = member.labels
    return (
        member.is_attribute
        and "instance-attribute" in labels
        and not labels & {"class-attribute", "property"}
    )


@cache
def _shown(documented: str, name: str, listed: tuple[str, ...]) -> bool:
    methods = remembered_methods(documented, lambda: _documented_methods(documented))
    return methods is not None and name in selected_from(methods, listed)


def _documented_methods(documented: str) -> list[str] | None:
    """The methods doc-builder's rule documents for the class: imported, else read from its files (None
    where even they cannot be read)."""
    cls = imported_class(documented)
    return documented_methods(cls) if cls is not None else static_documented_methods(documented)
