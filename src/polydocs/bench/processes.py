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
