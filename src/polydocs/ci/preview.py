"""A pull request's preview: its built site under `pr-N/` of the pages branch, the comment that links to
it, and its removal when the pull request closes.

What is published is the artifact the pull request's own build uploaded: data from a run that executed
the pull request's code. It is copied as files (no link, no special file, nothing run), and everything
about it that the comment says (the pull request's number, the build's counts and codes) is checked to
be a number or a plain word before it is written. The comment carries a marker so the trusted workflow
updates its own comment instead of adding one per push.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polydocs.ci.pages_branch import PagesBranch, Published, publish
from polydocs.diagnostics import Diagnostic, PolydocsError

COMMENT_MARKER = "<!-- polydocs-preview -->"
_CODE = re.compile(r"[a-z0-9][a-z0-9-]{0,60}")
_LANGUAGE = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_SHOWN_CODES = 5


def preview_folder(pull_request: int) -> str:
    return f"pr-{pull_request}"


def pull_request_number(text: str, origin: str) -> int:
    """The pull request number an artifact claims, refused unless it is one positive decimal number."""
    value = text.strip()
    if not re.fullmatch(r"[1-9][0-9]{0,9}", value):
        raise PolydocsError(
            [
                Diagnostic(
                    origin,
                    1,
                    "publish",
                    f"not a pull request number: {value[:40]!r}",
                    "the build job writes the number of the pull request it built; publish nothing else",
                    "error",
                )
            ]
        )
    return int(value)


def _site_files(site: Path) -> list[Path]:
    """Every file of the built site, refusing what is no plain file or folder (a link could point at
    the runner's files, which the copy would then publish)."""
    if not (site / "index.html").is_file() or site.is_symlink():
        raise PolydocsError(
            [Diagnostic(str(site), 0, "publish", "no built site here (no index.html)", _SITE_HINT, "error")]
        )
    files, odd = [], []
    for path in sorted(site.rglob("*")):
        if path.is_symlink() or not (path.is_file() or path.is_dir()):
            odd.append(path)
        elif path.is_file():
            files.append(path)
    if odd:
        problems = [
            Diagnostic(str(p), 0, "publish", "not a plain file or folder; nothing was published", "", "error")
            for p in odd
        ]
        raise PolydocsError(problems, "the site holds links or special files")
    return files


_SITE_HINT = "pass the folder `polydocs build --out` wrote (the docs-site artifact)"


def _replace_folder(files: list[Path], site: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    for path in files:
        copy = target / path.relative_to(site)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)


def publish_preview(site: Path, pull_request: int, branch: PagesBranch, sha: str = "") -> Published:
    """`site` as `pr-N/` of the pages branch, replacing an earlier preview of the same pull request."""
    files = _site_files(site)
    folder = preview_folder(pull_request)
    message = f"Preview of pull request #{pull_request}" + (f" at {sha[:12]}" if sha else "")
    return publish(branch, message, lambda work: _replace_folder(files, site, work / folder))


def remove_preview(pull_request: int, branch: PagesBranch) -> Published:
    """Remove `pr-N/` from the pages branch (nothing to do when it is not there)."""
    folder = preview_folder(pull_request)

    def change(work: Path) -> None:
        if (work / folder).exists():
            shutil.rmtree(work / folder)

    return publish(branch, f"Remove the preview of pull request #{pull_request} (closed)", change)


def pages_url(configured: str, repository: str) -> str:
    """Where the pages branch is served: the setting, else GitHub Pages' address of `OWNER/REPO`."""
    if configured:
        return configured
    owner, _, name = repository.partition("/")
    if name.lower() == f"{owner.lower()}.github.io":
        return f"https://{owner.lower()}.github.io/"
    return f"https://{owner.lower()}.github.io/{name}/"


@dataclass(frozen=True)
class BuildSummary:
    """What the comment says of the build: pages per language and warnings per code, all checked."""

    pages: dict[str, int]
    codes: dict[str, int]
    failed: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> BuildSummary:
        """The build report (`polydocs build --report-json`), keeping only numbers and plain words."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return cls({}, {}, ())
        data = data if isinstance(data, dict) else {}
        pages = {
            str(lang): count
            for lang, count in _mapping(data.get("pages")).items()
            if _LANGUAGE.fullmatch(str(lang)) and type(count) is int
        }
        codes: dict[str, int] = {}
        diagnostics = data.get("diagnostics")
        for item in diagnostics if isinstance(diagnostics, list) else []:
            code = item.get("code") if isinstance(item, dict) else None
            code = code if isinstance(code, str) and _CODE.fullmatch(code) else "other"
            codes[code] = codes.get(code, 0) + 1
        failed = tuple(str(lang) for lang in _mapping(data.get("failed")) if _LANGUAGE.fullmatch(str(lang)))
        return cls(pages, codes, failed)

    def lines(self) -> list[str]:
        languages = ", ".join(f"{lang} {count}" for lang, count in sorted(self.pages.items()))
        said = [f"Pages built: {languages or 'none'}."]
        if self.failed:
            said.append(f"Languages that failed to build: {', '.join(sorted(self.failed))}.")
        warnings = sum(self.codes.values())
        if warnings:
            shown = sorted(self.codes.items(), key=lambda item: (-item[1], item[0]))[:_SHOWN_CODES]
            codes = ", ".join(f"{count} `{code}`" for code, count in shown)
            said.append(f"Build warnings: {warnings} ({codes}); the build job's log lists each at its line.")
        else:
            said.append("Build warnings: none.")
        return said


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def preview_comment(url: str, summary: BuildSummary, sha: str, run_url: str, built: bool = True) -> str:
    """The comment's Markdown: the preview link (or where the artifact is) and the build's summary."""
    at = f" of `{sha[:12]}`" if re.fullmatch(r"[0-9a-f]{40}", sha) else ""
    run = f"[its run]({run_url})" if re.fullmatch(r"https://[^\s()<>\[\]]+", run_url) else "its run"
    if not built:
        where = f"The documentation of this pull request{at} did not build: {run} says why."
    elif url:
        where = (
            f"The documentation of this pull request{at} is published at **{url}**. "
            "It is updated on every push and removed when the pull request closes."
        )
    else:
        where = f"The documentation of this pull request{at} is the `docs-site` artifact of {run}."
    return "\n\n".join([COMMENT_MARKER, where, " ".join(summary.lines())]) + "\n"
