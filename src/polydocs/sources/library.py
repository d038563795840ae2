"""The library a documentation tree documents, named once: the one API links and `[[autodoc]]` resolve in.

In order: `--library` on the command line, `library:` in polydocs.yml, the package of its `api_reference`,
else the project around the tree (`pyproject.toml`'s `[project] name`, else `setup.py`'s `name=`, read
without running anything, in the folders above `docs/source`), else the package the tree's English pages
name (`tree_library`). A tree nothing names keeps Transformers, the library doc-builder trees document
most, and the build's output says so and how to name another.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
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
    root: Path, given: str | None, configured: str, api_package: str | None, pages: Iterable[str] = ()
) -> Library:
    """The library, from the first source that names it (see the module's docstring); `pages`, the
    English pages' texts, are read only when nothing before them names it."""
    if given:
        return Library(given, "--library")
    if configured:
        return Library(configured, "library: in polydocs.yml")
    if api_package:
        return Library(api_package, "api_reference: in polydocs.yml")
    return (
        inferred_library(root)
        or tree_library(pages)
        or Library(DEFAULT_LIBRARY, "named nowhere", assumed=True)
    )


def tree_library(pages: Iterable[str]) -> Library | None:
    """The package the pages' `[[autodoc]]` directives document: the first part of their dotted names
    (`[[autodoc]] evaluate.EvaluationModule` names evaluate).

    A first part is a package, not a module of the documented one (`[[autodoc]] utils.X` in accelerate,
    `tuners.lora.LoraConfig` in peft), when the pages install it (`pip install evaluate`, `pip install
    git+https://github.com/huggingface/accelerate`) or it is an installed top-level package outside the
    standard library. It is taken only where it names at least as many directives as name no package at
    all (`[[autodoc]] Trainer`: the objects of a library nothing names). Of several, the one the pages
    install, then the one most directives name, then most API links (`` [`evaluate.load`] ``), then the
    first by name; the origin lists every one with its counts. API links alone never choose: pages link
    other libraries' objects (Transformers' link datasets' 35 times)."""
    from polydocs.dialect import parse_page  # the dialect reads the site model: imported when needed
    from polydocs.dialect.constructs.api_links import api_link_matches
    from polydocs.dialect.constructs.autodoc import find_autodoc

    directives: Counter[str] = Counter()
    links: Counter[str] = Counter()
    installed: set[str] = set()
    for text in pages:
        if "[[autodoc]]" not in text and "[`" not in text and "pip install" not in text:
            continue
        page = parse_page(text)
        directives.update(_head(autodoc.name) for autodoc in find_autodoc(page))
        links.update(
            _head(link["name"])
            for _, line in page.outside_code()
            for link in api_link_matches(line)
            if "." in link["name"]
        )
        installed.update(word for line in _PIP_INSTALL.findall(text) for word in _WORD.findall(line))
    unnamed = directives.pop("", 0)
    candidates = [
        name
        for name, count in directives.items()
        if count >= unnamed
        and (name in installed or (_top_level_package(name) and name not in sys.stdlib_module_names))
    ]
    if not candidates:
        return None
    ranked = sorted(
        candidates, key=lambda name: (name not in installed, -directives[name], -links[name], name)
    )
    counts = ", ".join(f"{name} ({directives[name]} directives, {links[name]} links)" for name in ranked)
    return Library(ranked[0], f"named by the pages' [[autodoc]] directives: {counts}")


# What the pages install: the rest of a `pip install` line, each word a possible package.
_PIP_INSTALL = re.compile(r"pip3? install([^\n`\"']*)")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _head(name: str) -> str:
    """`evaluate` of `evaluate.load` (and of `~evaluate.load`); "" for a name with no dot."""
    head, dot, _ = name.lstrip("~").partition(".")
    return head if dot else ""


@cache
def _top_level_package(name: str) -> bool:
    """Whether `name` is installed as a top-level module (found, not imported)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
