"""Runs benchmark configurations one by one, recording each (measured or failed) as soon as it ends."""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polydocs.bench.conditions import read_conditions
from polydocs.bench.environment import describe_environment, utc_now
from polydocs.bench.matrix import BenchConfig
from polydocs.bench.measure_one import ModelCache, describe_config, max_autotune_options, run_one
from polydocs.bench.processes import ProcessTag, add_process, has_process, measured_processes
from polydocs.bench.results import (
    FAILED,
    OK,
    STARTED,
    UNFINISHED_PREFIX,
    ResultsFile,
    load_results,
    save_results,
)
from polydocs.bench.timing import SMOKE_POLICY, RepeatPolicy

UNFINISHED = f"{UNFINISHED_PREFIX}: the process ended during this configuration (time limit or crash)"
# Environment variables that change how a run behaves, recorded with it.
_RECORDED_VARIABLES = ("CUDA_VISIBLE_DEVICES", "TORCHINDUCTOR_COMPILE_THREADS", "TORCHINDUCTOR_CACHE_DIR")
# After these the CUDA context is unusable: every later configuration in this process would fail too.
_FATAL_MARKERS = ("CUDA error", "device-side assert", "illegal memory access", "CUBLAS_STATUS")


@dataclass(frozen=True)
class RunOptions:
    """How to run: where, how carefully, and for how long."""

    device: str = "cuda"
    smoke: bool = False
    git_rev: str | None = None
    # No configuration starts once its estimated cost would end it after this many seconds.
    stop_after_s: float | None = None
    # Measure the given configurations even if the results file already has them (replacing the records).
    remeasure: bool = False
    # The command line that started the run, recorded with it.
    command: str | None = None
    # The one CPU the process was pinned to before torch was imported (`--pin-cpu`), or None.
    pinned_cpu: int | None = None
    # Set when this process is one of a series (`compile --processes N`): it adds its measurement to each
    # record's "processes" instead of replacing the record.
    process_tag: ProcessTag | None = None
    # A configuration's expected cost, for --stop-after (default: the matrix's rough guess).
    estimate: Callable[[BenchConfig], float] | None = None
    policy: RepeatPolicy = field(default_factory=RepeatPolicy)

    @property
    def repeat_policy(self) -> RepeatPolicy:
        return SMOKE_POLICY if self.smoke else self.policy


@dataclass
class RunSummary:
    measured: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    skipped_done: list[str] = field(default_factory=list)
    left_for_later: list[str] = field(default_factory=list)
    stopped_by_fatal_error: bool = False


def _method(options: RunOptions) -> dict[str, Any]:
    policy = options.repeat_policy
    return {
        "timer": "CUDA events" if options.device.startswith("cuda") else "host perf_counter",
        "warmup_calls": policy.warmup,
        "repeats": f"{policy.min_repeats}..{policy.max_repeats} (about {policy.target_s:g} s of timed calls)",
        "statistic": "median; spread = 10th..90th percentile",
        "compile_time": "wall time of the first call of the compiled model (compilation plus one run)",
        "peak_memory": "torch.cuda.max_memory_allocated over the configuration, weights included",
        "max_autotune_options": max_autotune_options(),
        "smoke": options.smoke,
    }


def _error_text(error: BaseException) -> str:
    lines = [line for line in str(error).strip().splitlines() if line.strip()]
    head = " ".join(lines[:3])
    text = f"{type(error).__name__}: {head}" if head else type(error).__name__
    return text[:600]


def run_benchmarks(
    configs: list[BenchConfig], out: Path, options: RunOptions, log: Callable[[str], None] = print
) -> RunSummary:
    """Run every configuration not already in `out`, rewriting `out` after each one."""
    results = load_results(out) or ResultsFile()
    for key in results.mark_unfinished_as_failed(UNFINISHED):
        log(f"{key}: recorded as failed ({UNFINISHED})")
    results.environment = describe_environment(options.device, options.git_rev)
    results.method = _method(options)
    results.runs.append(_run_entry(results.environment, options))
    save_results(out, results)
    log(_conditions_line("at start", results.runs[-1]["conditions_at_start"]))

    summary = RunSummary()
    cache = ModelCache(options.device, options.smoke)
    began = time.monotonic()
    estimate = options.estimate or BenchConfig.estimated_seconds
    for config in configs:
        if _skipped(results, config, options):
            summary.skipped_done.append(config.id)
            continue
        elapsed = time.monotonic() - began
        if options.stop_after_s is not None and elapsed + estimate(config) > options.stop_after_s:
            summary.left_for_later.append(config.id)
            continue
        _mark_started(results, config, options)
        save_results(out, results)
        try:
            record = run_one(config, options.device, options.smoke, options.repeat_policy, cache)
        except Exception as error:  # a failing configuration is a result, recorded with its error
            record = {**describe_config(config, options.smoke), "status": FAILED, "error": _error_text(error)}
            log("".join(traceback.format_exception(error)[-3:]).rstrip())
        record["finished"] = utc_now()
        record["run"] = results.environment["date"]
        # The log shows this process's figure; the record, with a series, the median over its processes.
        log(_log_line(record, time.monotonic() - began))
        if options.process_tag is not None:
            record = add_process(_previous(results, config.id), record, options.process_tag)
        results.record(record)
        save_results(out, results)
        if record["status"] == OK:
            summary.measured.append(config.id)
        else:
            summary.failed.append(config.id)
            if any(marker in record["error"] for marker in _FATAL_MARKERS):
                summary.stopped_by_fatal_error = True
                log("stopping: the CUDA context is unusable after this error; rerun to resume")
                break
    return summary


def _skipped(results: ResultsFile, config: BenchConfig, options: RunOptions) -> bool:
    """Already measured: by this very process of a series (a resumed process), or at all (a plain run)."""
    if options.process_tag is not None:
        return has_process(results.records.get(config.id), options.process_tag)
    return results.done(config.id) and not options.remeasure


def _mark_started(results: ResultsFile, config: BenchConfig, options: RunOptions) -> None:
    """Say that a configuration is running, so that a killed process leaves a trace. A record that earlier
    processes of a series measured keeps its figures: the mark is a field of it."""
    tag, current = options.process_tag, results.records.get(config.id)
    if tag is not None and current is not None and measured_processes(current) > 0:
        in_progress = {"series": tag.series, "process": tag.process, "started": utc_now()}
        results.record({**current, "in_progress": in_progress})
        return
    results.record({**describe_config(config, options.smoke), "status": STARTED, "started": utc_now()})


def _previous(results: ResultsFile, config_id: str) -> dict[str, Any] | None:
    """The record before this process measured it (without the started mark)."""
    current = results.records.get(config_id)
    if current is None or current.get("status") == STARTED:
        return None
    return {key: value for key, value in current.items() if key != "in_progress"}


def _run_entry(environment: dict[str, Any], options: RunOptions) -> dict[str, Any]:
    """What the results file says about one run: when, on what, started how, and what else ran then."""
    if options.device.startswith("cuda"):
        import torch

        # Hold a CUDA context now, as during every later reading, so that nvidia-smi lists this process.
        torch.zeros(1, device=options.device)
    return {
        "date": environment["date"],
        "gpu": environment["gpu"],
        "command": options.command,
        "pinned_cpu": options.pinned_cpu,
        "environment_variables": {name: os.environ.get(name) for name in _RECORDED_VARIABLES},
        "conditions_at_start": read_conditions(gpu=options.device.startswith("cuda")).to_json(),
    }


def _conditions_line(when: str, conditions: dict[str, Any]) -> str:
    load = "/".join(f"{value:g}" for value in conditions["load_avg"])
    clocks = f", SM clock {conditions['clocks_sm_mhz']} of {conditions['clocks_max_sm_mhz']} MHz"
    alone = "alone" if conditions["alone"] else "NOT ALONE"
    others = [*(conditions["other_gpu_processes"] or []), *conditions["other_bench_processes"]]
    seen = f": {'; '.join(others)}" if others else ""
    affinity = conditions.get("cpu_affinity") or []
    pinned = f", pinned to CPU {affinity[0]}" if len(affinity) == 1 else ""
    return f"conditions {when}: {alone}{seen}, load {load} on {conditions['cpu_count']} CPUs{pinned}{clocks}"


def _log_line(record: dict[str, Any], elapsed_s: float) -> str:
    if record["status"] != OK:
        return f"[{elapsed_s:6.0f}s] {record['id']}: FAILED {record['error']}"
    compile_text = f", compile {record['compile_s']} s" if record.get("compile_s") is not None else ""
    spread = f"{record['p10_ms']:.3f}..{record['p90_ms']:.3f}"
    alone = "alone" if record["conditions"]["alone"] else "NOT ALONE"
    return (
        f"[{elapsed_s:6.0f}s] {record['id']}: median {record['median_ms']:.3f} ms "
        f"({spread}, n={record['repeats']}){compile_text}, peak {record.get('peak_mem_mib')} MiB, {alone}"
    )
