"""The results file: one JSON document holding the environment, the method and one record per configuration.

It is rewritten (atomically) after every configuration, so that a run stopped at a time limit keeps what
it measured and the next run resumes where it stopped.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = 1
OK = "ok"
FAILED = "failed"
# Written before a configuration starts; still there afterwards only if the process died during it.
STARTED = "started"
# Planned but never started (the run's time ran out): a later run measures it.
NOT_RUN = "not_run"
# How the error of a failed record begins when its process ended during it (a time limit, a crash) rather
# than the configuration raising: a later run measures it again.
UNFINISHED_PREFIX = "did not finish"
_STATUS_RANK = {NOT_RUN: 0, STARTED: 1, FAILED: 2, OK: 3}


@dataclass
class ResultsFile:
    """The parsed results: records keyed by configuration id, in the order they were measured."""

    suite: str = "torch_compile"
    environment: dict[str, Any] = field(default_factory=dict)
    method: dict[str, Any] = field(default_factory=dict)
    runs: list[dict[str, Any]] = field(default_factory=list)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "suite": self.suite,
            "environment": self.environment,
            "method": self.method,
            "runs": self.runs,
            "results": list(self.records.values()),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ResultsFile:
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unsupported results schema {data.get('schema')!r} (expected {SCHEMA})")
        records = {record["id"]: record for record in data.get("results", [])}
        return cls(
            suite=data.get("suite", "torch_compile"),
            environment=data.get("environment", {}),
            method=data.get("method", {}),
            runs=data.get("runs", []),
            records=records,
        )

    def done(self, config_id: str) -> bool:
        """Measured, or failed with an error of its own: a resumed run skips it. A configuration that was
        not run, or did not finish because its process ended during it, is measured again."""
        record = self.records.get(config_id)
        if record is None:
            return False
        if record.get("status") == OK:
            return True
        return record.get("status") == FAILED and not unfinished(record)

    def record(self, entry: dict[str, Any]) -> None:
        self.records[entry["id"]] = entry

    def mark_unfinished_as_failed(self, reason: str) -> list[str]:
        """Configurations a previous process started but never finished (it was killed): record why."""
        unfinished = [key for key, record in self.records.items() if record.get("status") == STARTED]
        for key in unfinished:
            self.records[key] = {**self.records[key], "status": FAILED, "error": reason}
        return unfinished


def unfinished(record: dict[str, Any]) -> bool:
    """A failed record whose process ended during it (no error of the configuration's own)."""
    return record.get("status") == FAILED and str(record.get("error", "")).startswith(UNFINISHED_PREFIX)


def load_results(path: Path) -> ResultsFile | None:
    """The results in `path`, or None when the file does not exist yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    return ResultsFile.from_json(json.loads(text))


def save_results(path: Path, results: ResultsFile) -> None:
    """Write atomically: a reader (or a kill) never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(results.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def merge_results(parts: list[ResultsFile]) -> ResultsFile:
    """One results file from several (GPU shards, earlier runs): per configuration the best-status record
    wins (measured over failed over unfinished), a later part winning a tie."""
    merged = ResultsFile()
    for part in parts:
        if part.environment and (not merged.environment or part.environment.get("gpu")):
            merged.environment = part.environment
        merged.method = part.method or merged.method
        for run in part.runs:
            if run not in merged.runs:
                merged.runs.append(run)
        for key, record in part.records.items():
            current = merged.records.get(key)
            if current is None or _STATUS_RANK[record["status"]] >= _STATUS_RANK[current["status"]]:
                merged.records[key] = record
    return merged
