"""The library a documentation tree documents, named once: the one API links and `[[autodoc]]` resolve in.

In order: `--library` on the command line, `library:` in polydocs.yml, the package of its `api_reference`,
else the project around the tree (`pyproject.toml`'s `[project] name`, else `setup.py`'s `name=`, read
without running anything, in the folders above `docs/source`), else the package the tree's English pages
name (`dialect/documented_library.py`: their `[[autodoc]]` directives and API links, which the parse finds,
so the guess lives above this layer and is handed in as `pages_library`). A tree nothing names keeps
Transformers, the library doc-builder trees document most, and the build's output says so and how to name
another.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

DEFAULT_LIBRARY = "transformers"
# `docs/source` sits two folders below the repository's top; one more for `docs/source/en`.
_PROJECT_DEPTH = 3
_IMPORT_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Library:
    """The documented library's import name and what named it (said in the build's output)."""

    name: str
    origin: str
    # Nothing named it and nothing around the tree did: Transformers was taken.
    assumed: bool = False

    def said(self) -> str:
        """`documenting peft (--library)`: the line the build prints once."""
        if self.assumed:
            return (
                f"documenting {self.name}: no library is named (`--library`, `library:` in polydocs.yml) "
                "and no pyproject.toml or setup.py above the tree, nor the pages' [[autodoc]] directives, "
                "name one"
            )
        return f"documenting {self.name} ({self.origin})"


# The library pages' texts name (`dialect/documented_library.py`'s `tree_library`), None when they name none.
PagesLibrary = Callable[[Iterable[str]], Library | None]


def import_name(distribution: str) -> str:
    """`huggingface-hub` -> `huggingface_hub`: the module a distribution name is usually imported as."""
    return re.sub(r"[-.]+", "_", distribution.strip()).lower()


def is_import_name(name: str) -> bool:
    return bool(_IMPORT_NAME.fullmatch(name))


def _pyproject_name(path: Path) -> str | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    for table in (data.get("project"), data.get("tool", {}).get("poetry")):
        if isinstance(table, dict) and isinstance(table.get("name"), str):
            return str(table["name"])
    return None


def _setup_py_name(path: Path) -> str | None:
    """`setup(name="peft", ...)`'s name, from the syntax tree: setup.py is never run."""
    try:
        module = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return None
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup":
            for keyword in node.keywords:
                if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
                    return str(keyword.value.value)
    return None


def inferred_library(root: Path) -> Library | None:
    """The library of the project the tree at `root` lies in, from the nearest folder above that has a
    `pyproject.toml` or `setup.py` naming it."""
    for folder in root.resolve().parents[:_PROJECT_DEPTH]:
        for filename, read in (("pyproject.toml", _pyproject_name), ("setup.py", _setup_py_name)):
            name = read(folder / filename) if (folder / filename).is_file() else None
            if name and is_import_name(import_name(name)):
                return Library(import_name(name), str(folder / filename))
    return None


def choose_library(
    root: Path,
    given: str | None,
    configured: str,
    api_package: str | None,
    pages: Iterable[str],
    pages_library: PagesLibrary,
) -> Library:
    """The library, from the first source that names it (see the module's docstring); `pages`, the
    English pages' texts, are handed to `pages_library` only when nothing before them names it."""
    if given:
        return Library(given, "--library")
    if configured:
        return Library(configured, "library: in polydocs.yml")
    if api_package:
        return Library(api_package, "api_reference: in polydocs.yml")
    return (
        inferred_library(root)
        or pages_library(pages)
        or Library(DEFAULT_LIBRARY, "named nowhere", assumed=True)
    )
