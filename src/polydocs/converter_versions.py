"""What every converted page depends on beyond its text: polydocs' own code and the converters' versions.

A change of either makes every cached conversion stale (`site/page_cache.py`), every language record
(`site/language_manifest.py`), every tree's mark of having been converted (`site/converted_trees.py`) and
every page lint kept (`lint/kept_pages.py`): shared by the site and lint, so it sits below both.
Imports no MkDocs: the build's process reads it before it forks its side process.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import version
from pathlib import Path

import polydocs

# Bump when a converted page or what goes into it changes: old entries then simply stop matching.
CACHE_FORMAT = "8"
# A converted page depends on these as much as on its text (an autodoc page on the last four).
_CONVERTERS = (
    "markdown",
    "pymdown-extensions",
    "mkdocs",
    "pygments",
    "hf-doc-builder",
    "mkdocstrings",
    "mkdocstrings-python",
    "mkdocs-autorefs",
    "griffelib",
    # The formulas' MathML (dialect/constructs/math.py).
    "latex2mathml",
)


def own_code_digest() -> str:
    """polydocs' own Python sources and the API reference's templates (`docstrings/templates`): an
    editable install changes them without changing its version."""
    package = Path(polydocs.__file__).parent
    digest = hashlib.sha256()
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.jinja")]):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_CONVERTER_VERSIONS = "|".join([CACHE_FORMAT, own_code_digest(), *(version(name) for name in _CONVERTERS)])


def converter_versions() -> str:
    """polydocs' code and the converters' versions: what every converted page depends on."""
    return _CONVERTER_VERSIONS
