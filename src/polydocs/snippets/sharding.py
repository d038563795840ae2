"""`--shard I/N`: split the items across machines, balanced by durations recorded in committed reports."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.snippets.evidence import EVIDENCE_FOLDER
from polydocs.snippets.sessions import session_id

_DEFAULT_SECONDS = 10.0


def parse_shard(text: str) -> tuple[int, int]:
    try:
        index, count = (int(part) for part in text.split("/"))
    except ValueError:
        index = count = 0
    if not 1 <= index <= count:
        raise PolydocsError(
            [
                Diagnostic(
                    "--shard",
                    0,
                    "snippet-shard",
                    f"bad shard {text!r}",
                    "write I/N with 1 <= I <= N",
                    "error",
                )
            ]
        )
    return index, count


def recorded_seconds(pages: list[Path]) -> dict[str, float]:
    """Session id -> seconds, from every committed report found above the pages (the slowest wins)."""
    folders = {parent / EVIDENCE_FOLDER for page in pages for parent in page.parents}
    seconds: dict[str, float] = {}
    for folder in sorted(f for f in folders if f.is_dir()):
        for report in sorted(folder.glob("*.json")):
            for session in json.loads(report.read_text(encoding="utf-8")).get("sessions", []):
                # By file and line, not the recorded id: reports written before ids held the file.
                key = session_id(session["path"], session["line"])
                seconds[key] = max(seconds.get(key, 0.0), float(session["seconds"]))
    return seconds


def balance(durations: dict[str, float], count: int) -> list[list[str]]:
    """Longest first onto the least-loaded shard; deterministic, so every machine computes the same split."""
    shards: list[list[str]] = [[] for _ in range(count)]
    loads = [0.0] * count
    for name, seconds in sorted(durations.items(), key=lambda item: (-item[1], item[0])):
        target = loads.index(min(loads))
        shards[target].append(name)
        loads[target] += seconds
    return shards


def select_shard(items: list[Any], shard: str) -> list[Any]:
    """The items of shard I/N; items without a session weigh almost nothing."""
    index, count = parse_shard(shard)
    recorded = recorded_seconds([Path(item.path) for item in items])
    default = statistics.median(recorded.values()) if recorded else _DEFAULT_SECONDS
    durations = {}
    for item in items:
        session = getattr(item, "doc_session", None)
        durations[item.nodeid] = recorded.get(session.id, default) if session is not None else 0.01
    chosen = set(balance(durations, count)[index - 1])
    return [item for item in items if item.nodeid in chosen]
