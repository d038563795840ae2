"""The library a tree's English pages name, when nothing else does (`sources/library.py` asks this last):
read from their `[[autodoc]]` directives, API links and `pip install` lines, which only the parse tells
from code. It lives here, above the site model, and `source_tree.load_source_tree` hands it down.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from polydocs.dialect.constructs.api_links import api_link_matches
from polydocs.dialect.constructs.autodoc import find_autodoc
from polydocs.dialect.page import parse_page
from polydocs.sources.library import Library


def tree_library(pages: Iterable[str]) -> Library | None:
    """The package the pages' `[[autodoc]]` directives document: the first part of their dotted names
    (`[[autodoc]] evaluate.EvaluationModule` names evaluate).

    A first part is a package, not a module of the documented one (`[[autodoc]] utils.X` in accelerate,
    `tuners.lora.LoraConfig` in peft), when the pages install it (`pip install evaluate`, `pip install
    git+https://github.com/huggingface/accelerate`) or it is an installed top-level package outside the
    standard library. It is taken only where the directives it accounts for are at least as many as those
    it does not: its own, those naming one of its modules (`[[autodoc]] models.UNet2DModel` in diffusers,
    a `models` folder of the installed package) and those naming no package whose name its `__init__.py`
    holds (`[[autodoc]] DiffusionPipeline`; read, never imported), against those naming no package it
    exports (`[[autodoc]] Trainer`: the objects of a library nothing names). A package the pages install
    that no directive names by its own name (peft's pages write `tuners.lora.LoraConfig` and `PeftModel`,
    never `peft.X`) is weighed the same way where its `__init__.py` exports an unnamed one: its module
    names alone (`utils`) are no evidence. Of several, the one the pages
    install, then the one most directives name, then most API links (`` [`evaluate.load`] ``), then the
    first by name; the origin lists every one with its counts. API links alone never choose: pages link
    other libraries' objects (Transformers' link datasets' 35 times)."""
    directives: Counter[str] = Counter()
    names: list[str] = []
    links: Counter[str] = Counter()
    installed: set[str] = set()
    for text in pages:
        if "[[autodoc]]" not in text and "[`" not in text and "pip install" not in text:
            continue
        page = parse_page(text)
        names.extend(autodoc.name.lstrip("~") for autodoc in find_autodoc(page))
        links.update(
            _head(link["name"])
            for _, line in page.outside_code()
            for link in api_link_matches(line)
            if "." in link["name"]
        )
        installed.update(word for line in _PIP_INSTALL.findall(text) for word in _WORD.findall(line))
    directives.update(_head(name) for name in names)
    unnamed = [name for name in names if not _head(name)]
    accounted = {
        name: _accounted_for(name, directives, unnamed)
        for name in directives
        if name and (name in installed or (_top_level_package(name) and name not in sys.stdlib_module_names))
    }
    # A package the pages install that no directive names by its own name (peft's `tuners.lora.LoraConfig`
    # and `PeftModel`): its modules count only beside unnamed directives its `__init__.py` exports.
    for name in sorted(installed - accounted.keys()):
        if _package_folder(name) is not None:
            count, exported = _accounted_for(name, directives, unnamed)
            if exported:
                accounted[name] = (count, exported)
    candidates = [
        name for name, (count, exported) in accounted.items() if count + exported >= len(unnamed) - exported
    ]
    if not candidates:
        return None
    ranked = sorted(
        candidates, key=lambda name: (name not in installed, -sum(accounted[name]), -links[name], name)
    )
    counts = ", ".join(
        f"{name} ({_said_count(name, directives, accounted)}, {links[name]} links)" for name in ranked
    )
    return Library(ranked[0], f"named by the pages' [[autodoc]] directives: {counts}")


# What the pages install: the rest of a `pip install` line, each word a possible package.
_PIP_INSTALL = re.compile(r"pip3? install([^\n`\"']*)")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _accounted_for(package: str, directives: Counter[str], unnamed: list[str]) -> tuple[int, int]:
    """How many directives document `package`'s objects: those it names or that name one of its modules,
    and the unnamed ones whose name its `__init__.py` holds."""
    folder = _package_folder(package)
    if folder is None:
        return directives[package], 0
    modules = sum(
        count
        for head, count in directives.items()
        if head and head != package and ((folder / head).is_dir() or (folder / f"{head}.py").is_file())
    )
    exported = _exported_words(folder)
    return directives[package] + modules, sum(name.partition(".")[0] in exported for name in unnamed)


def _said_count(name: str, directives: Counter[str], accounted: dict[str, tuple[int, int]]) -> str:
    """`22 directives` or `22 directives, 377 of its modules and exports`."""
    modules, exported = accounted[name]
    more = modules - directives[name] + exported
    return f"{directives[name]} directives" + (f", {more} of its modules and exports" if more else "")


@cache
def _package_folder(name: str) -> Path | None:
    """The folder of installed package `name` (found, not imported); None for a module or none."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None


@cache
def _exported_words(folder: Path) -> frozenset[str]:
    """The words of a package's `__init__.py`: the names it exports, lazily or not, among them."""
    try:
        return frozenset(_WORD.findall((folder / "__init__.py").read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return frozenset()


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
