"""`compile --processes N`: each configuration measured in N independent processes, one after another,
each process running the configurations in its own order; the compile caches are shared, so later
processes compile fast (compile time is not what is timed). Every process adds its measurement to the
record in the results file, which publishes the median of the process medians with their range.

This module starts the processes and imports no torch: each process is `python -m polydocs.bench compile`
with `--series`/`--process`, which `runner.run_benchmarks` reads.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polydocs
from polydocs.bench.environment import utc_now
from polydocs.bench.matrix import BenchConfig
from polydocs.bench.plan import PROCESS_START_S, Reference, SeriesPlan, plan_series
from polydocs.bench.processes import measured_processes
from polydocs.bench.results import ResultsFile


@dataclass(frozen=True)
class SeriesRequest:
    """What the caller asked for: how many processes, within what time, measured how."""

    count: int
    out: Path
    # A new measurement of every configuration (`--rerun`): measurements of earlier series are dropped.
    fresh: bool = False
    budget_s: float | None = None
    # `compile` options passed to every process as they are (--device, --smoke, --git-rev, --pin-cpu ...).
    passed: tuple[str, ...] = ()
    estimates: Path | None = None


def needed_processes(
    configs: list[BenchConfig], existing: ResultsFile | None, request: SeriesRequest
) -> dict[str, int]:
    """How many more processes each configuration needs: all of them for a new or re-run one, the rest
    for one an earlier, interrupted series measured in fewer."""
    needed = {}
    for config in configs:
        record = existing.records.get(config.id) if existing else None
        have = 0 if request.fresh else measured_processes(record)
        needed[config.id] = max(request.count - have, 0)
    return needed


def plan_request(
    configs: list[BenchConfig], existing: ResultsFile | None, request: SeriesRequest, reference: Reference
) -> SeriesPlan:
    needed = needed_processes(configs, existing, request)
    wanted = [config for config in configs if needed[config.id] > 0]
    return plan_series(wanted, needed, request.count, reference, request.budget_s)


def run_series(plan: SeriesPlan, request: SeriesRequest, log: Callable[[str], None] = print) -> list[int]:
    """Run the planned processes one after another; returns their exit statuses. A process that fails
    (or is cut by the deadline) does not stop the next: every process adds what it measured."""
    series = utc_now()
    began = time.monotonic()
    statuses = []
    for index, configs in enumerate(plan.processes, start=1):
        command = _process_command(configs, index, series, request, time.monotonic() - began)
        if command is None:
            log(f"process {index}: not started, the budget is spent ({len(configs)} configurations left)")
            statuses.append(124)
            continue
        started = time.monotonic()
        log(f"process {index} of {len(plan.processes)}: {len(configs)} configurations (series {series})")
        status = subprocess.run(command, env=package_environment(), check=False).returncode
        log(f"process {index}: exit {status} after {time.monotonic() - started:.0f} s")
        statuses.append(status)
    return statuses


def _process_command(
    configs: list[BenchConfig], index: int, series: str, request: SeriesRequest, elapsed_s: float
) -> list[str] | None:
    command = [
        sys.executable,
        "-m",
        "polydocs.bench",
        "compile",
        "--out",
        str(request.out),
        "--processes",
        "1",
    ]
    command += ["--series", series, "--process", str(index), *request.passed]
    if request.fresh:
        command.append("--fresh")
    if request.estimates is not None:
        command += ["--estimates", str(request.estimates)]
    if request.budget_s is not None:
        left = request.budget_s - elapsed_s - PROCESS_START_S
        if left <= 0:
            return None
        command += ["--stop-after", f"{left:.0f}"]
    for config in configs:
        command += ["--config", config.id]
    return command


def package_environment() -> dict[str, str]:
    """This environment, with this checkout's package first on the path (a bare GPU checkout has no
    installed polydocs): the processes import the same code."""
    source = str(Path(polydocs.__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": f"{source}{os.pathsep}{path}" if path else source}
