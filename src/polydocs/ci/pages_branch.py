"""Publishing to the branch GitHub Pages serves (`gh-pages`): fetch its tip, change one part of its files
(a `pr-N/` folder, a version), commit, push; when another publish pushed first, start again from the new
tip, so that two publishes of different parts never undo each other.

The files are checked out into a folder of their own, its git data beside it, so that a build writing
into that folder sees only the site. The token (`GITHUB_TOKEN` in a workflow) reaches git as an HTTP
header through git's environment, for its commands alone: it is never written into a git config, a
remote URL or a command line.
"""

from __future__ import annotations

import base64
import os
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError

# A publish pushed between our fetch and our push is the only reason to try again; three rounds are
# more than two workflows finishing within seconds of each other need.
ATTEMPTS = 3
# The author GitHub shows for commits of a workflow's GITHUB_TOKEN.
_IDENTITY = ("github-actions[bot]", "41898282+github-actions[bot]@users.noreply.github.com")
# Pages would run Jekyll over the branch, which drops folders starting with `_`.
NO_JEKYLL = ".nojekyll"


@dataclass(frozen=True)
class PagesBranch:
    """A branch of a repository (a URL, or a path for a local bare repository) and how to reach it."""

    remote: str
    branch: str
    token: str = ""
    # What to check when git cannot fetch or push, said with its error.
    access_hint: str = (
        "check that the remote exists and that the workflow's token may push (permissions: contents: write)"
    )

    def environment(self) -> dict[str, str]:
        """git's environment: the token as an HTTP header for https remotes, no prompt for a password."""
        env = {**os.environ, "GIT_TERMINAL_PROMPT": "0"}
        if self.token and self.remote.startswith("https://"):
            basic = base64.b64encode(f"x-access-token:{self.token}".encode()).decode()
            count = int(env.get("GIT_CONFIG_COUNT", "0") or 0)
            env.update(
                {
                    "GIT_CONFIG_COUNT": str(count + 1),
                    f"GIT_CONFIG_KEY_{count}": "http.extraheader",
                    f"GIT_CONFIG_VALUE_{count}": f"AUTHORIZATION: basic {basic}",
                }
            )
        return env


@dataclass(frozen=True)
class Published:
    """What a publish did: `pushed` (its commit) or `unchanged` (nothing to commit)."""

    action: str
    commit: str = ""


class _Rejected(Exception):
    """The push was refused because the branch moved: start again from its new tip."""


def _git(branch: PagesBranch, git_dir: Path, work: Path, *arguments: str) -> str:
    command = ["git", f"--git-dir={git_dir}", f"--work-tree={work}", *arguments]
    done = subprocess.run(command, env=branch.environment(), capture_output=True, text=True)
    if done.returncode != 0:
        raise _GitFailed(arguments[0], done.stderr.strip() or done.stdout.strip())
    return done.stdout.strip()


class _GitFailed(Exception):
    def __init__(self, what: str, output: str) -> None:
        super().__init__(f"git {what}: {output}")
        self.output = output


def _refused(branch: PagesBranch, message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic(branch.remote, 0, "publish", message, hint, "error")])


def _checkout(branch: PagesBranch, git_dir: Path, work: Path) -> bool:
    """The branch's tip into `work` (True), or an empty orphan branch when it does not exist (False)."""
    _git(branch, git_dir, work, "init", "-q")
    heads = _git(branch, git_dir, work, "ls-remote", "--heads", branch.remote, branch.branch)
    if not heads:
        _git(branch, git_dir, work, "checkout", "-q", "--orphan", branch.branch)
        return False
    _git(branch, git_dir, work, "fetch", "-q", "--depth=1", branch.remote, f"refs/heads/{branch.branch}")
    _git(branch, git_dir, work, "checkout", "-q", "-B", branch.branch, "FETCH_HEAD")
    return True


def _commit_and_push(branch: PagesBranch, git_dir: Path, work: Path, message: str, served: bool) -> Published:
    if served:
        (work / NO_JEKYLL).touch()
    _git(branch, git_dir, work, "add", "-A", ".")
    if not _git(branch, git_dir, work, "status", "--porcelain"):
        return Published("unchanged")
    name, email = _IDENTITY
    identity = ("-c", f"user.name={name}", "-c", f"user.email={email}")
    _git(branch, git_dir, work, *identity, "commit", "-q", "-m", message)
    commit = _git(branch, git_dir, work, "rev-parse", "HEAD")
    try:
        _git(branch, git_dir, work, "push", "-q", branch.remote, f"HEAD:refs/heads/{branch.branch}")
    except _GitFailed as failed:
        if (
            "rejected" in failed.output
            or "fetch first" in failed.output
            or "non-fast-forward" in failed.output
        ):
            raise _Rejected from failed
        raise
    return Published("pushed", commit)


def publish(
    branch: PagesBranch, message: str, change: Callable[[Path], None], served: bool = True
) -> Published:
    """Apply `change` to the branch's files (a folder holding only them) and push the result; raises
    PolydocsError when git fails or the branch kept moving. A branch GitHub Pages serves (`served`)
    gets `.nojekyll`; another (the notebooks') is left as `change` makes it."""
    for _ in range(ATTEMPTS):
        with tempfile.TemporaryDirectory(prefix="polydocs-pages-") as scratch:
            git_dir, work = Path(scratch) / "git", Path(scratch) / "site"
            work.mkdir()
            try:
                _checkout(branch, git_dir, work)
                change(work)
                return _commit_and_push(branch, git_dir, work, message, served)
            except _Rejected:
                continue
            except _GitFailed as failed:
                raise _refused(branch, f"{failed} (branch {branch.branch})", branch.access_hint) from None
    raise _refused(
        branch,
        f"branch {branch.branch} moved {ATTEMPTS} times while publishing; nothing was pushed",
        "run the workflow again",
    )
