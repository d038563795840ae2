"""Versioned outputs (`polydocs build --version v1.2 [--alias latest] [--default]`): each version is a
whole site under `OUT/<version>/`, the others kept; `OUT/versions.json` lists them as mike writes it and
Material's version selector reads it (`version`, `title`, `aliases`, and `properties`, where polydocs
notes which version is the default); an alias is a copy of its version's folder; `OUT/index.html` sends
readers to the default version.

Each version also writes `<version>/pages.json` (its page URLs by language), which the version selector
and the old-version banner read to lead to the same page in the same language, else that language's
home, else the version's home: never to a page the version does not have.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.site.content_policy import NOTHING_ALLOWED, policy_meta

VERSIONS_FILE = "versions.json"
PAGES_FILE = "pages.json"
ROOT_PAGE = "index.html"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")
# The files beside the version folders: a version or alias of one of these names would be written over
# them, or they over it (`--version versions.json` ended in IsADirectoryError). 404.html is an unversioned
# root's, which a versioned build may replace. Compared without case: one file on a case-insensitive disk.
_ROOT_FILES = frozenset(name.casefold() for name in (VERSIONS_FILE, ROOT_PAGE, "404.html"))


@dataclass(frozen=True)
class VersionRequest:
    """What `--version`, `--alias` and `--default` ask for."""

    name: str
    aliases: tuple[str, ...] = ()
    default: bool = False

    def check(self) -> None:
        for name in (self.name, *self.aliases):
            if not _NAME.match(name) or name in (".", ".."):
                raise _refused(f"`{name}` cannot name a version folder", "use letters, digits and . _ + -")
            if name.casefold() in _ROOT_FILES:
                raise _refused(
                    f"`{name}` is a file the versioned output's root holds, not a version folder",
                    "name the version like `v1.2`, `main` or `latest`",
                )
        if self.name in self.aliases:
            raise _refused(f"`{self.name}` cannot be an alias of itself", "name another alias")


@dataclass
class SiteVersions:
    """The versions of an output as `versions.json` lists them (newest built first), and their pages."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    pages: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    @property
    def default(self) -> str | None:
        marked = [e["version"] for e in self.entries if e.get("properties", {}).get("default")]
        return marked[0] if marked else None

    def names(self) -> list[str]:
        return [entry["version"] for entry in self.entries]

    def aliases(self) -> list[str]:
        return [alias for entry in self.entries for alias in entry["aliases"]]

    def with_version(self, request: VersionRequest) -> SiteVersions:
        """The list with `request` built: first, its aliases taken from any other version, and the
        default where it asks to be (or where no version is the default yet)."""
        others = [
            {**entry, "aliases": [a for a in entry["aliases"] if a not in request.aliases]}
            for entry in self.entries
            if entry["version"] != request.name
        ]
        clash = [entry["version"] for entry in others if entry["version"] in request.aliases]
        if clash:
            raise _refused(f"--alias {clash[0]} is the name of a version", "choose another alias")
        previous = next((e for e in self.entries if e["version"] == request.name), None)
        default = request.default or self.default in (None, request.name)
        entry: dict[str, Any] = {
            "version": request.name,
            "title": request.name,
            "aliases": sorted({*request.aliases, *(previous["aliases"] if previous else [])}),
            "properties": {"default": default},
        }
        if default:
            others = [{**e, "properties": {**e.get("properties", {}), "default": False}} for e in others]
        return SiteVersions([entry, *others], dict(self.pages))

    def to_template(self, current: str, lang: str) -> dict[str, Any]:
        """What the theme's version selector and banner read (`config.extra.polydocs_versions`)."""
        return {
            "current": current,
            "default": self.default,
            "lang": lang,
            "list": [{"version": e["version"], "title": e["title"]} for e in self.entries],
            # Per version: this language's page URLs (as keys, for the template's `in`), and its languages.
            "pages": {
                name: dict.fromkeys(by_lang.get(lang, []), True) for name, by_lang in self.pages.items()
            },
            "languages": {name: sorted(by_lang) for name, by_lang in self.pages.items()},
        }


def read_versions(out: Path) -> SiteVersions:
    """The versions an output holds now (none for an output without `versions.json`)."""
    path = out / VERSIONS_FILE
    if not path.is_file():
        return SiteVersions()
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
        valid = [e for e in entries if isinstance(e, dict) and _names_a_folder(str(e.get("version", "")))]
    except (ValueError, TypeError):
        raise _refused(f"{path} is not a versions list", "delete it to start the list again") from None
    for entry in valid:
        entry.setdefault("title", entry["version"])
        entry["aliases"] = [a for a in entry.get("aliases", []) if isinstance(a, str) and _names_a_folder(a)]
    pages = {entry["version"]: _read_pages(out / entry["version"]) for entry in valid}
    return SiteVersions(valid, pages)


def page_urls(site: Path) -> dict[str, list[str]]:
    """Every page URL of each language folder of one version's site (`graph_breaks/`, `` for the home)."""
    found: dict[str, list[str]] = {}
    for lang in sorted(entry for entry in site.iterdir() if (entry / "index.html").is_file()):
        urls = [index.parent.relative_to(lang).as_posix() for index in lang.rglob("index.html")]
        found[lang.name] = sorted("" if url == "." else f"{url}/" for url in urls)
    return found


def publish_version(staging: Path, request: VersionRequest, versions: SiteVersions) -> list[str]:
    """Finish the staged version folder: its `pages.json`, the alias copies, `versions.json` and the root
    page. Returns the top-level names written, so the other versions are carried over as they are."""
    site = staging / request.name
    pages = page_urls(site)
    (site / PAGES_FILE).write_text(json.dumps(pages, indent=1) + "\n", encoding="utf-8")
    versions.pages[request.name] = pages
    for alias in request.aliases:
        shutil.copytree(site, staging / alias, symlinks=True, copy_function=_link_or_copy)
    listed = [
        {key: e[key] for key in ("version", "title", "aliases", "properties")} for e in versions.entries
    ]
    (staging / VERSIONS_FILE).write_text(json.dumps(listed, indent=1) + "\n", encoding="utf-8")
    (staging / ROOT_PAGE).write_text(_root_redirect(versions.default or request.name), encoding="utf-8")
    return [request.name, *request.aliases, VERSIONS_FILE, ROOT_PAGE]


def carry_over_version(out: Path, staging: Path, request: VersionRequest, written: list[str]) -> None:
    """With `--lang`, the version's other languages are kept from its current folder."""
    current = out / request.name
    if not current.is_dir():
        return
    for entry in current.iterdir():
        target = staging / request.name / entry.name
        if entry.name not in written and not os.path.lexists(target):
            if entry.is_dir():
                shutil.copytree(entry, target, symlinks=True, copy_function=_link_or_copy)
            else:
                _link_or_copy(entry, target)


def _read_pages(site: Path) -> dict[str, list[str]]:
    path = site / PAGES_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return page_urls(site) if site.is_dir() else {}
    return {str(lang): [str(url) for url in urls] for lang, urls in data.items() if isinstance(urls, list)}


def _names_a_folder(name: str) -> bool:
    """Whether `name` may be a version folder of the output (`VersionRequest.check` says why not)."""
    return bool(_NAME.match(name)) and name not in (".", "..") and name.casefold() not in _ROOT_FILES


def _root_redirect(default: str) -> str:
    target = html.escape(f"{default}/", quote=True)
    return (
        '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n'
        f"{policy_meta(NOTHING_ALLOWED)}\n"
        f'<meta http-equiv="refresh" content="0; url={target}">\n<title>Redirecting</title>\n</head>\n'
        f'<body><a href="{target}">{html.escape(default)}</a></body>\n</html>\n'
    )


def _link_or_copy(source: str | Path, target: str | Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _refused(message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic("--version", 0, "version", message, hint, "error")])
