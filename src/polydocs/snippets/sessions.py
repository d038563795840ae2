"""Group a page's Python regions into sessions (one namespace, one subprocess) and name them."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from polydocs.diagnostics import display_path
from polydocs.snippets.fingerprint import normalized_code, page_name
from polydocs.snippets.regions import Region
from polydocs.sources.pages import page_at
from polydocs.sources.project import load_project_config

_TRAINING_ARGUMENTS = re.compile(r"\bTrainingArguments\s*\(")


@dataclass(frozen=True)
class Session:
    """Consecutive Python regions of one page that share a namespace."""

    path: Path
    regions: tuple[Region, ...]

    @property
    def page(self) -> str:
        return page_name(self.path)

    @property
    def line(self) -> int:
        return self.regions[0].start_line

    @property
    def name(self) -> str:
        """The pytest item name: `L<line of the first fence>`."""
        return f"L{self.line}"

    @property
    def shown_path(self) -> str:
        """The page's file as the check shows it: relative to the folder the check runs from."""
        return display_path(self.path)

    @property
    def id(self) -> str:
        """The session's id in reports, its pytest node id: `docs_src/es/perf_torch_compile.md::L24`. By the
        page's file, not its `page` key: two trees checked together both have an `en/quicktour.md`."""
        return session_id(self.shown_path, self.line)

    @property
    def code(self) -> str:
        return "".join(s.code for r in self.regions for s in r.directives.setup) + "".join(
            r.source for r in self.regions
        )

    @property
    def uses_torch(self) -> bool:
        return "torch" in self.code or "TrainingArguments" in self.code

    def skip_reasons(self, device: str) -> list[str]:
        """Why blocks of this session do not run on `device`, each reason once (from this page's
        directives, so a result reused from a translation still gives this page's words)."""
        return sorted({region.directives.skip_reason(device) for region in self.regions} - {""})

    def training_line(self) -> int:
        """The page line of the first `TrainingArguments(` call, for training verdicts."""
        for region in self.regions:
            match = _TRAINING_ARGUMENTS.search(region.source)
            if match:
                return region.start_line + 1 + region.source.count("\n", 0, match.start())
        return self.line

    def fingerprint(self) -> str:
        """What the session runs, independent of the page: identical translations share it.

        Comments are dropped but the line structure is kept, so a cached failure's line offsets hold
        for every page that shares the fingerprint.
        """
        digest = hashlib.sha256()
        for region in self.regions:
            offsets = ",".join(str(region.start_line - s.first_line) for s in region.directives.setup)
            digest.update(f"{region.kind}\0{region.directives.key()}\0{offsets}\0".encode())
            digest.update(normalized_code(region.source).encode() + b"\1")
        return digest.hexdigest()


def session_id(shown_path: str, line: int) -> str:
    """A session's id from its page's file as shown and the line of its first fence (a report's `path`
    and `line`): reports written before ids held the file can be read by it too."""
    return f"{shown_path}::L{line}"


def build_sessions(path: Path, regions: list[Region], blocks: str = "all") -> list[Session]:
    """The page's sessions: with `blocks="all"` every Python region, split at each `fresh` directive;
    with `blocks="runnable"` (`check_blocks: runnable` in polydocs.yml) only the fences marked runnable,
    grouped as doc-builder groups them (`_runnable_sessions`)."""
    python = [region for region in regions if region.kind in ("script", "doctest")]
    if blocks == "runnable":
        return _runnable_sessions(path, python)
    sessions: list[list[Region]] = []
    for region in python:
        if not sessions or region.directives.fresh:
            sessions.append([])
        sessions[-1].append(region)
    return [Session(path, tuple(group)) for group in sessions]


_CONTINUATION = re.compile(r"^(?P<base>.+):[1-9]\d*$")


def _runnable_sessions(path: Path, regions: list[Region]) -> list[Session]:
    """doc-builder's runnable tests: each label (`runnable:quickstart`, or a bare `runnable`) is its own
    namespace, and `runnable:quickstart:2` continues the session of `quickstart` where the page has one;
    a `fresh` directive still starts a new session."""
    sessions: list[list[Region]] = []
    by_label: dict[str, int] = {}
    for region in regions:
        label = region.runnable_label
        if label is None:
            continue
        continued = _CONTINUATION.match(label)
        base = continued.group("base") if continued else None
        if base is not None and base in by_label and not region.directives.fresh:
            sessions[by_label[base]].append(region)
            continue
        sessions.append([region])
        if label:
            by_label[label] = len(sessions) - 1
    return [Session(path, tuple(group)) for group in sessions]


def check_blocks(path: Path) -> str:
    """Which blocks of the page at `path` the checker runs (`check_blocks` of its tree's polydocs.yml:
    `all` unless it says `runnable`); raises PolydocsError, at polydocs.yml's line, for a bad setting."""
    address = page_at(path)
    return _check_blocks_of(address.root) if address is not None else "all"


@lru_cache(maxsize=16)
def _check_blocks_of(root: Path) -> str:
    return load_project_config(root).check_blocks
