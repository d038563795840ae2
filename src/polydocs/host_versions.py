"""The versions of other libraries that polydocs' private-API adapters were written for, checked at import.

polydocs reaches into a few private parts of MkDocs, mkdocstrings, autorefs and transformers (each listed
in docs/dependencies.md, "Private parts"). Such parts change without notice in any release, so each
adapter module (`site/engine/*_private.py`, `transformers_private.py`) states the versions it was
written and tested for and calls `require_version` when it is imported: on any other version polydocs
stops at once, naming the package, its version and what to do, instead of building a subtly wrong site.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import metadata


class UnsupportedHostVersion(ImportError):
    """An adapter to a library's private parts meets a version of it that it was not written for."""


@dataclass(frozen=True)
class VersionRange:
    """Releases from `lowest` (included) up to `below` (excluded), compared by their numbers: "1.6.1" up
    to "1.7" holds 1.6.1 and 1.6.9, not 1.7.0 or 1.6.0; a pre-release counts as its release."""

    lowest: str
    below: str

    def __contains__(self, version: str) -> bool:
        return _numbers(self.lowest) <= _numbers(version) < _numbers(self.below)

    def __str__(self) -> str:
        return f">={self.lowest},<{self.below}"


def _numbers(version: str) -> tuple[int, ...]:
    match = re.match(r"\d+(?:\.\d+)*", version)
    if match is None:
        raise ValueError(f"not a release number: {version!r}")
    return tuple(int(part) for part in match.group().split("."))


def installed_version(distribution: str) -> str:
    """The installed version of `distribution` (a package's name on PyPI)."""
    return metadata.version(distribution)


def require_version(distribution: str, written_for: VersionRange, adapter: str) -> str:
    """The installed version of `distribution`, if it lies in `written_for`; else `UnsupportedHostVersion`.
    `adapter` names the module that needs the range."""
    try:
        version = installed_version(distribution)
    except metadata.PackageNotFoundError as error:
        raise UnsupportedHostVersion(
            f"{adapter}: {distribution} is not installed; polydocs needs {distribution}{written_for} "
            f"(pip install -c constraints.txt -e . installs the tested version)"
        ) from error
    if version not in written_for:
        raise UnsupportedHostVersion(
            f"{adapter}: {distribution} {version} is installed, but this module uses private parts of "
            f"{distribution} written for {distribution}{written_for} only, which may have changed. "
            f"Install a version in that range (pip install '{distribution}{written_for}', or "
            f"pip install -c constraints.txt for the tested one), or, porting polydocs to {version}, check "
            f"each use in {adapter} against that release and widen the range there."
        )
    return version
