"""`polydocs bench compile` (measure torch.compile) and `polydocs bench merge` (join GPU shards' results);
`reproduce` and `compare` are in `command_reproduce`."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from polydocs.bench.command_reproduce import register_reproduce
from polydocs.bench.command_series import run_compile_series
from polydocs.bench.matrix import (
    BenchConfig,
    full_matrix,
    matching,
    parse_shard,
    select,
    shard,
    smoke_matrix,
)
from polydocs.bench.measure_one import describe_config
from polydocs.bench.plan import estimate_seconds
from polydocs.bench.processes import ProcessTag, measured_processes
from polydocs.bench.results import NOT_RUN, OK, ResultsFile, load_results, merge_results, save_results
from polydocs.bench.runner import UNFINISHED
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.garbage_collection import collect_as_python_does

# Within one process a figure's spread is small; between processes host-bound figures differ up to 2.7x.
DEFAULT_PROCESSES = 3


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="run the benchmarks whose results the site shows")
    bench = parser.add_subparsers(dest="bench_command", metavar="BENCHMARK", required=True)

    compile_parser = bench.add_parser(
        "compile",
        help="eager vs torch.compile modes for vision models and Gemma-2B (random weights)",
        description="Measure eager vs torch.compile; resumable: configurations already in --out are skipped.",
    )
    compile_parser.add_argument("--out", type=Path, required=True, help="results JSON (read, then rewritten)")
    compile_parser.add_argument("--device", default="cuda", help="torch device (default: cuda)")
    compile_parser.add_argument(
        "--smoke", action="store_true", help="tiny models, batch size 1, one repeat: an end-to-end check"
    )
    compile_parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="TEXT",
        help="run configurations whose id contains TEXT",
    )
    compile_parser.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="NAME",
        help="run configurations of model NAME only (repeatable, e.g. vit-base, gemma-2b)",
    )
    compile_parser.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="TEXT",
        help="leave out configurations whose id contains TEXT (repeatable, e.g. max-autotune)",
    )
    compile_parser.add_argument(
        "--rerun",
        action="append",
        default=[],
        metavar="TEXT",
        help="measure again the configuration whose id is TEXT, or else those whose id contains TEXT "
        "(repeatable, any may match), replacing their records; nothing else runs",
    )
    compile_parser.add_argument(
        "--shard", default="0/1", metavar="I/N", help="run shard I of N (one per GPU)"
    )
    compile_parser.add_argument(
        "--stop-after", type=float, default=None, metavar="SECONDS", help="start no configuration after this"
    )
    compile_parser.add_argument(
        "--git-rev", default=None, help="git revision to record (for copies without .git)"
    )
    compile_parser.add_argument(
        "--pin-cpu",
        type=int,
        default=None,
        metavar="CPU",
        help="run the process on this one CPU only (os.sched_setaffinity, before torch is imported); "
        "recorded in every record's conditions",
    )
    compile_parser.add_argument(
        "--processes",
        type=int,
        default=DEFAULT_PROCESSES,
        metavar="N",
        help="measure each configuration in N independent processes, one after another, each in its own "
        "order, and publish the median of their medians with the range (default "
        f"{DEFAULT_PROCESSES}; 1: one process, as before)",
    )
    compile_parser.add_argument(
        "--estimates",
        type=Path,
        default=None,
        metavar="FILE",
        help="results whose compile and run times estimate the plan (default: --out's own records)",
    )
    compile_parser.add_argument(
        "--list",
        action="store_true",
        help="print the configurations (with --processes > 1: each process's plan and its time) and exit",
    )
    # One process of a series, as `--processes N` starts it: not for typing by hand.
    compile_parser.add_argument("--series", default=None, help=argparse.SUPPRESS)
    compile_parser.add_argument("--process", type=int, default=1, help=argparse.SUPPRESS)
    compile_parser.add_argument("--fresh", action="store_true", help=argparse.SUPPRESS)
    compile_parser.add_argument("--config", action="append", default=[], help=argparse.SUPPRESS)
    compile_parser.set_defaults(run=run_compile)

    merge_parser = bench.add_parser("merge", help="merge results files (GPU shards, earlier runs) into one")
    merge_parser.add_argument(
        "--out", type=Path, required=True, help="the merged results file to write (the parts are not changed)"
    )
    merge_parser.add_argument("parts", type=Path, nargs="+", help="results files; missing ones are skipped")
    merge_parser.add_argument(
        "--mark-not-run",
        metavar="REASON",
        default=None,
        help="record every configuration of the matrix that has no result as not run, for REASON",
    )
    merge_parser.set_defaults(run=run_merge)
    register_reproduce(bench)


def run_compile(args: argparse.Namespace) -> int:
    collect_as_python_does()  # the models are timed as a reader's Python runs them
    if args.pin_cpu is not None and not args.list:
        _pin(args.pin_cpu)
    from polydocs.bench.runner import RunOptions, run_benchmarks

    try:
        index, count = parse_shard(args.shard)
    except ValueError as error:
        raise PolydocsError(
            [Diagnostic("<command line>", 0, "bench-shard", str(error), "use --shard 0/2 and --shard 1/2")]
        ) from error
    configs = _selected(args)
    # Shard what is still to do, so that a resumed run splits the remaining work evenly across GPUs
    # (every shard starts from the same results file, so all of them compute the same split).
    existing = load_results(args.out)
    if existing is not None and not args.rerun and not args.config:
        configs = [config for config in configs if not _done(existing, config.id, args.processes)]
    configs = shard(configs, index, count)
    if args.processes > 1:
        return run_compile_series(args, configs, existing, _reference(args, existing))
    if args.list:
        for config in configs:
            print(f"{config.id}  (~{config.estimated_seconds():.0f} s)")
        return 0
    if not configs:
        raise PolydocsError(
            [
                Diagnostic(
                    "<command line>",
                    0,
                    "bench-empty",
                    "no configuration matches, or all of them are already in --out",
                    "loosen --only, or use --rerun to measure again",
                )
            ]
        )
    reference = _reference(args, existing)
    tag = ProcessTag(args.series, args.process, args.fresh) if args.series else None
    options = RunOptions(
        device=args.device,
        smoke=args.smoke,
        git_rev=args.git_rev,
        stop_after_s=args.stop_after,
        remeasure=bool(args.rerun) or bool(args.config),
        command=command_line(),
        pinned_cpu=args.pin_cpu,
        process_tag=tag,
        estimate=lambda config: estimate_seconds(config, reference, warm=args.process > 1),
    )
    summary = run_benchmarks(configs, args.out, options, log=lambda line: print(line, flush=True))
    print(
        f"{len(summary.measured)} measured, {len(summary.failed)} failed, "
        f"{len(summary.skipped_done)} already in {args.out}, "
        f"{len(summary.left_for_later)} left for a later run"
    )
    return 3 if summary.stopped_by_fatal_error else 0


def _selected(args: argparse.Namespace) -> list[BenchConfig]:
    matrix = smoke_matrix() if args.smoke else full_matrix()
    if args.config:
        # A series' process gets whole ids, in the order it is to run them.
        by_id = {config.id: config for config in matrix}
        return [by_id[config_id] for config_id in args.config if config_id in by_id]
    configs = select(matrix, args.only, args.model, args.skip)
    if args.rerun:
        picked = set(matching([config.id for config in matrix], args.rerun))
        configs = [config for config in configs if config.id in picked]
    return configs


def _done(existing: ResultsFile, config_id: str, processes: int) -> bool:
    """Nothing left to measure: a record of as many processes as asked for, or a failure of its own.
    A one-process record (the harness before issue 19) counts as done for one process only."""
    if not existing.done(config_id):
        return False
    record = existing.records[config_id]
    return processes == 1 or record.get("status") != OK or measured_processes(record) >= processes


def _reference(args: argparse.Namespace, existing: ResultsFile | None) -> dict[str, dict[str, Any]]:
    """The records whose times estimate a plan: --estimates, else --out's own."""
    reference = load_results(args.estimates) if args.estimates else existing
    return reference.records if reference else {}


def _pin(cpu: int) -> None:
    from polydocs.bench.conditions import pin_to_cpu

    try:
        pin_to_cpu(cpu)
    except ValueError as error:
        raise PolydocsError(
            [Diagnostic("<command line>", 0, "bench-pin", str(error), "pick a CPU `nproc` counts, from 0")]
        ) from error


def command_line() -> str:
    """This process's command line as a reader would type it (`python -m polydocs.bench ...`)."""
    program = sys.argv[0]
    head = ["python", "-m", "polydocs.bench"] if program.endswith("__main__.py") else [Path(program).name]
    return shlex.join([*head, *sys.argv[1:]])


def ordered(results: ResultsFile) -> ResultsFile:
    """Records in the matrix's order (unknown ids last), so that diffs of the committed file stay small."""
    order = {config.id: index for index, config in enumerate(full_matrix())}
    keys = sorted(results.records, key=lambda key: (order.get(key, len(order)), key))
    results.records = {key: results.records[key] for key in keys}
    return results


def run_merge(args: argparse.Namespace) -> int:
    parts = [part for part in (load_results(path) for path in args.parts) if part is not None]
    if not parts:
        raise PolydocsError(
            [
                Diagnostic(
                    str(args.parts[0]), 0, "bench-no-results", "none of the files exist", "check the paths"
                )
            ]
        )
    merged = merge_results(parts)
    merged.mark_unfinished_as_failed(UNFINISHED)
    if args.mark_not_run:
        for config in full_matrix():
            if config.id not in merged.records:
                merged.record(
                    {**describe_config(config, smoke=False), "status": NOT_RUN, "error": args.mark_not_run}
                )
    merged = ordered(merged)
    save_results(args.out, merged)
    statuses = [record["status"] for record in merged.records.values()]
    print(f"{args.out}: {len(statuses)} configurations ({statuses.count('ok')} measured)")
    return 0
