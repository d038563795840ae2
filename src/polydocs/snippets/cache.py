"""Session results on disk, keyed by what decides them, so unchanged sessions never run twice."""

from __future__ import annotations

import fcntl
import hashlib
import json
import platform
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from polydocs.cache import is_list_of, read_entry
from polydocs.snippets.sessions import Session, region_index

CHECKER_VERSION = "1"  # bump when the checker's verdicts change meaning


def library_versions() -> dict[str, str]:
    """Versions read from package metadata (importing torch here would cost seconds)."""
    versions = {"python": platform.python_version()}
    for name in ("torch", "transformers"):
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
    material = json.dumps(
        [CHECKER_VERSION, session.fingerprint(), profile, device_name(device), library_versions()],
        sort_keys=True,
    )
    return hashlib.sha256(material.encode()).hexdigest()[:32]


def to_relative(value: Any, session: Session) -> Any:
    """Page lines (`line`) -> (region index, offset): the form shared by identical sessions of other pages."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "line" and isinstance(item, int):
                index = region_index(session, item)
                out["at"] = [index, item - session.regions[index].start_line]
            else:
                out[key] = to_relative(item, session)
        return out
    if isinstance(value, list):
        return [to_relative(item, session) for item in value]
    return value


def to_page_lines(value: Any, session: Session) -> Any:
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "at":
                index, offset = item
                out["line"] = session.regions[index].start_line + offset
            else:
                out[key] = to_page_lines(item, session)
        return out
    if isinstance(value, list):
        return [to_page_lines(item, session) for item in value]
    return value


@dataclass
class Claim:
    """A cache entry held under lock: `found` is the stored result, if any, and how it was produced."""

    path: Path
    found: dict[str, Any] | None
    origin: str  # "cached" (an earlier run), "deduplicated" (this run, another page), "" (must run)
    run_id: str

    def store(self, result: dict[str, Any]) -> None:
        self.path.write_text(json.dumps({**result, "run_id": self.run_id}))


def _valid_result(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and isinstance(data.get("status"), str)
        and is_list_of(dict, data.get("blocks"))
    )


class ResultCache:
    def __init__(self, folder: Path, run_id: str, reuse_earlier_runs: bool = True) -> None:
        self.folder = folder / "results"
        self.run_id = run_id
        self.reuse_earlier_runs = reuse_earlier_runs

    @contextmanager
    def claim(self, key: str) -> Iterator[Claim]:
        """Hold `key` so that identical sessions on other xdist workers wait and then reuse the result."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{key}.json"
        with open(self.folder / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            found, origin = None, ""
            stored = read_entry(path, _valid_result)
            if stored is not None:
                if stored.get("run_id") == self.run_id:
                    found, origin = stored, "deduplicated"
                elif self.reuse_earlier_runs and stored.get("status") != "failed":  # failures always rerun
                    found, origin = stored, "cached"
            yield Claim(path, found, origin, self.run_id)
