"""Where an object's source is: its line, its file in the installed library, its page in the repository.

The repository link is `source_url` of `polydocs.yml` (the base the module's path is appended to), else made
as doc-builder makes it from the package's metadata: its GitHub home page, `blob/v<version>/src/` for a
release (`blob/main/src/` for a development version, which has no tag).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
from pathlib import Path

from griffe import Object

from polydocs.guide import release_ref

_GITHUB = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+$")
_URL_KEYS = ("source", "repository", "source code", "code", "homepage", "home")


def source_base(package: str, configured: str = "") -> str:
    """The URL the module paths of `package` are appended to; empty when neither says one."""
    if configured:
        return configured if configured.endswith("/") else configured + "/"
    try:
        metadata = importlib.metadata.metadata(package)
    except importlib.metadata.PackageNotFoundError:
        return ""
    candidates = [metadata["Home-page"] or ""]
    for entry in metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() in _URL_KEYS:
            candidates.append(url.strip())
    repository = next(
        (
            url.rstrip("/").removesuffix(".git")
            for url in candidates
            if _GITHUB.match(url.rstrip("/").removesuffix(".git"))
        ),
        "",
    )
    if not repository:
        return ""
    return f"{repository}/blob/{release_ref(metadata['Version'] or '')}/src/"


def source_line(obj: Object) -> int | None:
    """The line doc-builder links to, `inspect.getsourcelines`' first: a decorated class's or function's
    first decorator (`@dataclass` above `class DataLoaderConfiguration`), else its `class`/`def` line.
    griffe's `lineno` is that line."""
    return obj.lineno


def installed_file(obj: Object) -> Path | None:
    """The file of the installed package that defines `obj`, also when mkdocstrings read a copy of it."""
    filepath = obj.filepath if not isinstance(obj.filepath, list) else None
    top = obj.package.filepath
    if filepath is None or not isinstance(top, Path):
        return None
    try:
        spec = importlib.util.find_spec(obj.package.name)
    except (ImportError, ValueError):
        spec = None
    locations = spec.submodule_search_locations if spec else None
    if not locations:
        return filepath
    try:
        return Path(next(iter(locations))) / filepath.relative_to(top.parent)
    except ValueError:
        return filepath
