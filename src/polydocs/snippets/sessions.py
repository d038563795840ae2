"""Group a page's Python regions into sessions (one namespace, one subprocess) and name them."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from polydocs.snippets.fingerprint import normalized_code, page_name
from polydocs.snippets.regions import Region

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
    def id(self) -> str:
        """The session's id in reports: `es/perf_torch_compile.md::L24`."""
        return f"{self.page}::{self.name}"

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


def build_sessions(path: Path, regions: list[Region]) -> list[Session]:
    """Split the page's Python regions at each `fresh` directive."""
    sessions: list[list[Region]] = []
    for region in regions:
        if region.kind not in ("script", "doctest"):
            continue
        if not sessions or region.directives.fresh:
            sessions.append([])
        sessions[-1].append(region)
    return [Session(path, tuple(group)) for group in sessions]
