"""Session results on disk, keyed by what decides them, so unchanged sessions never run twice."""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import lru_cache, partial
from importlib import metadata
from pathlib import Path

from polydocs.cache import CacheStore
from polydocs.snippets.protocol import SessionResult, moved
from polydocs.snippets.sessions import Session
from polydocs.snippets.shell_fences import shell_made_before
from polydocs.snippets.standins.datasets import BUILDER_VERSION as DATASETS_VERSION
from polydocs.snippets.standins.models import BUILDER_VERSION as STAND_INS_VERSION
from polydocs.typed_json import load

# Bump when the checker's verdicts change meaning, or what an entry holds. 2: typed SessionResults.
# 3: blocked blocks. 4: dataset stand-ins. 5: fragments.
CHECKER_VERSION = "5"


def library_versions() -> dict[str, str]:
    """Versions read from package metadata (importing torch here would cost seconds)."""
    versions = {"python": platform.python_version()}
    for name in ("torch", "transformers", "datasets"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "absent"
    return versions


@lru_cache(maxsize=1)
def gpu_names() -> tuple[str, ...]:
    """One name per visible NVIDIA GPU (nvidia-smi order), empty without a driver."""
    if not shutil.which("nvidia-smi"):
        return ()
    output = subprocess.run(
        ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return tuple(line.strip() for line in output.splitlines() if line.strip())


def device_name(device: str) -> str:
    if device == "cuda":
        names = gpu_names()
        return names[0] if names else "CUDA GPU"
    return f"CPU ({platform.machine()})"


def session_key(session: Session, profile: str, device: str) -> str:
    # A verdict depends on the stand-ins it ran with: their builders' versions are part of the key.
    stand_ins = [STAND_INS_VERSION, DATASETS_VERSION]
    # And on what the page's shell fences before it make (the child makes a clone or a folder as they
    # would): only where there are some, so the key of every other session stays what it was.
    shell = [asdict(made) for made in shell_made_before(session)]
    material = json.dumps(
        [
            CHECKER_VERSION,
            session.fingerprint(),
            profile,
            device_name(device),
            library_versions(),
            *stand_ins,
            *([shell] if shell else []),
        ],
        sort_keys=True,
    )
    return hashlib.sha256(material.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class StoredResult:
    """A result as cached: with the spans of the regions whose page lines it holds, so that a page with
    the same session (a translation) gets it at its own lines."""

    run_id: str
    regions: tuple[tuple[int, int], ...]  # (start_line, end_line) of each region of the page that ran it
    result: SessionResult


def _spans(session: Session) -> tuple[tuple[int, int], ...]:
    return tuple((region.start_line, region.end_line) for region in session.regions)


def relocated(result: SessionResult, spans: tuple[tuple[int, int], ...], session: Session) -> SessionResult:
    """`result`, produced on a page whose regions had `spans`, at the lines of `session`'s page: each line
    keeps its region (setup comment lines belong to the block they precede) and its offset in it."""

    def move(line: int) -> int:
        index = next((i for i, (_, end) in enumerate(spans) if line <= end), len(spans) - 1)
        return session.regions[index].start_line + line - spans[index][0]

    return moved(result, move)


@dataclass
class Claim:
    """A cache entry held under lock: `found` is the stored result, if any, and how it was produced."""

    cache: ResultCache
    key: str
    session: Session
    found: SessionResult | None
    origin: str  # "cached" (an earlier run), "deduplicated" (this run, another page), "" (must run)

    def store(self, result: SessionResult) -> None:
        stored = StoredResult(self.cache.run_id, _spans(self.session), result)
        self.cache.store.write(self.key, asdict(stored))


class ResultCache:
    def __init__(self, folder: Path, run_id: str, reuse_earlier_runs: bool = True) -> None:
        self.store = CacheStore(folder / "results", CHECKER_VERSION)
        self.run_id = run_id
        self.reuse_earlier_runs = reuse_earlier_runs

    @contextmanager
    def claim(self, session: Session, key: str) -> Iterator[Claim]:
        """Hold `key` so that identical sessions on other xdist workers wait and then reuse the result."""
        with self.store.holding(key):
            stored = self.store.read(key, partial(load, StoredResult))
            origin = self._origin(stored) if stored and len(stored.regions) == len(session.regions) else ""
            found = relocated(stored.result, stored.regions, session) if stored and origin else None
            yield Claim(self, key, session, found, origin)

    def reusable(self, session: Session, key: str) -> bool:
        """Whether `claim` would find a result for `session` now (read without holding the entry)."""
        stored = self.store.read(key, partial(load, StoredResult))
        return bool(stored and len(stored.regions) == len(session.regions) and self._origin(stored))

    def _origin(self, stored: StoredResult) -> str:
        if stored.run_id == self.run_id:
            return "deduplicated"
        # Failures always rerun, and blocked sessions too: the environment may have what they need now.
        if self.reuse_earlier_runs and stored.result.status in ("passed", "skipped", "fragment"):
            return "cached"
        return ""
