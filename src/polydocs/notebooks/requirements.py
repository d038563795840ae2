"""What a notebook installs first: the packages its code imports, pinned to the versions the pages are
checked with."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib import metadata

from polydocs.sources.installed_packages import distributions_by_module

# The versions the snippet checker proves the pages with: those constraints.txt records for the `check`
# extra (a test keeps the two equal). Notebooks pin the same ones, so a reader runs what was checked.
CHECKED_VERSIONS: dict[str, str] = {
    "torch": "2.13.0",
    "transformers": "5.23.0",
    "accelerate": "1.15.0",
    "safetensors": "0.8.0",
}

# Names in the code that make Transformers load a package the code never imports itself.
_NEEDED_BY_NAME: dict[str, str] = {
    "device_map": "accelerate",  # `from_pretrained(..., device_map="auto")`
    "Trainer": "accelerate",
    "TrainingArguments": "accelerate",
}

# Blanks of the line only (`^\s*` read every blank line below each line start again: quadratic).
_IMPORT_LINE = re.compile(r"^[^\S\n]*+(?:from|import)[^\S\n]++(?P<module>[A-Za-z_]\w*)", re.MULTILINE)


# Translations keep English's code: a language process reads the same blocks in several notebooks.
@lru_cache(maxsize=4096)
def _imported_modules(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """The top-level modules `code` imports and the names it uses (best effort when it does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        imported = frozenset(m["module"] for m in _IMPORT_LINE.finditer(code))
        return imported, frozenset(re.findall(r"\w+", code))
    modules: set[str] = set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module.split(".")[0])
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
    return frozenset(modules), frozenset(names)


def preload() -> None:
    """Map installed modules to their distributions now (0.43 s; once per process otherwise)."""
    distributions_by_module()


def preload_for(texts: Iterable[str]) -> None:
    """Map installed modules to their distributions now if a page of `texts` has a line importing a
    module that no distribution of its own name installs (`PIL`, from `pillow`): e.g. once before
    forking the language processes, each of which would map them for its first such notebook. Only
    where that happens depends on this reading of the lines: a module missed here is mapped there."""
    modules = {match["module"] for text in texts for match in _IMPORT_LINE.finditer(text)}
    if any(_installed_under_another_name(module) for module in modules):
        distributions_by_module()


def _installed_under_another_name(module: str) -> bool:
    """Whether `_requirement` needs the map for `module` (not installed under its own name)."""
    if module in sys.stdlib_module_names or module in CHECKED_VERSIONS or module == "__future__":
        return False
    return _installed_version(module) is None


def _requirement(module: str) -> str:
    """`name==version` for a module outside the checked set: its installed distribution, else its name.

    Most modules are installed by the distribution of the same name (`datasets`); only the others
    (`PIL` from `pillow`) need the map of every installed distribution's files, which takes 0.43 s.
    """
    version = _installed_version(module)
    if version is not None:
        return f"{module}=={version}"
    distribution = next(iter(distributions_by_module().get(module, [])), module)
    version = _installed_version(distribution)
    return f"{distribution}=={version}" if version is not None else distribution


@cache
def _installed_version(distribution: str) -> str | None:
    """The installed version, read once per process (each reading looks through every folder of the
    path, about a millisecond): a package upgraded while `polydocs serve` runs is pinned at its old
    version until the server restarts, as in the notebooks the conversion cache keeps."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def page_requirements(codes: Iterable[str], verified: Mapping[str, str] | None = None) -> list[str]:
    """Pinned requirements (`torch==2.13.0`) for the code of a page, checked packages first; `verified`:
    the versions of the run the page's badges name (`Evidence.page_versions`), which win over the
    checked ones, so that the notebook installs the torch its badges say."""
    modules: set[str] = set()
    names: set[str] = set()
    for code in codes:
        found_modules, found_names = _imported_modules(code)
        modules |= found_modules
        names |= found_names
    if "transformers" in modules:
        modules.update(package for name, package in _NEEDED_BY_NAME.items() if name in names)
    third_party = {m for m in modules if m not in sys.stdlib_module_names and m != "__future__"}
    # A local version label (`2.11.0+cu130`, the wheel's CUDA build) is no version an index serves.
    pinned = {**CHECKED_VERSIONS, **{name: v.split("+", 1)[0] for name, v in (verified or {}).items()}}
    checked = [f"{name}=={version}" for name, version in pinned.items() if name in third_party]
    others = sorted(_requirement(module) for module in third_party - set(CHECKED_VERSIONS))
    return [*checked, *others]


def install_command(requirements: list[str]) -> str:
    """The first cell of a notebook: `%pip` installs into the kernel the notebook runs on."""
    return "%pip install " + " ".join(requirements)
