"""The names a lazily importing package (transformers 5) exports, read from its files without importing it.

`import transformers` takes two seconds (1.75 s of CPU): its `utils` import huggingface_hub and numpy,
`define_import_structure` reads the `__all__` of every file under `models/`, and `dir()` of the lazy
module it becomes compares each of its 7,000 names with a list. Its `__init__.py` declares the exports
as data: `_import_structure`'s module paths and names, the names added when a backend is installed
(under a `try` whose `except` lists a `dummy_*_objects` module's names instead), and the `__all__` of
each file under `models/`, which the lazy module lists whether or not their backends are installed.

A name found here is one `dir(transformers)` lists, whatever is installed: a name added for a backend
counts only when the dummy module defines it too, and `models/` is read as `define_import_structure`
reads it (`tests/sources/test_lazy_exports.py` compares both with `dir()`). A name not found is no
answer: the package is imported to list its names (`inventory._exported_names`).
"""

from __future__ import annotations

import ast
import importlib.util
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

_STRUCTURE = "_import_structure"


def declared_export(package: str, name: str) -> bool:
    """Whether `package`'s files declare `name` (no dots) as one of its exports."""
    if not name:
        return False
    init = _package_init(package)
    declared = _init_declarations(init) if init is not None else None
    if init is None or declared is None:
        return False
    names, reads_models = declared
    return name in names or (reads_models and _in_models(init.parent / "models", name))


@cache
def _package_init(package: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    origin = spec.origin if spec is not None else None
    return Path(origin) if origin and origin.endswith("__init__.py") else None


@cache
def _init_declarations(init: Path) -> tuple[frozenset[str], bool] | None:
    """The names `init` declares and whether it adds `models/`'s; None when it makes no lazy module."""
    try:
        module = ast.parse(init.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None
    calls = [node.func for node in ast.walk(module) if isinstance(node, ast.Call)]
    if not any(isinstance(func, ast.Name) and func.id == "_LazyModule" for func in calls):
        return None
    names = set(_added_names(module.body, keys=True))
    for statement in module.body:
        if isinstance(statement, ast.Try):
            names |= _backend_names(statement, init.parent)
    return frozenset(names), _reads_models(module)


def _added_names(statements: list[ast.stmt], keys: bool) -> Iterator[str]:
    """The object names (and, with `keys`, the first part of the module paths) these statements put
    into `_import_structure` as literals: `= {...}`, `[path] = [...]`, `[path] += [...]`, `.extend([...])`."""
    for statement in statements:
        if isinstance(statement, ast.Assign) and _is_name(statement.targets[0], _STRUCTURE):
            if isinstance(statement.value, ast.Dict):
                for key, value in zip(statement.value.keys, statement.value.values, strict=True):
                    yield from _module_head(key) if keys else ()
                    yield from _literal_strings(value)
        elif isinstance(statement, (ast.Assign, ast.AugAssign)):
            target = statement.targets[0] if isinstance(statement, ast.Assign) else statement.target
            if isinstance(target, ast.Subscript) and _is_name(target.value, _STRUCTURE):
                yield from _module_head(target.slice) if keys else ()
                yield from _literal_strings(statement.value)
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            func = statement.value.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "extend"
                and _subscripts_structure(func.value)
            ):
                for argument in statement.value.args:
                    yield from _literal_strings(argument)


def _backend_names(statement: ast.Try, folder: Path) -> set[str]:
    """The names a `try` adds when its backend is installed that its `except` gets from a dummy module
    (`from .utils import dummy_pt_objects`, whose names it lists) when the backend is not."""
    dummies: set[str] = set()
    for handler in statement.handlers:
        for line in handler.body:
            if isinstance(line, ast.ImportFrom) and line.module == "utils" and line.level == 1:
                for alias in line.names:
                    dummies |= _top_level_names(folder / "utils" / f"{alias.name}.py")
    return set(_added_names(statement.orelse, keys=False)) & dummies


@cache
def _top_level_names(path: Path) -> frozenset[str]:
    """What `dir()` of the module at `path` lists, less the names starting with `_` (as the dummy
    branches keep them)."""
    try:
        module = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return frozenset()
    names: set[str] = set()
    for statement in module.body:
        if isinstance(statement, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in statement.names)
        elif isinstance(statement, ast.Assign):
            names.update(target.id for target in statement.targets if isinstance(target, ast.Name))
    return frozenset(name for name in names if not name.startswith("_"))


def _reads_models(module: ast.Module) -> bool:
    """Whether the init adds `define_import_structure(<folder>/"models", prefix="models")` to its exports."""
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and _is_name(node.func, "define_import_structure"):
            prefix = [keyword.value for keyword in node.keywords if keyword.arg == "prefix"]
            if prefix and isinstance(prefix[0], ast.Constant) and prefix[0].value == "models":
                return any(
                    isinstance(n, ast.Constant) and n.value == "models" for n in ast.walk(node.args[0])
                )
    return False


def _in_models(folder: Path, name: str) -> bool:
    """Whether a file under `folder` exports `name`: first the files of the folders whose name is in
    it (`AutoTokenizer`: `auto/`), then the others, so that a linked class costs a few files to find
    instead of all 1,700 (0.15 s); each file is read once."""
    lowered = name.lower()
    likely = [path for folder_name, path in _model_files_by_folder(folder) if folder_name in lowered]
    return any(name in _exports_of(path) for path in [*likely, *_model_files(folder)])


@cache
def _model_files_by_folder(folder: Path) -> tuple[tuple[str, Path], ...]:
    """Each model file with its folder's name lowercased, worked out once, not for every name asked
    about (the corpus asks about 150, each compared with the folders of all 1,700 files)."""
    return tuple((path.parent.name.lower(), path) for path in _model_files(folder))


def _models_exports(folder: Path) -> frozenset[str]:
    """Every name the files under `folder` export."""
    return frozenset(name for path in _model_files(folder) for name in _exports_of(path))


@cache
def _model_files(folder: Path) -> tuple[Path, ...]:
    """The files `define_import_structure` reads under `folder`: `.py` files but `__init__.py`,
    `convert_*` and `modular_*`, in every folder but `__pycache__`."""
    found = []
    for parent, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if name != "__pycache__")
        for name in sorted(files):
            if (
                name.endswith(".py")
                and name != "__init__.py"
                and not name.startswith(("convert_", "modular_"))
            ):
                found.append(Path(parent, name))
    return tuple(found)


@cache
def _exports_of(path: Path) -> frozenset[str]:
    with open(path, encoding="utf-8") as file:
        return frozenset(_all_of(file.read()))


def _all_of(text: str) -> list[str]:
    """A file's `__all__` as transformers' `fetch__all__` reads it: the last line starting `__all__`, to
    its `]` on that line, or item per line to a line that is only `]`."""
    if "__all__" not in text:
        return []
    start = text.rfind("\n__all__") + 1
    if start == 0 and not text.startswith("__all__"):
        return []
    first, *rest = text[start:].splitlines()
    if first.endswith("]"):
        return [item.strip("\"' ") for item in first.split("=")[1].strip(" []").split(",")]
    names: list[str] = []
    for line in rest:
        if line.strip() == "]":
            return names
        names.append(line.strip("\"', "))
    return names


def _literal_strings(node: ast.expr | None) -> Iterator[str]:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        yield from (
            item.value for item in node.elts if isinstance(item, ast.Constant) and isinstance(item.value, str)
        )


def _module_head(node: ast.expr | None) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value.split(".")[0]


def _subscripts_structure(node: ast.expr) -> bool:
    return isinstance(node, ast.Subscript) and _is_name(node.value, _STRUCTURE)


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
