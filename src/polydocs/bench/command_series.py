"""`polydocs bench compile --processes N`: the plan of a series of processes, printed (`--list`) or run,
and each configuration's medians across the processes printed after it."""

from __future__ import annotations

import argparse

from polydocs.bench.matrix import BenchConfig
from polydocs.bench.plan import Reference, format_plan
from polydocs.bench.processes import format_spreads, spread_of
from polydocs.bench.results import ResultsFile, load_results
from polydocs.bench.series import SeriesRequest, plan_request, run_series
from polydocs.diagnostics import Diagnostic, PolydocsError


def run_compile_series(
    args: argparse.Namespace, configs: list[BenchConfig], existing: ResultsFile | None, reference: Reference
) -> int:
    """Plan the processes (within --stop-after), print the plan, run them one after another, and print
    each configuration's medians across them."""
    request = SeriesRequest(
        count=args.processes,
        out=args.out,
        fresh=bool(args.rerun),
        budget_s=args.stop_after,
        passed=_passed_options(args),
        estimates=args.estimates,
    )
    plan = plan_request(configs, existing, request, reference)
    if args.list:
        print(format_plan(plan, args.stop_after))
        return 0
    if not plan.processes:
        raise PolydocsError([_nothing_to_do(plan.left)])
    print(format_plan(plan, args.stop_after), flush=True)
    statuses = run_series(plan, request, log=lambda line: print(line, flush=True))
    measured = load_results(args.out)
    records = measured.records if measured else {}
    planned = [config.id for config in plan.processes[0]]
    spreads = [spread_of(records[key]) for key in planned if key in records]
    print(format_spreads([spread for spread in spreads if spread is not None], "across processes (ms):"))
    return 3 if 3 in statuses else 0


def _passed_options(args: argparse.Namespace) -> tuple[str, ...]:
    """The options every process of a series gets as the caller gave them."""
    passed = ["--device", args.device]
    if args.smoke:
        passed.append("--smoke")
    if args.git_rev:
        passed += ["--git-rev", args.git_rev]
    if args.pin_cpu is not None:
        passed += ["--pin-cpu", str(args.pin_cpu)]
    return tuple(passed)


def _nothing_to_do(left: list[BenchConfig]) -> Diagnostic:
    if left:
        return Diagnostic(
            "<command line>",
            0,
            "bench-budget",
            f"no configuration fits --stop-after with all its processes ({len(left)} left)",
            "raise --stop-after, or ask for fewer --processes",
        )
    return Diagnostic(
        "<command line>",
        0,
        "bench-empty",
        "no configuration matches, or all of them are already in --out",
        "loosen --only, or use --rerun to measure again",
    )
