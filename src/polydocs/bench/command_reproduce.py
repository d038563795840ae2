"""`polydocs bench reproduce` (measure a sample again, in a process of its own, and compare) and
`polydocs bench compare` (compare two results files): the check a figure passes before it is published."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from polydocs.bench.matrix import full_matrix, matching
from polydocs.bench.plan import format_plan, plan_series
from polydocs.bench.processes import format_spreads, spreads_across
from polydocs.bench.reproduce import (
    DEFAULT_TOLERANCE,
    compare,
    default_sample,
    format_comparisons,
    record_comparisons,
    run_second,
)
from polydocs.bench.results import OK, ResultsFile, load_results, save_results
from polydocs.diagnostics import Diagnostic, PolydocsError

# The exit status when a figure is outside the tolerance or was not measured again: scripts notice.
DISAGREES = 4


def register_reproduce(bench: Any) -> None:
    reproduce = bench.add_parser(
        "reproduce",
        help="measure a sample of published configurations again, in new processes, and compare medians",
        description="Measure a sample again (by default one configuration per model, workload and mode, "
        "at the smallest batch size; max-autotune is left out) in independent processes of its own, print "
        "the comparison of the medians (of the process medians), and write it into --results, where the "
        "page marks every figure outside the tolerance. "
        f"Exits {DISAGREES} when a figure disagrees or was not measured again.",
    )
    reproduce.add_argument("--results", type=Path, required=True, help="the published results (updated)")
    reproduce.add_argument("--out", type=Path, required=True, help="results file of the second run")
    reproduce.add_argument(
        "--sample",
        action="append",
        default=[],
        metavar="TEXT",
        help="measure again the published configuration whose id is TEXT, or else those whose id contains "
        "TEXT (repeatable), instead",
    )
    _tolerance_argument(reproduce)
    reproduce.add_argument("--device", default="cuda", help="torch device (default: cuda)")
    reproduce.add_argument("--git-rev", default=None, help="git revision to record (for copies without .git)")
    reproduce.add_argument(
        "--smoke", action="store_true", help="the second run uses the tiny models (for a CPU check)"
    )
    reproduce.add_argument(
        "--processes",
        type=int,
        default=3,
        metavar="N",
        help="measure the sample in N independent processes and compare their median of medians (default 3)",
    )
    reproduce.add_argument("--list", action="store_true", help="print the sample and exit")
    reproduce.set_defaults(run=run_reproduce)

    compare_parser = bench.add_parser(
        "compare",
        help="compare the medians of two results files",
        description=f"Exits {DISAGREES} when a configuration measured in both is outside the tolerance.",
    )
    compare_parser.add_argument("first", type=Path, help="the published results")
    compare_parser.add_argument("second", type=Path, help="a second run's results")
    _tolerance_argument(compare_parser)
    compare_parser.add_argument(
        "--record", action="store_true", help="write the comparison into FIRST (the page shows it)"
    )
    compare_parser.set_defaults(run=run_compare)

    spread_parser = bench.add_parser(
        "spread",
        help="each configuration's median in several results files (one per process), and their range",
        description="Print, per configuration, the median each results file measured (one file per "
        "independent process), the median of those medians, the range and max/min.",
    )
    spread_parser.add_argument("files", type=Path, nargs="+", help="results files, one per process")
    spread_parser.add_argument("--title", default="", help="a line printed above the table")
    spread_parser.set_defaults(run=run_spread)


def _tolerance_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tolerance",
        type=float,
        default=DEFAULT_TOLERANCE,
        metavar="FRACTION",
        help=f"largest accepted |second / first - 1| of the medians (default {DEFAULT_TOLERANCE})",
    )


def run_reproduce(args: argparse.Namespace) -> int:
    published = _load(args.results)
    sample = _sample(published, args.sample)
    if args.list:
        matrix = {config.id: config for config in full_matrix()}
        configs = [matrix[key] for key in sample if key in matrix]
        needed = {config.id: args.processes for config in configs}
        print(format_plan(plan_series(configs, needed, args.processes, published.records, None), None))
        return 0
    extra = ("--smoke",) if args.smoke else ()
    status = run_second(sample, args.out, args.device, args.git_rev, extra, args.processes)
    if status != 0:
        print(f"the second run exited with status {status}; comparing what it measured")
    return _report(published, args.results, _load(args.out), args.tolerance, sample, record=True)


def run_compare(args: argparse.Namespace) -> int:
    first, second = _load(args.first), _load(args.second)
    return _report(first, args.first, second, args.tolerance, list(second.records), record=args.record)


def run_spread(args: argparse.Namespace) -> int:
    runs = [_load(path).records for path in args.files]
    print(format_spreads(spreads_across(runs), args.title))
    return 0


def _report(
    first: ResultsFile,
    first_path: Path,
    second: ResultsFile,
    tolerance: float,
    wanted: list[str],
    record: bool,
) -> int:
    comparisons = compare(first, second, tolerance)
    compared = {comparison.id for comparison in comparisons}
    missing = [
        key for key in wanted if key not in compared and first.records.get(key, {}).get("status") == OK
    ]
    print(format_comparisons(comparisons, missing))
    if record:
        record_comparisons(first, comparisons)
        save_results(first_path, first)
        print(f"{first_path}: comparison recorded for {len(comparisons)} configurations")
    agrees = all(comparison.agrees for comparison in comparisons) and not missing
    return 0 if agrees else DISAGREES


def _sample(published: ResultsFile, texts: list[str]) -> list[str]:
    if not texts:
        return default_sample(published)
    measured = [key for key, record in published.records.items() if record.get("status") == OK]
    chosen = matching(measured, texts)
    if not chosen:
        raise PolydocsError(
            [
                Diagnostic(
                    "<command line>",
                    0,
                    "bench-empty",
                    f"no measured configuration matches --sample {' '.join(texts)}",
                    "use ids as `polydocs bench compile --list` prints them",
                )
            ]
        )
    return chosen


def _load(path: Path) -> ResultsFile:
    results = load_results(path)
    if results is None:
        raise PolydocsError(
            [Diagnostic(str(path), 0, "bench-no-results", "no results file here", "check the path")]
        )
    return results
