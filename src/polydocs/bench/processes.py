"""Figures across independent processes: one median per configuration and process, and what is published
from them (the median of the process medians, with their range).

Within one process the spread of a figure is small; between processes the host-bound figures (eager and
`default` at batch size 1) differ by up to 2.7x on an idle H200 host (docs/benchmarks.md). So one process's
median is one sample, and a figure is the median over several processes, shown with their range.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from polydocs.bench.results import OK


@dataclass(frozen=True)
class Spread:
    """One configuration's medians, one per process, in the order the processes ran."""

    id: str
    medians_ms: tuple[float, ...]

    @property
    def median_ms(self) -> float:
        """The published figure: the median of the process medians."""
        return float(statistics.median(self.medians_ms))

    @property
    def low_ms(self) -> float:
        return min(self.medians_ms)

    @property
    def high_ms(self) -> float:
        return max(self.medians_ms)

    @property
    def ratio(self) -> float:
        """How far apart the processes are: the largest process median over the smallest."""
        return self.high_ms / self.low_ms if self.low_ms > 0 else float("inf")

    def spread_fraction(self) -> float:
        """The range as a fraction of the published median (0.10: the processes lie within 10 %)."""
        return (self.high_ms - self.low_ms) / self.median_ms if self.median_ms > 0 else float("inf")


def format_spreads(spreads: list[Spread], title: str = "") -> str:
    """A terminal table: each process's median, the median of medians, the range and max/min."""
    width = max((len(spread.id) for spread in spreads), default=13)
    count = max((len(spread.medians_ms) for spread in spreads), default=0)
    heads = "".join(f"{f'p{index + 1}':>9}" for index in range(count))
    lines = [title] if title else []
    lines.append(f"{'configuration':<{width}}{heads}  {'median':>8}  {'range':>17}  max/min")
    for spread in spreads:
        cells = "".join(f"{value:>9.4g}" for value in spread.medians_ms)
        cells += " " * 9 * (count - len(spread.medians_ms))
        span = f"{spread.low_ms:.4g}\u2013{spread.high_ms:.4g}"
        lines.append(
            f"{spread.id:<{width}}{cells}  {spread.median_ms:>8.4g}  {span:>17}  {spread.ratio:.2f}x"
        )
    return "\n".join(lines)


def spreads_across(runs: list[dict[str, dict[str, Any]]]) -> list[Spread]:
    """The spread of every configuration measured in any of `runs` (records keyed by id, one mapping per
    process), in the order the first run that has it lists it."""
    order: list[str] = []
    for records in runs:
        order += [key for key, record in records.items() if record.get("status") == OK and key not in order]
    spreads = []
    for key in order:
        medians = [float(records[key]["median_ms"]) for records in runs if _measured(records.get(key))]
        spreads.append(Spread(key, tuple(medians)))
    return spreads


def _measured(record: dict[str, Any] | None) -> bool:
    return record is not None and record.get("status") == OK


# What one process's measurement keeps in its record's "processes" list.
_PROCESS_FIELDS = (
    "median_ms",
    "p10_ms",
    "p90_ms",
    "min_ms",
    "max_ms",
    "repeats",
    "first_call_s",
    "compile_s",
    "peak_mem_mib",
    "tokens_per_s",
    "conditions",
    "error",
    "finished",
    "run",
)


@dataclass(frozen=True)
class ProcessTag:
    """Which process of which series measured a record: a series is one `compile --processes N` call."""

    series: str
    process: int
    # Drop measurements of other series (`--rerun`: the configuration is measured anew).
    fresh: bool = False


def process_entries(record: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A record's per-process measurements ([] for a record of one process, as before issue 19)."""
    if record is None:
        return []
    entries = record.get("processes")
    return list(entries) if isinstance(entries, list) else []


def measured_processes(record: dict[str, Any] | None) -> int:
    """How many independent processes measured the record (0 for a record that keeps none)."""
    return sum(1 for entry in process_entries(record) if entry.get("status") == OK)


def has_process(record: dict[str, Any] | None, tag: ProcessTag) -> bool:
    return any(
        e.get("series") == tag.series and e.get("process") == tag.process for e in process_entries(record)
    )


def add_process(current: dict[str, Any] | None, measured: dict[str, Any], tag: ProcessTag) -> dict[str, Any]:
    """The record after one more process measured it: `measured` (one process's record, ok or failed)
    joins the record's "processes", and the published figures are summarised from them again."""
    kept = [
        entry
        for entry in process_entries(current)
        if not (tag.fresh and entry.get("series") != tag.series) and not _same(entry, tag)
    ]
    entry = {key: measured[key] for key in _PROCESS_FIELDS if key in measured}
    entry.update(series=tag.series, process=tag.process, status=measured["status"])
    return summarize_processes(measured, [*kept, entry])


def _same(entry: dict[str, Any], tag: ProcessTag) -> bool:
    return entry.get("series") == tag.series and entry.get("process") == tag.process


def summarize_processes(base: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The published record: the median of the process medians with their range; the spread, memory and
    conditions of the process whose median is nearest to it; the compile time of the first process (the
    caches as the run found them); alone only when every process was."""
    described = {key: value for key, value in base.items() if key not in _PROCESS_FIELDS}
    described.pop("status", None)
    ok = [entry for entry in entries if entry.get("status") == OK]
    if not ok:
        return {**described, **entries[-1], "status": entries[-1]["status"], "processes": entries}
    spread = Spread(str(base["id"]), tuple(float(entry["median_ms"]) for entry in ok))
    nearest = min(ok, key=lambda entry: abs(float(entry["median_ms"]) - spread.median_ms))
    not_alone = [entry for entry in ok if not (entry.get("conditions") or {}).get("alone")]
    record = {**described, **{key: nearest[key] for key in _PROCESS_FIELDS if key in nearest}}
    record.update(
        status=OK,
        median_ms=round(spread.median_ms, 4),
        range_ms=[spread.low_ms, spread.high_ms],
        compile_s=ok[0].get("compile_s"),
        first_call_s=ok[0].get("first_call_s"),
        conditions=(not_alone or ok)[0].get("conditions"),
        processes=entries,
    )
    if "tokens_per_s" in nearest:
        record["tokens_per_s"] = round(
            float(nearest["tokens_per_s"]) * nearest["median_ms"] / spread.median_ms, 2
        )
    return record


def spread_of(record: dict[str, Any]) -> Spread | None:
    """The record's process medians, or None for a record of one process (nothing to show a range of)."""
    medians = [float(entry["median_ms"]) for entry in process_entries(record) if entry.get("status") == OK]
    return Spread(str(record["id"]), tuple(medians)) if len(medians) > 1 else None
