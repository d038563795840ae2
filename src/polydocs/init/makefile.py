"""The Makefile targets `polydocs init` adds: one marked block, appended to a Makefile of the
project's own only with `--force`, never mixed with targets of the same names."""

from __future__ import annotations

import re

BEGIN = "# >>> polydocs init"
END = "# <<< polydocs init"
TARGETS = ("docs", "serve", "docs-check", "docs-lint")
# `docs:` or `docs serve:` starts a rule; `docs := …` and `docs ?= …` set a variable.
_RULE = re.compile(r"^([^\s:#=][^:#=]*?)\s*::?(?![=])", re.MULTILINE)
_BLOCK = re.compile(rf"^{re.escape(BEGIN)}.*?^{re.escape(END)}\n?", re.MULTILINE | re.DOTALL)


class MakefileConflict(Exception):
    """Why the block cannot go into the Makefile (the message), and whether `--force` would help."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def _defined_targets(text: str) -> list[str]:
    names = {name for match in _RULE.finditer(text) for name in match[1].split()}
    return [target for target in TARGETS if target in names]


def merged_makefile(existing: str | None, block: str, force: bool) -> tuple[str, str]:
    """The Makefile's new text and what was done (`created`, `unchanged`, `replaced`, `appended`);
    raises MakefileConflict where nothing may be written."""
    if existing is None:
        return block, "created"
    if block in existing:
        return existing, "unchanged"
    current = _BLOCK.search(existing)
    outside = _BLOCK.sub("", existing) if current else existing
    if taken := _defined_targets(outside):
        raise MakefileConflict(
            f"the Makefile already has target(s) {', '.join(taken)}",
            "rename or remove them (or add the polydocs commands to them by hand), then run init again",
        )
    if current:
        if not force:
            raise MakefileConflict(
                "the Makefile's polydocs block differs from what init writes",
                "--force rewrites that block (and nothing else of the Makefile)",
            )
        return existing[: current.start()] + block + existing[current.end() :], "replaced"
    if not force:
        raise MakefileConflict(
            "a Makefile exists",
            f"--force appends the targets {', '.join(TARGETS)} to it as one marked block",
        )
    separator = "" if existing.endswith("\n\n") else "\n" if existing.endswith("\n") else "\n\n"
    return existing + separator + block, "appended"
