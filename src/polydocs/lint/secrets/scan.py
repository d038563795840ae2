"""Tokens and keys in pages and tracked files, found by detect-secrets, minus the allowlisted examples.

The allowlist file (`.secrets.allowlist` at the repository root) names deliberate examples, one a line:

    <path glob relative to the repository root>  <sha1 of the secret>  # why it is not a secret

The sha1 is what detect-secrets reports as the secret's hash; each finding prints its ready-made line.
"""

from __future__ import annotations

import fnmatch
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, Severity
from polydocs.lint.secrets.detect import FoundSecret
from polydocs.lint.secrets.kept_findings import findings_cache, secrets_in_files

ALLOWLIST_NAME = ".secrets.allowlist"


@dataclass(frozen=True)
class AllowedSecret:
    pattern: str
    secret_hash: str


@dataclass
class SecretAllowlist:
    """Deliberate examples; `root` is the folder the globs are relative to."""

    root: Path
    entries: list[AllowedSecret]

    def allows(self, path: Path, secret_hash: str) -> bool:
        relative = _relative(path, self.root)
        return any(
            e.secret_hash == secret_hash and fnmatch.fnmatch(relative, e.pattern) for e in self.entries
        )


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def find_repository_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git`."""
    start = start.resolve()
    for candidate in [start, *start.parents]:
        if (candidate / ".git").exists():
            return candidate
    return None


def load_allowlist(root: Path) -> tuple[SecretAllowlist, list[Diagnostic]]:
    """Read `root/.secrets.allowlist` (absent: nothing allowed); malformed lines are findings."""
    path = root / ALLOWLIST_NAME
    entries: list[AllowedSecret] = []
    problems: list[Diagnostic] = []
    if not path.is_file():
        return SecretAllowlist(root, entries), problems
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) != 2 or len(fields[1]) != 40:
            problems.append(
                Diagnostic(
                    str(path),
                    number,
                    "secret-allowlist",
                    "expected `<path glob> <sha1 of the secret>`",
                    "copy the line a `secret` finding prints",
                    "error",
                )
            )
            continue
        if "#" not in raw:
            problems.append(
                Diagnostic(
                    str(path),
                    number,
                    "secret-allowlist",
                    "allowlisted secret without a reason",
                    "end the line with `# why this is not a real secret`",
                    "error",
                )
            )
        entries.append(AllowedSecret(fields[0], fields[1].lower()))
    return SecretAllowlist(root, entries), problems


def tracked_files(root: Path) -> list[Path]:
    """Files git tracks in the repository at `root` (read-only `git ls-files`); empty when git fails."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    names = [name for name in listing.decode("utf-8", "surrogateescape").split("\0") if name]
    return [root / name for name in names if (root / name).is_file()]


def secret_finding(
    path: Path, secret: FoundSecret, allowlist: SecretAllowlist, severity: Severity = "error", where: str = ""
) -> Diagnostic:
    """The finding for one secret, with the allowlist line that would accept it as an example."""
    entry = f"{_relative(path, allowlist.root)} {secret.secret_hash}  # why this is not a secret"
    return Diagnostic(
        str(path),
        secret.line,
        "secret",
        f"possible {secret.kind}{where}",
        f"remove it (and revoke it if it is real); if it is a deliberate example, "
        f"add `{entry}` to {ALLOWLIST_NAME}",
        severity,
    )


def scan_for_secrets(
    paths: Iterable[Path], allowlist: SecretAllowlist, texts: Mapping[Path, str] | None = None
) -> list[Diagnostic]:
    """One `secret` finding per secret detect-secrets sees in `paths`, unless the allowlist names it.
    Pages are scanned by their distinct lines (`distinct_lines`), other files whole; what was found in the
    same content before is read from the cache (`kept_findings`). `texts`: pages already read."""
    return [
        secret_finding(path, secret, allowlist)
        for path, secrets in secrets_in_files(paths, findings_cache(), texts).items()
        for secret in secrets
        if not allowlist.allows(path, secret.secret_hash)
    ]
