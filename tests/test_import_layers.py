"""The folders are the architecture: each package of `src/polydocs` imports only the packages of its
layer or of the layers below it (docs/architecture.md, "The parts"). Read from the sources' imports (ast),
those inside functions and under `TYPE_CHECKING` included: a type is an arrow too.

None runs back up today. An arrow that must, for a while, is listed in BACK_ARROWS with why; a new one
fails here, and so does a listed one that is gone (then strike it from the list)."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src" / "polydocs"

# Lowest first. A package may import its own layer and those before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    # shared by all
    (
        "__init__",
        "diagnostics",
        "guide",
        "cache",
        "typed_json",
        "host_versions",
        "transformers_private",  # transformers' adapter: the benchmark's and the stand-ins'
        "worker_processes",  # the forked processes of the site build and of lint
        "baseline_file",
        "converter_versions",  # what a cached page of the site or of lint depends on beyond its text
        "garbage_collection",  # how often a command's process collects
    ),
    ("sources",),  # the site model: pages, languages, settings, the API inventory
    ("dialect",),  # the one parse of a page, one spec per construct
    ("codes",),  # every code: the constructs' own, gathered from their registry, and the others
    ("markup",),  # the site's renderers of the constructs
    ("snippets",),  # the checker: its regions are the code cells of notebooks and lint's parity
    ("notebooks",),
    ("docstrings",),  # the API reference's docstrings, rendered with markup's and notebooks' readers
    ("bench",),  # its tables are rendered by the site and checked by lint; bench runs stand-ins
    ("lint",),
    ("site",),
    ("translate", "init", "ci"),
    ("cli", "__main__"),
)

# (importing module, imported package): why it still runs back up.
BACK_ARROWS: dict[tuple[str, str], str] = {}


def _layer(package: str) -> int:
    return next(index for index, layer in enumerate(LAYERS) if package in layer)


def _imported_packages(path: Path) -> set[str]:
    """The polydocs packages (first name under polydocs) a module imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            dotted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            dotted = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {_package(name.split(".")[1]) for name in dotted if name.startswith("polydocs.")}
    return found


def _package(name: str) -> str:
    """`sources` for `polydocs.sources`; `__init__` for a name of the package itself (`__version__`)."""
    return name if (SOURCE / name).is_dir() or (SOURCE / f"{name}.py").is_file() else "__init__"


def _back_arrows() -> set[tuple[str, str]]:
    arrows = set()
    for path in sorted(SOURCE.rglob("*.py")):
        module = path.relative_to(SOURCE).as_posix()
        package = module.split("/")[0].removesuffix(".py")
        for imported in _imported_packages(path):
            if imported != package and _layer(imported) > _layer(package):
                arrows.add((module, imported))
    return arrows


def test_every_package_has_its_layer() -> None:
    packages = {path.relative_to(SOURCE).parts[0].removesuffix(".py") for path in SOURCE.glob("*")}
    packages -= {"__pycache__", "py.typed"}
    assert sorted(packages - {name for layer in LAYERS for name in layer}) == []


def test_no_import_runs_back_up_but_the_listed_ones() -> None:
    found = _back_arrows()
    new = sorted(found - BACK_ARROWS.keys())
    assert new == [], f"imports that run back up the layers (LAYERS): {new}; import a lower layer instead"
    gone = sorted(BACK_ARROWS.keys() - found)
    assert gone == [], f"arrows listed in BACK_ARROWS that are gone: {gone}; strike them from the list"
