"""Where an object of a package is defined, by following its modules' imports as written (no import).

`accelerate.state.DistributedType` is `accelerate.utils.dataclasses.DistributedType`: `state.py` imports it
from `.utils`, whose `__init__.py` imports it from `.dataclasses`, which defines it. doc-builder resolves a
link by the object it names (`find_object_in_package`, then the object's shortest path), so a link to any
path of a documented object finds its page; the API inventory asks this module for the same answer without
importing the library (a build without its heavy dependencies, transformers' seconds). Each module is read
once with `ast`; a name bound any other way (`__getattr__`, a lazy module) is simply not followed. What a
module binds is kept in polydocs' cache by the module's name and bytes: reading diffusers' modules with
`ast` (some 600 files) cost 3.5 s of CPU on every lint, for answers that change only with the library's files.
"""

from __future__ import annotations

import ast
import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import Any

from polydocs.cache import CacheStore, cache_dir, require
from polydocs.sources.installed_packages import module_file, package_dir

# Bump when what `_read_bindings` makes of a module changes.
_BINDINGS_FORMAT = "2"

# Import chains longer than this are not followed (a cycle, or a library that re-exports that deep).
_MAX_HOPS = 8


@cache
def _package_root(package: str) -> Path | None:
    return package_dir(package)


@cache
def _bindings(path: Path, module: str) -> dict[str, str]:
    """Top-level names of a module file: a definition maps to itself, an import to what it imports; read
    from the cache where the same module's bytes were read before (by Python's version: its grammar)."""
    try:
        source = path.read_bytes()
    except OSError:  # unreadable: its names are not followed
        return {}
    is_package = path.name == "__init__.py"
    store = CacheStore(cache_dir("api") / "bindings", _BINDINGS_FORMAT)
    identity = f"{sys.version_info[:2]}\0{module}\0{is_package}\0".encode()
    key = hashlib.sha256(identity + source).hexdigest()
    kept = store.read(key, _names)
    if kept is None:
        kept = _read_bindings(source, module, is_package)
        store.write(key, kept)
    return kept


def _names(data: Any) -> dict[str, str]:
    require(isinstance(data, dict) and all(isinstance(v, str) for v in data.values()), "names")
    return dict(data)


def _read_bindings(source: bytes, module: str, is_package: bool) -> dict[str, str]:
    try:
        tree = ast.parse(source.decode("utf-8"))
    except (SyntaxError, ValueError):  # not Python, or not UTF-8: its names are not followed
        return {}
    package = module if is_package else module.rpartition(".")[0]
    names: dict[str, str] = {}
    instances: dict[str, str] = {}  # a module-level instance of a class: the class's path
    for node in _top_level(tree.body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = f"{module}.{node.name}"
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(package, node.module, node.level)
            for alias in node.names:
                if alias.name != "*":
                    names[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif (
            isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        ):
            _read_assignment(node.targets[0].id, node.value, names, instances)
    return names


def _read_assignment(target: str, value: ast.expr, names: dict[str, str], instances: dict[str, str]) -> None:
    """`api = HfApi()` makes `api` an instance of the class; `upload_folder = api.upload_folder` binds the
    method of that class (huggingface_hub's functions are its `HfApi` methods, bound to one instance), as
    doc-builder finds the bound method's `__qualname__` (`HfApi.upload_folder`) and module. Any other value
    leaves what the name was bound to before (`Bar = wrapped(Bar)` is most often the same class)."""
    instances.pop(target, None)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in names:
        instances[target] = names[value.func.id]
    elif (
        isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id in instances
    ):
        names[target] = f"{instances[value.value.id]}.{value.attr}"


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of the module's body, and of its top-level `if`/`try` blocks (guarded imports)."""
    found: list[ast.stmt] = []
    for node in body:
        found.append(node)
        if isinstance(node, ast.If):
            found += _top_level(node.body) + _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            found += _top_level(node.body) + _top_level(node.orelse)
    return found


def _absolute(package: str, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - level + 1])
    return f"{base}.{module}" if module else base


@cache
def defining_path(dotted: str) -> str:
    """The path where `dotted` (`package.module.Name`, members after it kept) is defined; itself when its
    modules do not say (not a module of an installed package, a name bound at run time)."""
    package = dotted.split(".")[0]
    root = _package_root(package)
    if root is None:
        return dotted
    path = dotted
    for _ in range(_MAX_HOPS):
        step = _one_hop(root, path)
        if step is None or step == path:
            return path
        path = step
    return path


def shortest_path(dotted: str) -> str:
    """doc-builder's anchor of the object at `dotted`, members after it kept (`get_shortest_path`): from
    the package down the module defining it, the first module binding its name (`peft.AdaLoraConfig` for
    `peft.tuners.adalora.AdaLoraConfig`, defined in `peft.tuners.adalora.config`), as the build reads it
    from griffe's modules (`docstrings/doc_builder_anchors.py`); the defining path where a module on the
    way is not a file of the package, `dotted` where none says where it is defined."""
    defined = defining_path(dotted)
    root = _package_root(defined.split(".")[0])
    parts = defined.split(".")
    modules = [
        end for end in range(len(parts) - 1, 0, -1) if root and module_file(root, ".".join(parts[:end]))
    ]
    if root is None or not modules:
        return dotted
    end = modules[0]  # the defining module: the longest prefix that is one
    for depth in range(1, end + 1):
        module = ".".join(parts[:depth])
        path = module_file(root, module)
        if path is None:
            return defined
        if parts[end] in _bindings(path, module):
            return ".".join([*parts[:depth], *parts[end:]])
    return defined


def _one_hop(root: Path, dotted: str) -> str | None:
    """`dotted` one import closer to its definition: the longest module prefix's binding of the next name."""
    parts = dotted.split(".")
    for end in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:end])
        path = module_file(root, module)
        if path is None:
            continue
        target = _bindings(path, module).get(parts[end])
        if target is None:
            return None
        return ".".join([target, *parts[end + 1 :]])
    return None


def static_exports(package: str) -> frozenset[str]:
    """The names `package/__init__.py` binds (definitions and imports, guarded ones too) and its
    submodules: what the package exports, read from its files when importing it fails (its heavy
    dependencies, torch, are not installed: a light build)."""
    root = _package_root(package)
    if root is None or not (root / "__init__.py").is_file():
        return frozenset()
    submodules = {path.stem for path in root.glob("*.py")} | {
        path.parent.name for path in root.glob("*/__init__.py")
    }
    return frozenset(_bindings(root / "__init__.py", package)) | (submodules - {"__init__"})
