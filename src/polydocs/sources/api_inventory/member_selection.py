"""Which members of a class an `[[autodoc]]` documents, as doc-builder (hf-doc-builder 0.5.0,
`doc_builder/autodoc.py`: `autodoc` and `find_documented_methods`) selects them.

- No member list: the public methods (no leading underscore; callables that are not classes, so no
  property and no attribute) with a docstring of their own, that is one no base class gives the same
  name, in `dir()`'s (alphabetical) order. A function imported into the class body counts as a method.
- `- all` among the listed members: the listed ones, in their order, then those of the rule above not
  listed yet.
- `- none`: no member.
- Otherwise the listed members, whatever their name (`- __call__`, `- __init__`).

The rule reads the imported class, as doc-builder does; `None` where the object does not import (a build
of a library not installed, or one whose import fails), and the build falls back to mkdocstrings' own.
"""

from __future__ import annotations

from polydocs.sources.installed_packages import imported_object


def documented_methods(cls: type) -> list[str]:
    """The public methods of `cls` whose docstring no base class has for the same name."""
    methods = []
    for name in dir(cls):
        if name.startswith("_"):
            continue
        member = getattr(cls, name, None)
        if not callable(member) or isinstance(member, type) or not getattr(member, "__doc__", None):
            continue
        if any(_same_docstring(base, name, member) for base in cls.mro()[1:]):
            continue
        methods.append(name)
    return methods


def _same_docstring(base: type, name: str, member: object) -> bool:
    if not hasattr(base, name):
        return False
    inherited = getattr(base, name).__doc__
    return inherited is not None and inherited == getattr(member, "__doc__", None)


def selected_members(cls: type, listed: tuple[str, ...]) -> list[str]:
    """The members doc-builder documents for a class given the directive's member lines."""
    if not listed:
        return documented_methods(cls)
    if "all" in listed:
        named = [name for name in listed if name != "all"]
        return named + [name for name in documented_methods(cls) if name not in named]
    if "none" in listed:
        return []
    return list(listed)


def imported_class(full_name: str) -> type | None:
    """The class `package.module.Name` names, imported; None when it is no class or does not import
    (`imported_object`)."""
    target = imported_object(full_name)
    return target if isinstance(target, type) else None
