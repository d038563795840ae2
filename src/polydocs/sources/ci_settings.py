"""`ci:` of polydocs.yml: what the workflows `polydocs init` writes read at run time (system packages, a
command before the library is installed, where previews and versions are published), validated once,
each problem at its own line.

The values reach a shell only through `polydocs ci hooks` (packages one per line, each a Debian package
name; the pre-command written to a file that bash runs): never as `${{ }}` inside a workflow's `run:`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from polydocs.diagnostics import Diagnostic
from polydocs.guide import guide_url

# Debian policy's package name, and apt's `name=version` pin: nothing a shell or apt reads as an option.
_DEBIAN_PACKAGE = re.compile(r"[a-z0-9][a-z0-9+.-]+(=[A-Za-z0-9.+~:-]+)?")
# A git branch name without anything git or a shell reads specially (no `..`, no leading `-`).
_BRANCH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,99}")
DEFAULT_PAGES_BRANCH = "gh-pages"
DEFAULT_NOTEBOOKS_BRANCH = "main"
# A GitHub repository, `OWNER/NAME`.
_REPOSITORY = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9_.-]{1,100}")
# A folder of plain names (`diffusers_doc`, `docs/diffusers`): none starting with `.` or `-`.
_FOLDER = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)*")


@dataclass(frozen=True)
class CiSettings:
    """The `ci:` mapping of polydocs.yml; every key optional."""

    # Debian packages the jobs install before the documented library (doc-builder's `install_libgl1`).
    system_packages: tuple[str, ...] = ()
    # A shell command run before the documented library is installed (doc-builder's `pre_command`).
    pre_command: str = ""
    # The branch previews (`pr-N/`) and versions are published to, served by GitHub Pages.
    pages_branch: str = DEFAULT_PAGES_BRANCH
    # Where that branch is served; empty: https://OWNER.github.io/REPOSITORY/.
    pages_url: str = ""
    # Whose pull requests' sites are published under `pr-N/` (PREVIEWS); the others' comment names the
    # artifact. A fork's site is what its own, unreviewed build produced, script included.
    preview: str = "same-repository"
    # The repository the default branch's deploy pushes the built notebooks to (`OWNER/NAME` on the
    # workflow's GitHub), as doc-builder pushes them to a notebooks repository; empty: none is pushed.
    notebooks_repository: str = ""
    # Its branch, and the folder of it that holds this tree's notebooks (`<lang>/<page>.ipynb`), which the
    # push replaces as a whole: required with a repository, so that no push replaces the whole branch.
    notebooks_branch: str = DEFAULT_NOTEBOOKS_BRANCH
    notebooks_folder: str = ""


def _packages(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) and _DEBIAN_PACKAGE.fullmatch(v) for v in value):
        return None
    return "expected a list of Debian package names, e.g. [libgl1, ffmpeg]"


def _command(value: Any) -> str | None:
    if isinstance(value, str) and "\0" not in value:
        return None
    return 'expected one shell command as text, e.g. "pip install -r docs/requirements.txt"'


def _branch(value: Any) -> str | None:
    if isinstance(value, str) and _BRANCH.fullmatch(value) and ".." not in value:
        return None
    return "expected a branch name of letters, digits and `_./-`, e.g. gh-pages"


def _url(value: Any) -> str | None:
    if isinstance(value, str) and re.fullmatch(r"https://[^\s\"'<>`]+/", value):
        return None
    return "expected an https:// address ending in /, e.g. https://docs.example.org/"


def _repository(value: Any) -> str | None:
    if isinstance(value, str) and _REPOSITORY.fullmatch(value) and not value.endswith((".", ".git")):
        return None
    return "expected a GitHub repository as OWNER/NAME, e.g. huggingface/notebooks"


def _folder(value: Any) -> str | None:
    if isinstance(value, str) and _FOLDER.fullmatch(value) and ".." not in value:
        return None
    return "expected a folder of the notebooks repository, of plain names, e.g. diffusers_doc"


# `true` reads as the safe "on"; a fork's site is published only where `all` says so.
PREVIEWS = {"same-repository": "same-repository", "all": "all", True: "same-repository", False: "off"}


def _preview(value: Any) -> str | None:
    if isinstance(value, (bool, str)) and value in PREVIEWS:
        return None
    return "expected same-repository (the default), all (forks' pull requests too) or false"


_KEYS = {
    "system_packages": _packages,
    "pre_command": _command,
    "pages_branch": _branch,
    "pages_url": _url,
    "preview": _preview,
    "notebooks_repository": _repository,
    "notebooks_branch": _branch,
    "notebooks_folder": _folder,
}


def ci_problems(value: Any, node: yaml.Node | None, path: Path, line: int) -> list[Diagnostic]:
    """What is wrong with `ci:` (read from `node`, whose key is at `line`), each at its key's line."""
    if not isinstance(value, dict) or not isinstance(node, yaml.MappingNode):
        return [Diagnostic(str(path), line, "config", "`ci` expects a mapping", _hint(), "error")]
    lines = {key.value: key.start_mark.line + 1 for key, _ in node.value}
    problems = []
    for key, item in value.items():
        check = _KEYS.get(key)
        problem = f"unknown setting `ci.{key}`" if check is None else check(item)
        if problem:
            where = lines.get(key, line)
            problems.append(Diagnostic(str(path), where, "config", problem, _hint(), "error"))
    if value.get("notebooks_repository") and not value.get("notebooks_folder"):
        where = lines.get("notebooks_repository", line)
        problem = "`ci.notebooks_repository` needs `ci.notebooks_folder`, the folder the push replaces"
        problems.append(Diagnostic(str(path), where, "config", problem, _hint(), "error"))
    return problems


def _hint() -> str:
    return f"`ci:` takes {', '.join(_KEYS)} ({guide_url('ci.md', 'Settings the workflows read')})"


def ci_settings(value: dict[str, Any] | None) -> CiSettings:
    """The settings of a validated `ci:` mapping (None: the defaults)."""
    value = dict(value or {})
    if "system_packages" in value:
        value["system_packages"] = tuple(value["system_packages"])
    if "preview" in value:
        value["preview"] = PREVIEWS[value["preview"]]
    return CiSettings(**value)
