"""The versioned deploy: a pushed ref built as its version into the pages branch, beside the versions
(and previews) already there, with `polydocs build --version` (docs/versions.md).

Which version a ref is, in one rule: the default branch and every other pushed branch are the version of
their name (`main`, `v4.40-release`: docs.yml's `push:` filter says which branches deploy); a tag is the
version of its name, and a final release tag (`v1.2.3`) that is the newest release published also takes
the `latest` alias and becomes the default version readers land on. A tag of an older line (`v1.0.4`
after `v2.0.0`) is published without moving `latest`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.ci.pages_branch import PagesBranch, Published, publish
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.site.versions import VERSIONS_FILE, VersionRequest

LATEST = "latest"
# A final release: v1, v1.2 or v1.2.3 (no rc, dev or post part).
_RELEASE = re.compile(r"v?(\d+)(?:\.(\d+))?(?:\.(\d+))?")


@dataclass(frozen=True)
class Deployment:
    """A ref's version, and whether it moves `latest` and the default (decided against the branch)."""

    ref: str
    version: str
    release: tuple[int, int, int] | None

    def request(self, published: list[str]) -> VersionRequest:
        """What `polydocs build` is asked for, given the versions the pages branch already has."""
        newest = self.release is not None and all(
            self.release >= release for name in published if (release := _release(name)) is not None
        )
        return VersionRequest(self.version, (LATEST,) if newest else (), newest)


def _release(name: str) -> tuple[int, int, int] | None:
    match = _RELEASE.fullmatch(name)
    return (int(match[1]), int(match[2] or 0), int(match[3] or 0)) if match else None


def deployment_of(ref: str) -> Deployment:
    """The version a pushed ref (`refs/heads/main`, `refs/tags/v1.2.3`) is built as."""
    kind, _, name = ref.removeprefix("refs/").partition("/")
    if kind not in ("heads", "tags") or not name:
        raise _refused(ref, "is neither a branch nor a tag", "deploy runs on a push (docs.yml's `push:`)")
    version = name.replace("/", "-")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._+-]*", version) or version == LATEST:
        raise _refused(
            ref,
            f"{name!r} is no version name (letters, digits and `._+-`, not `{LATEST}`)",
            "rename the branch or tag, or leave it out of docs.yml's `push:` filter",
        )
    return Deployment(ref, version, _release(version) if kind == "tags" else None)


def _refused(ref: str, message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic(ref, 0, "deploy", f"{ref} {message}", hint, "error")])


def published_versions(site: Path) -> list[str]:
    """The versions `versions.json` of a pages branch lists (none when it has none, or is not ours)."""
    try:
        entries = json.loads((site / VERSIONS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(entries, list):
        return []
    return [e["version"] for e in entries if isinstance(e, dict) and isinstance(e.get("version"), str)]


def deploy(
    deployment: Deployment,
    branch: PagesBranch,
    build: Callable[[Path, VersionRequest], None],
    sha: str = "",
) -> tuple[Published, VersionRequest]:
    """Build `deployment` into the pages branch with `build(out, request)` and push it."""
    asked: list[VersionRequest] = []

    def change(work: Path) -> None:
        request = deployment.request(published_versions(work))
        asked.append(request)
        build(work, request)

    message = f"Deploy {deployment.version}" + (f" ({sha[:12]})" if sha else "")
    published = publish(branch, message, change)
    return published, asked[-1]
