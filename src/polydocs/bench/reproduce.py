"""The reproduction check: a second, independent run of a sample of configurations must agree with the
published medians within a tolerance; each comparison is written into the published record, so that the
page marks a figure another run contradicts instead of publishing it silently.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polydocs.bench.conditions import recorded_alone
from polydocs.bench.environment import utc_now
from polydocs.bench.processes import measured_processes, spread_of
from polydocs.bench.results import OK, ResultsFile
from polydocs.bench.series import package_environment

DEFAULT_TOLERANCE = 0.10
# max-autotune compiles take two to six minutes each: a sample of them does not fit a GPU session.
_NOT_SAMPLED_MODES = ("max-autotune",)


@dataclass(frozen=True)
class Comparison:
    """One configuration's median in the published run and in the second run."""

    id: str
    first_ms: float
    second_ms: float
    tolerance: float
    # Whether the second run recorded that it ran alone (None: it recorded no conditions).
    second_alone: bool | None
    # The range of the process medians behind each median (None: a record of one process).
    first_range: tuple[float, float] | None = None
    second_range: tuple[float, float] | None = None
    second_processes: int = 1

    @property
    def relative_difference(self) -> float:
        """How far the second median is from the published one, as a fraction of the published one."""
        return self.second_ms / self.first_ms - 1.0

    @property
    def agrees(self) -> bool:
        return abs(self.relative_difference) <= self.tolerance

    def to_json(self, date: str) -> dict[str, Any]:
        return {
            "median_ms": self.second_ms,
            "relative_difference": round(self.relative_difference, 4),
            "tolerance": self.tolerance,
            "agrees": self.agrees,
            "alone": self.second_alone,
            "range_ms": list(self.second_range) if self.second_range else None,
            "processes": self.second_processes,
            "date": date,
        }


def default_sample(results: ResultsFile) -> list[str]:
    """One configuration per model and mode: a forward pass (a `generate` only where a model has no
    forward record) at the smallest measured batch size, where the host's share of the time, and so the
    disturbance a shared host causes, is largest."""
    chosen: dict[tuple[str, str], dict[str, Any]] = {}
    for record in results.records.values():
        if record.get("status") != OK or record.get("mode") in _NOT_SAMPLED_MODES:
            continue
        key = (record["model"], record["mode"])
        if key not in chosen or _sample_rank(record) < _sample_rank(chosen[key]):
            chosen[key] = record
    return [record["id"] for record in chosen.values()]


def _sample_rank(record: dict[str, Any]) -> tuple[bool, int]:
    return (record["workload"] != "forward", int(record["batch"]))


def run_second(
    sample: list[str],
    out: Path,
    device: str,
    git_rev: str | None,
    extra: tuple[str, ...] = (),
    processes: int = 1,
) -> int:
    """Measure `sample` again in `processes` processes of its own (fresh CUDA contexts and compiler
    state, later in time), into a new results file `out`. Returns the exit status."""
    command = [sys.executable, "-m", "polydocs.bench", "compile", "--out", str(out), "--device", device]
    command += ["--processes", str(processes)]
    if git_rev:
        command += ["--git-rev", git_rev]
    for config_id in sample:
        command += ["--rerun", config_id]
    # Whole ids: `--rerun` takes a whole id for that configuration alone.
    return subprocess.run([*command, *extra], env=package_environment(), check=False).returncode


def compare(first: ResultsFile, second: ResultsFile, tolerance: float) -> list[Comparison]:
    """Every configuration measured in both files, in the first file's order."""
    comparisons = []
    for key, record in first.records.items():
        again = second.records.get(key)
        if record.get("status") != OK or again is None or again.get("status") != OK:
            continue
        first_ms, second_ms = float(record["median_ms"]), float(again["median_ms"])
        comparisons.append(
            Comparison(
                key,
                first_ms,
                second_ms,
                tolerance,
                recorded_alone(again),
                _range(record),
                _range(again),
                max(measured_processes(again), 1),
            )
        )
    return comparisons


def _range(record: dict[str, Any]) -> tuple[float, float] | None:
    spread = spread_of(record)
    return (spread.low_ms, spread.high_ms) if spread else None


def record_comparisons(first: ResultsFile, comparisons: list[Comparison], date: str | None = None) -> None:
    """Write each comparison into the published record it checks (`"reproduction"`); re-measuring the
    record later replaces it, and the comparison with it."""
    when = date or utc_now()
    for comparison in comparisons:
        first.records[comparison.id]["reproduction"] = comparison.to_json(when)


def format_comparisons(comparisons: list[Comparison], missing: list[str]) -> str:
    """The comparison as a table for the terminal, then a summary line."""
    width = max((len(c.id) for c in comparisons), default=10)
    heads = f"{'first ms':>10}  {'range':>13}  {'second ms':>10}  {'range':>13}  {'diff':>7}  verdict"
    lines = [f"{'configuration':<{width}}  {heads}"]
    for c in comparisons:
        verdict = "agrees" if c.agrees else f"OUTSIDE ±{c.tolerance:.0%}"
        if c.second_alone is False:
            verdict += " (second run NOT ALONE)"
        lines.append(
            f"{c.id:<{width}}  {c.first_ms:>10.4g}  {_span(c.first_range):>13}  {c.second_ms:>10.4g}  "
            f"{_span(c.second_range):>13}  {c.relative_difference:>+7.1%}  {verdict}"
        )
    lines += [f"{key:<{width}}  not measured by the second run" for key in missing]
    outside = [c for c in comparisons if not c.agrees]
    lines.append(
        f"{len(comparisons) - len(outside)} of {len(comparisons)} agree within ±{_tolerance(comparisons)}; "
        f"{len(outside)} outside, {len(missing)} not measured again"
    )
    return "\n".join(lines)


def _span(span: tuple[float, float] | None) -> str:
    return f"{span[0]:.4g}\u2013{span[1]:.4g}" if span else "\u2013"


def _tolerance(comparisons: list[Comparison]) -> str:
    return f"{comparisons[0].tolerance:.0%}" if comparisons else f"{DEFAULT_TOLERANCE:.0%}"
