"""How long a series of processes will take, estimated from measured compile and run times, and what fits
a time budget: whole configurations (all their processes) or none, so that no figure is published from
fewer processes than asked for because the time ran out."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from polydocs.bench.matrix import LLM_MODEL, BenchConfig
from polydocs.bench.processes import process_entries
from polydocs.bench.results import OK

# Imports, the CUDA context, reading the environment: what a process costs before its first configuration.
PROCESS_START_S = 20.0
# Building a model from its configuration on the GPU (Gemma-2B fills 2.5 billion random weights).
_BUILD_S = {LLM_MODEL: 10.0}
_DEFAULT_BUILD_S = 2.0
# Per configuration: resetting the compiler, the inputs, reading the conditions, writing the results file.
_OVERHEAD_S = 1.5
_WARMUP_CALLS = 3
# A process after the first compiles from the caches the first one filled (inductor's FX graph cache,
# Triton's kernels): dynamo still traces. A configuration no later process has compiled yet takes the
# median share that later processes took of their first process' compile in the reference's records
# (about a sixth in the H200 runs), or this share where no record has later processes.
WARM_COMPILE_FRACTION = 0.4

Reference = Mapping[str, dict[str, Any]]


def estimate_seconds(config: BenchConfig, reference: Reference, warm: bool) -> float:
    """One configuration in one process: its first call (compile included), warm-ups and timed calls,
    from `reference`'s record of it (a committed run) where there is one, else the matrix's guess."""
    record = reference.get(config.id)
    if record is None or record.get("status") != OK or "median_ms" not in record:
        guess = config.estimated_seconds()
        return guess * warm_compile_fraction(reference) if warm and config.compiled else guess
    first_call = float(record.get("first_call_s") or 0.0)
    if warm and config.compiled:
        first_call = _warm_compile_s(record, first_call, reference)
    calls = _WARMUP_CALLS + int(record.get("repeats") or 10)
    return _OVERHEAD_S + first_call + calls * float(record["median_ms"]) / 1000.0


def _warm_compile_s(record: dict[str, Any], cold_s: float, reference: Reference) -> float:
    """What processes after the first took to compile, where the record kept them."""
    later = _later_compiles(record)
    return statistics.median(later) if later else cold_s * warm_compile_fraction(reference)


def warm_compile_fraction(reference: Reference) -> float:
    """The median, over the reference's records with later processes, of their compile's share of the
    first process' compile; WARM_COMPILE_FRACTION where no record has later processes."""
    shares = []
    for record in reference.values():
        cold = _first_compile(record)
        later = _later_compiles(record)
        if cold and later:
            shares.append(statistics.median(later) / cold)
    return statistics.median(shares) if shares else WARM_COMPILE_FRACTION


def _first_compile(record: dict[str, Any]) -> float | None:
    for entry in process_entries(record):
        if entry.get("status") == OK and entry.get("process", 1) == 1 and entry.get("compile_s"):
            return float(entry["compile_s"])
    return None


def _later_compiles(record: dict[str, Any]) -> list[float]:
    return [
        float(entry["compile_s"])
        for entry in process_entries(record)
        if entry.get("status") == OK and entry.get("compile_s") is not None and entry.get("process", 1) > 1
    ]


def process_seconds(configs: list[BenchConfig], reference: Reference, warm: bool) -> float:
    """One process running `configs` in this order: its start, one model build per run of one model."""
    total = PROCESS_START_S if configs else 0.0
    previous = None
    for config in configs:
        if (config.model, config.dtype) != previous:
            total += _BUILD_S.get(config.model, _DEFAULT_BUILD_S)
            previous = (config.model, config.dtype)
        total += estimate_seconds(config, reference, warm)
    return total


def rotated(configs: list[BenchConfig], process: int, count: int) -> list[BenchConfig]:
    """Process `process`'s (1-based) order: the list turned by a share of its length per process, so that
    no configuration's processes follow each other directly (the last of one process is never the first
    of the next), and each process reaches every configuration at another time."""
    length = len(configs)
    if length < 2:
        return list(configs)
    step = max(1, length // max(count, 1))
    if step % length == length - 1:
        step = 0  # turning by length-1 puts a process's last configuration first in the next
    offset = (step * (process - 1)) % length
    return configs[offset:] + configs[:offset]


@dataclass
class SeriesPlan:
    """Which configurations each process runs, in which order, and what the budget left out."""

    count: int
    # Per process (1-based index - 1): its configurations in run order.
    processes: list[list[BenchConfig]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    left: list[BenchConfig] = field(default_factory=list)

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds)


def plan_series(
    configs: list[BenchConfig],
    needed: Mapping[str, int],
    count: int,
    reference: Reference,
    budget_s: float | None,
) -> SeriesPlan:
    """Take configurations in order while all the processes each needs still fit `budget_s` (None: no
    limit); a configuration that does not fit is left whole, for a later call."""
    chosen: list[BenchConfig] = []
    plan = _plan(chosen, needed, count, reference)
    left = []
    for config in configs:
        trial = _plan([*chosen, config], needed, count, reference)
        if budget_s is None or trial.total_seconds <= budget_s:
            chosen.append(config)
            plan = trial
        else:
            left.append(config)
    plan.left = left
    return plan


def _plan(
    chosen: list[BenchConfig], needed: Mapping[str, int], count: int, reference: Reference
) -> SeriesPlan:
    plan = SeriesPlan(count)
    rounds = max((needed.get(config.id, count) for config in chosen), default=0)
    for process in range(1, rounds + 1):
        mine = [config for config in chosen if needed.get(config.id, count) >= process]
        order = rotated(mine, process, rounds)
        plan.processes.append(order)
        plan.seconds.append(process_seconds(order, reference, warm=process > 1))
    return plan


def format_plan(plan: SeriesPlan, budget_s: float | None) -> str:
    """The dry run: each process's configurations with their estimates, the total, and what was left."""
    lines = []
    for index, (configs, seconds) in enumerate(zip(plan.processes, plan.seconds, strict=True), start=1):
        lines.append(f"process {index}: {len(configs)} configurations, ~{seconds:.0f} s")
        lines += [f"  {config.id}" for config in configs]
    limit = f" of a {budget_s:.0f} s budget" if budget_s is not None else ""
    lines.append(f"planned: {len(plan.processes)} processes, ~{plan.total_seconds:.0f} s{limit}")
    if plan.left:
        lines.append(f"left for a later call ({len(plan.left)}): " + " ".join(c.id for c in plan.left))
    return "\n".join(lines)
