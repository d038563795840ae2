"""Which members of a class an `[[autodoc]]` documents, as doc-builder (hf-doc-builder 0.5.0,
`doc_builder/autodoc.py`: `autodoc` and `find_documented_methods`) selects them.

- No member list: the public methods (no leading underscore; callables that are not classes, so no
  property and no attribute) with a docstring of their own, that is one no base class gives the same
  name, in `dir()`'s (alphabetical) order. A function imported into the class body counts as a method.
- `- all` among the listed members: the listed ones, in their order, then those of the rule above not
  listed yet.
- `- none`: no member.
- Otherwise the listed members, whatever their name (`- __call__`, `- __init__`).

The rule reads the imported class, as doc-builder does. Where the class does not import (a light build:
the library's heavy dependencies are not installed), `static_documented_methods` applies the same rule to
the class as griffe reads it from its files, nothing imported: the methods defined in its body; `None`
where even that cannot be read, and the build falls back to mkdocstrings' own selection.
"""

from __future__ import annotations

from functools import lru_cache

import griffe

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
    return selected_from(documented_methods(cls), listed)


def selected_from(methods: list[str], listed: tuple[str, ...]) -> list[str]:
    """The members doc-builder documents given the class's `documented_methods` and the member lines."""
    if not listed:
        return methods
    if "all" in listed:
        named = [name for name in listed if name != "all"]
        return named + [name for name in methods if name not in named]
    if "none" in listed:
        return []
    return list(listed)


def imported_class(full_name: str) -> type | None:
    """The class `package.module.Name` names, imported; None when it is no class, does not import
    (`imported_object`), or its members cannot be read: a library's placeholder for a class whose
    backend is not installed raises on each (transformers' `Trainer` without torch raises ImportError)."""
    target = imported_object(full_name)
    return target if isinstance(target, type) and _members_readable(target) else None


@lru_cache(maxsize=4096)
def _members_readable(cls: type) -> bool:
    """Whether reading the class's attributes works: a name it does not have answers AttributeError (a
    placeholder raises another error for any public name), and its documented methods read."""
    try:
        getattr(cls, "polydocs_reads_an_absent_attribute", None)
        documented_methods(cls)
    except Exception:  # the library's attributes: any error means the class cannot be read here
        return False
    return True


def static_class(full_name: str) -> griffe.Class | None:
    """The class `full_name` names as griffe reads it from its package's files (re-exports followed),
    nothing imported; None where griffe cannot find or read it, or it is no class."""
    package = full_name.partition(".")[0]
    try:
        found = _static_package(package)[full_name.removeprefix(package + ".")]
        if found.is_alias:
            found = found.final_target
    except (KeyError, ImportError, griffe.GriffeError):
        return None
    return found if isinstance(found, griffe.Class) else None


def static_documented_methods(full_name: str) -> list[str] | None:
    """`documented_methods` of the class `full_name` names, read from its files (`static_class`): the
    public functions its body defines or imports with a docstring no base gives the same method,
    alphabetically; None where griffe cannot read the class."""
    found = static_class(full_name)
    if found is None:
        return None
    bases = static_bases(found)
    methods = []
    for name, member in found.members.items():
        function = None if name.startswith("_") else _static_function(member)
        if function is None or not function.docstring:
            continue
        if not any(_same_static_docstring(base, name, function.docstring) for base in bases):
            methods.append(name)
    return sorted(methods)


def _static_function(member: griffe.Object | griffe.Alias) -> griffe.Object | griffe.Alias | None:
    """The function `member` is: itself, or what a name imported into the class body stands for."""
    try:
        target = member.final_target if isinstance(member, griffe.Alias) else member
    except griffe.GriffeError:
        return None
    return target if target.is_function else None


def static_bases(cls: griffe.Class) -> list[griffe.Object | griffe.Alias]:
    """The class's bases, nearest first, as griffe resolves them in the package (none where it cannot)."""
    try:
        return list(cls.mro())
    except (ValueError, griffe.GriffeError):
        return []


def _same_static_docstring(
    base: griffe.Object | griffe.Alias, name: str, docstring: griffe.Docstring
) -> bool:
    """Whether `base` has `name` with the same docstring, compared as written (doc-builder compares
    `__doc__`, which keeps indentation and blank lines; griffe's `value` is cleaned of them)."""
    member = base.members.get(name)
    try:
        return (
            member is not None
            and member.docstring is not None
            and _written(member.docstring) == _written(docstring)
        )
    except griffe.GriffeError:
        return False


def _written(docstring: griffe.Docstring) -> str:
    """The docstring's lines as its file writes them (its value where griffe has no source)."""
    try:
        return docstring.source
    except (ValueError, AttributeError, griffe.GriffeError):
        return docstring.value


@lru_cache(maxsize=8)
def _static_package(package: str) -> griffe.Object | griffe.Alias:
    """The package as griffe reads its files (once per process: a large package takes seconds)."""
    return griffe.load(package, allow_inspection=False, try_relative_path=False, resolve_aliases=False)
