"""The slice of the documented package that mkdocstrings reads for `[[autodoc]]` pages.

mkdocstrings' Python handler has griffe load a whole package before it documents one object of it:
31 s for transformers, in every language build that has an autodoc page (English, and each language
falling back to it). griffe needs only the modules that define the documented objects, the modules
their class bodies import from (a dataclass field's default, say), and the package `__init__.py` files
above them. This module copies exactly those files into the cache (once per package version and set of
names), checks that griffe loads the copy as mkdocstrings will, and points the handler at it. Where no
such slice can be made, mkdocstrings reads the whole package, as before.

A name the slice cannot document (griffe does not find it where the package's `__init__.py` says it is
defined, or not at all) is listed with the slice: mkdocstrings would stop the whole build on it, so the
page shows a placeholder and a warning at its `[[autodoc]]` line instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.cache import CacheStore, cache_dir
from polydocs.sources.installed_packages import imported_object, module_file, package_dir

if TYPE_CHECKING:
    from griffe import Alias, Object

_MAX_ROUNDS = 8
# Beside the sliced package: the requested names griffe cannot document from the slice.
_MISSING_FILE = "undocumentable.json"
# Part of each slice's key: raised when the same names make another slice (2: lazily exported names are
# followed to their module; 3: a submodule shadowed by an attribute is exported where the page names it),
# so that no slice made by an earlier rule is read again.
_SLICE_RULES = "3"

log = logging.getLogger(__name__)


def _module_of(root: Path, target: str) -> str | None:
    """The module of a dotted target (`transformers.trainer.Trainer` → `transformers.trainer`), the target
    itself where it is one (`datasets.logging` imports the module `datasets.utils.logging`)."""
    parts = target.split(".")
    for end in range(len(parts), 0, -1):
        if module_file(root, ".".join(parts[:end])) is not None:
            return ".".join(parts[:end])
    return None


@dataclass(frozen=True)
class _ShadowedExport:
    """`datasets.packaged_modules.text.TextConfig`: `datasets/packaged_modules/__init__.py` runs
    `from .text import text`, so Python's attribute `text` there, which doc-builder walks, is the module
    `text/text.py` that defines `TextConfig`; griffe gives the name to the package `text/` (a submodule wins
    over an attribute of its name), whose `__init__.py` does not define it. The slice's copy of that
    `__init__.py` imports the object from where it is defined, so that griffe documents it under the name
    the page writes, as it documents `transformers.BertModel` through its package's import."""

    module: str  # `datasets.packaged_modules.text`: the module the page's name reads, by files
    attribute: str  # `TextConfig`
    defining: str  # `datasets.packaged_modules.text.text`
    name: str  # the object's own name there

    def import_line(self) -> str:
        return f"from {self.defining} import {self.name} as {self.attribute}\n"


def _shadowed_export(root: Path, package: str, name: str) -> _ShadowedExport | None:
    """The export the slice adds for `package.name` when the module its name reads, by files, lacks it
    while the attribute path finds it (`_ShadowedExport`); None otherwise."""
    module, _, attribute = f"{package}.{name}".rpartition(".")
    if module == package or module_file(root, module) is None:
        return None
    found = imported_object(f"{package}.{name}")
    if found is None or hasattr(sys.modules.get(module), attribute):
        return None
    defining, own_name = getattr(found, "__module__", None), getattr(found, "__qualname__", None)
    if not isinstance(defining, str) or not defining.startswith(package + "."):
        return None
    if module_file(root, defining) is None or not isinstance(own_name, str) or "." in own_name:
        return None
    return _ShadowedExport(module, attribute, defining, own_name)


def _copy_slice(
    root: Path, package: str, modules: set[str], into: Path, exports: Iterable[_ShadowedExport] = ()
) -> None:
    """Each module's file and every `__init__.py` from the package root down to it, and the exports
    added where pages name shadowed objects."""
    files = {root / "__init__.py"}
    for module in modules:
        path = module_file(root, module)
        if path is None:
            continue
        files.add(path)
        folder = path.parent
        while folder == root or root in folder.parents:
            files.add(folder / "__init__.py")
            folder = folder.parent
    shutil.rmtree(into, ignore_errors=True)
    for path in files:
        if path.is_file():
            copy = into / package / path.relative_to(root)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)  # with its modification time, which `_is_current` compares
    for export in exports:
        _add_export(root, package, export, into)


def _add_export(root: Path, package: str, export: _ShadowedExport, into: Path) -> None:
    """The export's import appended to the copy of its module, which keeps the installed file's
    modification time (`_is_current`)."""
    installed = module_file(root, export.module)
    if installed is None:
        return
    copy = into / package / installed.relative_to(root)
    with copy.open("a", encoding="utf-8") as module:
        module.write("\n" + export.import_line())
    state = installed.stat()
    os.utime(copy, ns=(state.st_atime_ns, state.st_mtime_ns))


def _unresolved_targets(documented: Object | Alias, package: str) -> set[str]:
    """Targets inside `package` of the aliases among a documented object's members, when unloaded.

    A class body may import (`from .pytorch_utils import x` in `TrainingArguments`); griffe's dataclass
    support and mkdocstrings' member listing follow such aliases and fail when the target is missing.
    """
    from griffe import Alias, AliasResolutionError

    targets = set()
    objects = [documented.final_target if isinstance(documented, Alias) else documented]
    objects += [base for base in getattr(objects[0], "resolved_bases", []) if not isinstance(base, Alias)]
    targets |= _unloaded_bases(objects[0], package)
    for obj in objects:
        for member in obj.members.values():
            if isinstance(member, Alias) and member.target_path.startswith(package + "."):
                try:
                    member.resolve_target()
                except AliasResolutionError:
                    targets.add(member.target_path)
    return targets


def _unloaded_bases(documented: Object, package: str) -> set[str]:
    """The base classes inside `package`, at any depth, that the slice does not hold yet: griffe makes a
    dataclass's `__init__` from its bases' fields too (peft's `LoraConfig` from `PeftConfig`'s), so its
    signature lacks them when a base's module is left out."""
    from griffe import Alias, AliasResolutionError, Class

    missing, queue, seen = set(), [documented], set()
    while queue:
        current = queue.pop()
        if not isinstance(current, Class) or current.path in seen:
            continue
        seen.add(current.path)
        for base in current.bases:
            path = getattr(base, "canonical_path", str(base))
            if not path.startswith(package + "."):
                continue
            try:
                found = current.modules_collection.get_member(path)
                queue.append(found.final_target if isinstance(found, Alias) else found)
            except (KeyError, AliasResolutionError):
                missing.add(path)
    return missing


def _defining_module(top: Object | Alias, root: Path, package: str, name: str) -> str | None:
    """Where `package.name` is defined, from the package's `__init__.py`; None when it is not there.

    `Trainer`: imported by `__init__.py` (an alias to `transformers.trainer.Trainer`), or defined in it;
    `diagnostics.Diagnostic`: named by its module.
    """
    from griffe import Alias

    head = name.split(".")[0]
    member = top.members.get(head)
    if isinstance(member, Alias):
        return _module_of(root, member.target_path)
    if "." in name and module_file(root, f"{package}.{head}"):  # `tuners.osf.utils.f`: a submodule's
        return _module_of(root, f"{package}.{name}")
    if member is not None:
        return package
    return _imported_from(root, package, name)


def _imported_from(root: Path, package: str, name: str) -> str | None:
    """Where the imported package finds `name` defined: a package that exports names lazily (transformers'
    `_LazyModule`, its `from .models import *` chains under `TYPE_CHECKING`) declares `BertModel` nowhere
    the `__init__.py` alone shows, and its module says `transformers.models.bert.modeling_bert`. Only a
    module of `package` that the slice can copy counts."""
    module = getattr(imported_object(f"{package}.{name}"), "__module__", None)
    if not isinstance(module, str) or not module.startswith(package + "."):
        return None
    return module if module_file(root, module) is not None else None


def _write_slice(root: Path, package: str, names: list[str], into: Path) -> list[str]:
    """Copy the modules that document `names` into `into` (their definitions, then what those need) and
    return the names found; a name the package does not have is left to the page's own warning."""
    from griffe import AliasResolutionError, CyclicAliasError, Extensions, GriffeLoader

    def load(search_path: Path | None) -> Object | Alias:
        # No extensions: griffe's dataclass support would fail on the very aliases looked for here.
        paths = [str(search_path)] if search_path else None
        return GriffeLoader(extensions=Extensions(), search_paths=paths).load(
            package, submodules=search_path is not None, try_relative_path=False
        )

    top = load(None)  # the package's `__init__.py` alone: its imports say where each name is defined
    exports = {name: export for name in names if (export := _shadowed_export(root, package, name))}
    defined_in = {
        name: exports[name].defining if name in exports else _defining_module(top, root, package, name)
        for name in names
    }
    names = [name for name, module in defined_in.items() if module]
    modules = {module for module in defined_in.values() if module}
    modules |= {export.module for export in exports.values()}
    for _ in range(_MAX_ROUNDS):
        _copy_slice(root, package, modules, into, exports.values())
        package_slice = load(into)
        needed = set()
        for name in names:
            try:
                documented = package_slice.get_member(name)
                targets = _unresolved_targets(documented, package)
            except KeyError:
                continue
            except AliasResolutionError as error:  # an alias to an alias (`peft.tuners.LoraConfig`)
                targets = {error.alias.target_path}
            except CyclicAliasError as error:
                # `datasets.utils` imports the function `tqdm` from its submodule `tqdm`: without the
                # submodule's file, griffe's alias `datasets.utils.tqdm` targets itself.
                targets = set(error.chain)
            needed |= {module for target in targets if (module := _module_of(root, target))}
        if needed <= modules:
            return names
        modules |= needed
    raise ImportError(f"no slice of {package} found after {_MAX_ROUNDS} rounds")


def _documentable(search_path: Path, package: str, names: list[str]) -> list[str]:
    """Load the slice as mkdocstrings will (griffe's built-in extensions on) and return the names it
    documents; raises if the slice cannot be loaded at all."""
    from griffe import Alias, AliasResolutionError, CyclicAliasError, GriffeLoader, load_extensions

    loader = GriffeLoader(extensions=load_extensions(), search_paths=[str(search_path)])
    package_slice = loader.load(package, try_relative_path=False)
    loader.resolve_aliases(implicit=False, external=False)
    found = []
    for name in names:
        try:
            member = package_slice.get_member(name)
            if isinstance(member, Alias):
                member.final_target  # noqa: B018 (resolving is the check: mkdocstrings does it too)
        except (KeyError, AliasResolutionError, CyclicAliasError):
            continue
        found.append(name)
    return found


def _is_current(slice_path: Path, root: Path, package: str) -> bool:
    """Whether every copied module is still the installed one (an editable install changes in place)."""
    copies = list((slice_path / package).rglob("*.py"))
    for copy in copies:
        installed = root / copy.relative_to(slice_path / package)
        try:
            if installed.stat().st_mtime_ns != copy.stat().st_mtime_ns:
                return False
        except OSError:
            return False
    return bool(copies)


@dataclass(frozen=True)
class AutodocSlice:
    """Where mkdocstrings reads `package` from (None: the installed package), and the requested names
    it cannot document from there (`package.name`), which must not reach mkdocstrings."""

    path: Path | None
    undocumentable: frozenset[str] = frozenset()
    package: str = ""


def _sliced(path: Path, package: str) -> AutodocSlice:
    try:
        missing = json.loads((path / _MISSING_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        missing = []
    return AutodocSlice(path, frozenset(f"{package}.{name}" for name in missing if isinstance(name, str)))


def autodoc_slices(names: set[str]) -> list[AutodocSlice]:
    """One slice per documented package (`peft`, and `transformers` for `transformers.Trainer`)."""
    inside: dict[str, set[str]] = {}
    for name in names:
        package, _, rest = name.partition(".")
        inside.setdefault(package, set()).add(rest)
    return [
        replace(autodoc_slice(package, rest, cache_dir("autodoc")), package=package)
        for package, rest in sorted(inside.items())
    ]


def autodoc_search_path(package: str, names: Iterable[str], cache: Path) -> Path | None:
    """A folder holding the slice of `package` that documents `names`; None when it cannot be made."""
    return autodoc_slice(package, names, cache).path


def autodoc_slice(package: str, names: Iterable[str], cache: Path) -> AutodocSlice:
    """The slice of `package` that documents `names`, and the names it cannot document.

    The slice is keyed by the package's version and the names, written atomically so that builds in
    parallel and later builds reuse it, and made again when an installed module it copied changed.
    """
    names = sorted(set(names))
    root = package_dir(package)
    if not names or root is None:
        return AutodocSlice(None)
    try:
        version = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    key = hashlib.sha256("\n".join([_SLICE_RULES, package, version, str(root), *names]).encode()).hexdigest()[
        :16
    ]
    target = cache / f"{package}-{version}-{key}"
    if _is_current(target, root, package):
        return _sliced(target, package)
    cache.mkdir(parents=True, exist_ok=True)
    # One process makes a slice while the others (builds in parallel, `serve` beside `build`) wait for
    # it and then read it: two that each made it replaced the first one's folder while its mkdocstrings
    # was reading modules from it.
    with CacheStore(cache, "").holding(target.name):
        if _is_current(target, root, package):
            return _sliced(target, package)
        return _make_slice(root, package, names, target)


def _make_slice(root: Path, package: str, names: list[str], target: Path) -> AutodocSlice:
    staging = Path(tempfile.mkdtemp(prefix=".slice-", dir=target.parent))
    try:
        found = _documentable(staging, package, _write_slice(root, package, names, staging))
        if not found:  # none can be documented: each block is a placeholder, none reaches mkdocstrings
            return AutodocSlice(None, frozenset(f"{package}.{name}" for name in names))
        missing = sorted(set(names) - set(found))
        (staging / _MISSING_FILE).write_text(json.dumps(missing), encoding="utf-8")
        _replace_folder(staging, target)
    # Whatever fails here (griffe on unusual code, a full disk) only costs speed: mkdocstrings then
    # reads the whole package, as it would without this module.
    except Exception as error:
        log.info("autodoc: documenting from the whole %s package (%s)", package, error)
        return AutodocSlice(None)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return _sliced(target, package)


def _replace_folder(new: Path, target: Path) -> None:
    """`new` renamed to `target`; an outdated slice there is first renamed out of the way, then removed,
    so that `target` never names a folder with part of its files."""
    outdated = Path(tempfile.mkdtemp(prefix=".outdated-", dir=target.parent))
    try:
        with contextlib.suppress(FileNotFoundError):
            os.replace(target, outdated / "slice")
        os.rename(new, target)
    finally:
        shutil.rmtree(outdated, ignore_errors=True)
