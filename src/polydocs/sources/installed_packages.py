"""Where an installed package's modules are, found from its import spec without importing it: the
autodoc slice (sources/autodoc_slices.py) and the links' import chains (api_inventory/object_paths.py)
read them.
And the one way polydocs imports an object of a documented library by its dotted name, for the rules
that need the object itself (`imported_object`)."""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import re
import sys
import warnings
from importlib.machinery import ModuleSpec
from pathlib import Path

from polydocs.sources.library import import_name


def package_dir(package: str) -> Path | None:
    """The installed package's folder, None when it is not installed (or is a single module)."""
    spec = _installed_spec(package)
    locations = spec.submodule_search_locations if spec else None
    return Path(next(iter(locations))) if locations else None


def is_installed(package: str) -> bool:
    """Whether `package` is importable as a package or module of its own (found, not imported)."""
    return _installed_spec(package) is not None


def _installed_spec(package: str) -> ModuleSpec | None:
    """The package's import spec. A folder without `__init__.py` on the path is a namespace package to
    Python, but no library unless one is installed under that name: `./trl` holding trl's docs where
    the build runs (`python -m` puts the working folder on the path) made every trl link "missing
    from the installed trl"; a repository's `scripts/` took trl's `scripts.utils` for a library."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or (spec.origin is None and not _distributed(package)):
        return None
    return spec


def submodule_spec(package: str, name: str) -> ModuleSpec | None:
    """The spec of the module `package.name`, found as `importlib.util.find_spec` finds it but without
    importing `package` (which runs its `__init__`: peft's imports torch and transformers, seconds): in
    the folders of the package's `__path__` where it is imported already, else of its spec."""
    imported = sys.modules.get(package)
    locations = getattr(imported, "__path__", None) if imported is not None else None
    if locations is None:
        spec = _installed_spec(package)
        locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        return None
    try:
        return importlib.machinery.PathFinder.find_spec(f"{package}.{name}", list(locations))
    except (ImportError, ValueError):
        return None


def _distributed(package: str) -> bool:
    try:
        importlib.metadata.distribution(package)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def module_file(root: Path, module: str) -> Path | None:
    """`transformers.trainer` → `<root>/trainer.py` (or its package's `__init__.py`)."""
    parts = module.split(".")[1:]
    as_file = root.joinpath(*parts[:-1], parts[-1] + ".py") if parts else None
    as_package = root.joinpath(*parts, "__init__.py")
    return next((path for path in (as_file, as_package) if path and path.is_file()), None)


# Modules whose import failed in this process, and whether that ends the lookup (True: the library's own
# error) or leaves a shorter prefix to try (False: a dependency it imports is not installed). A failed
# import leaves nothing in sys.modules, so each lookup would run the library's import again until it
# fails: in a light build (torch not installed) every API link and [[autodoc]] of accelerate did.
_FAILED_IMPORTS: dict[str, bool] = {}


def _failed_before(name: str) -> bool | None:
    """How importing `name` failed before in this process (its own import or a parent's: importing it
    imports them first), or None."""
    parts = name.split(".")
    for split in range(1, len(parts) + 1):
        failed = _FAILED_IMPORTS.get(".".join(parts[:split]))
        if failed is not None:
            return failed
    return None


def _remember_failure(name: str, ends_lookup: bool) -> None:
    """`name`, and each parent its failed import left out of sys.modules (a parent is imported first: one
    missing afterwards failed itself), fail again without running."""
    parts = name.split(".")
    for split in range(1, len(parts) + 1):
        prefix = ".".join(parts[:split])
        if prefix == name or prefix not in sys.modules:
            _FAILED_IMPORTS.setdefault(prefix, ends_lookup)


def _names_itself(module: str, missing: str) -> bool:
    """Whether the missing module is `module` or one of its parents (it is not installed), rather than
    something its import needs."""
    return module == missing or module.startswith(missing + ".")


def imported_object(dotted: str) -> object | None:
    """The object `package.module.Name` names, imported: the longest prefix that is a module (a package's
    `__init__.py` need not import its submodules: `packaging` binds `version` only once something imported
    `packaging.version`), the rest read as its attributes (a lazily exporting package, transformers'
    `_LazyModule`, imports `BertModel`'s module on the attribute). Where that module lacks the rest, a
    shorter prefix is tried: a package's attribute may shadow its submodule (`datasets.packaged_modules`
    runs `from .text import text`, so its attribute `text` is the module text/text.py, which defines
    `TextConfig`, while `import datasets.packaged_modules.text` gives the package text/), and doc-builder,
    walking attributes from the package down, finds the object there. None when it does not import.

    The library's own code runs here, and may warn or raise anything: its warnings are not the page's
    (silenced), and any error of its import or of its attributes (transformers reports a lazy submodule
    that fails as RuntimeError, a library built for numpy 1 raises AttributeError on numpy 2) means the
    object does not import; each caller then says so or falls back to what needs no import."""
    parts = dotted.split(".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for split in range(len(parts), 0, -1):
            name = ".".join(parts[:split])
            failed = _failed_before(name)
            if failed is not None:
                if failed:
                    return None
                continue
            try:
                target: object = importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name and not _names_itself(name, error.name):
                    _remember_failure(name, ends_lookup=False)  # a dependency is absent (a light build)
                continue
            except Exception:  # the library's import: see above
                _remember_failure(name, ends_lookup=True)
                return None
            try:
                for attribute in parts[split:]:
                    target = getattr(target, attribute)
            except AttributeError:
                continue  # an attribute of a shorter prefix may shadow this module: see above
            except Exception:  # the library's attributes: see above
                return None
            return target
    return None


def installed_sources(package: str) -> str:
    """What the documentation of `package` is read from, as a digest: its version and each of its Python
    files' path, size and change time. An editable install changes its modules without changing its
    version, and an autodoc page converted from the old code must not be reused for the new.

    Stat only (2,860 files of transformers: about 0.2 s): a language build asks once per package."""
    root = package_dir(package)
    try:
        version = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    digest = hashlib.sha256(f"{package}\0{version}\0{root}".encode())
    for folder, subfolders, files in os.walk(root) if root else ():
        subfolders.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                state = os.stat(os.path.join(folder, name))
                digest.update(f"\0{folder}/{name}\0{state.st_size}\0{state.st_mtime_ns}".encode())
    return digest.hexdigest()


# The heavy frameworks doc-builder's light builds mock (the union of its per-library registries,
# `doc_builder/mock_deps/*.txt`). polydocs mocks nothing: an object whose module imports one that is not
# installed is read from its files (griffe), and the build says which ones are absent.
HEAVY_FRAMEWORKS = frozenset(
    {"torch", "torchvision", "torchaudio", "tensorflow", "jax", "flax", "timm", "deepspeed", "bitsandbytes"}
)
_REQUIREMENT_NAME = re.compile(r"\A\s*([A-Za-z0-9][A-Za-z0-9._-]*)")  # \A: tried at the start alone
_EXTRA = re.compile(r"""\bextra\s*==\s*["']([^"']+)["']""")


@functools.cache
def distributions_by_module() -> dict[str, list[str]]:
    """`importlib.metadata.packages_distributions()`, read once per process: it reads the file list of
    every installed distribution (0.4 s), and a build asks twice (its notebooks' requirements, its
    light-build line)."""
    return dict(importlib.metadata.packages_distributions())


def absent_heavy_dependencies(package: str) -> list[str]:
    """The heavy frameworks (`HEAVY_FRAMEWORKS`) the installed `package` requires, or offers as an extra
    of the framework's own name (transformers' `torch`, `timm`), that are not installed: a light build,
    where the objects whose modules import them are read from their files. An extra of another name
    (`test`, `dev`, `all`) is the library's tooling, not its objects'. Empty where `package` is not
    installed. Metadata only: nothing is imported, so a warm cache's build says what a cold one said."""
    names: set[str] = set()
    for distribution in distributions_by_module().get(package, [package]):
        try:
            requirements = importlib.metadata.requires(distribution) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requirements:
            if (match := _REQUIREMENT_NAME.match(requirement)) is None:
                continue
            name = import_name(match.group(1))
            extra = _EXTRA.search(requirement)
            if extra and import_name(extra.group(1)) != name:
                continue
            if name in HEAVY_FRAMEWORKS and not _distributed(name):
                names.add(name)
    return sorted(names)


def light_build_said(package: str) -> str | None:
    """`torch is not installed: the objects of peft whose modules import it are read from their files`, the
    line a light build prints once; None where every heavy framework `package` declares is installed."""
    absent = absent_heavy_dependencies(package)
    if not absent:
        return None
    verb, pronoun = ("is", "it") if len(absent) == 1 else ("are", "them")
    return (
        f"{', '.join(absent)} {verb} not installed: the objects of {package} whose modules import {pronoun} "
        "are read from their files, not imported (a light build)"
    )
