"""Where an installed package's modules are, found from its import spec without importing it: the
autodoc slice (site/autodoc_sources.py) and the links' import chains (markup/object_paths.py) read them."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def package_dir(package: str) -> Path | None:
    """The installed package's folder, None when it is not installed (or is a single module)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    locations = spec.submodule_search_locations if spec else None
    return Path(next(iter(locations))) if locations else None


def module_file(root: Path, module: str) -> Path | None:
    """`transformers.trainer` → `<root>/trainer.py` (or its package's `__init__.py`)."""
    parts = module.split(".")[1:]
    as_file = root.joinpath(*parts[:-1], parts[-1] + ".py") if parts else None
    as_package = root.joinpath(*parts, "__init__.py")
    return next((path for path in (as_file, as_package) if path and path.is_file()), None)
