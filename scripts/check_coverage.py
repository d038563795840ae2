"""Measure how much of a real documentation tree the snippet checker can verify offline.

    PYTHONPATH=src python3 scripts/check_coverage.py [TREE] [--languages en es pt] [-n 2] [--out F.json]
    PYTHONPATH=src python3 scripts/check_coverage.py --table-of REPORT.json [TREE]

Runs `polydocs check TREE/<lang>... -n N --report-json` (a fresh cache folder unless `--cache-dir`;
`--warm-stand-ins` empties its results and compile caches first, keeping the stand-ins), then prints one
Markdown table row per language and a total: pages, pages with Python sessions, sessions,
passed, failed, skipped, blocked by reason, coverage = (passed + failed) / sessions, and the same without
the sessions blocked only because they need a GPU (their verdict is the GPU run's). A session is
counted under its status in the report; reports written before the checker had a `blocked` status count
such sessions as failed, and the table says which reasons those failures would have had. Last, how long
the sessions that ran took (cached and deduplicated ones left out): count, min, quartiles, p90, max.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

DEFAULT_TREE = Path("../shared/corpus/transformers-docs")
# Failure texts of checkers without a `blocked` status, by the environment problem they name.
_OLD_REASONS = (
    ("missing stand-in", re.compile(r"no stand-in for \w[\w.-]*/")),
    ("offline resource", re.compile(r"offline|NetworkRefused|LocalEntryNotFound|No such file", re.I)),
    ("module not installed", re.compile(r"No module named|ModuleNotFoundError")),
    ("needs cuda", re.compile(r"cuda|CUDA|nvidia", re.I)),
)


def main() -> int:
    args = _arguments()
    if args.table_of:  # a report written earlier (the GPU run's), no check run here
        report = json.loads(args.table_of.read_text(encoding="utf-8"))
        print("\n".join(coverage_table(report, args.tree, args.languages)))
        return 0
    report_path = args.out or Path(tempfile.mkdtemp(prefix="polydocs-coverage-")) / "report.json"
    cache = (args.cache_dir or Path(tempfile.mkdtemp(prefix="polydocs-coverage-cache-"))).resolve()
    if args.warm_stand_ins:  # the verdicts and compiled kernels of an earlier run go; its stand-ins stay
        for area in ("results", "compiled"):
            shutil.rmtree(cache / area, ignore_errors=True)
    command = [sys.executable, "-m", "polydocs", "check", *args.languages, "-n", str(args.workers)]
    command += ["--report-json", str(report_path.resolve()), "--cache-dir", str(cache), *args.check_args]
    # Run from the tree's top: the checker runs only pages inside the folder it is started in.
    source = os.pathsep.join(
        str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "src").split(os.pathsep)
    )
    started = time.perf_counter()
    output = subprocess.DEVNULL if args.quiet else None
    subprocess.run(
        command, check=False, cwd=args.tree, stdout=output, env=dict(os.environ, PYTHONPATH=source)
    )
    wall = time.perf_counter() - started
    if not report_path.is_file():
        print(f"{report_path}: the check wrote no report (its output above says why)", file=sys.stderr)
        return 2
    report = json.loads(report_path.read_text(encoding="utf-8"))
    for line in coverage_table(report, args.tree, args.languages):
        print(line)
    print(session_seconds(report))
    print(f"\nwall {wall:.0f} s with -n {args.workers}; report: {report_path}")
    return 0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", nargs="?", type=Path, default=DEFAULT_TREE)
    parser.add_argument("--languages", nargs="+", default=["en", "es", "pt"])
    parser.add_argument("-n", "--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="where the report goes (default: a temp file)")
    parser.add_argument("--cache-dir", type=Path, default=None, help="default: a fresh temporary folder")
    parser.add_argument("--quiet", action="store_true", help="hide the check's own output")
    parser.add_argument(
        "--warm-stand-ins",
        action="store_true",
        help="with --cache-dir: run every session again on the stand-ins an earlier run built",
    )
    parser.add_argument("--table-of", type=Path, default=None, metavar="REPORT", help="only print its table")
    parser.epilog = "after --: more `polydocs check` options"
    # Split at `--` by hand: a REMAINDER argument would also swallow this script's options after TREE.
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    args.check_args = argv[cut + 1 :]
    return args


def session_seconds(report: dict) -> str:
    """The distribution of the seconds of the sessions this run ran."""
    ran = sorted(
        s["seconds"] for s in report["sessions"] if not s.get("cached") and not s.get("deduplicated")
    )
    if len(ran) < 2:
        return f"\nsession seconds: {len(ran)} session(s) ran: {ran}"
    q1, median, q3 = statistics.quantiles(ran, n=4)
    p90 = statistics.quantiles(ran, n=10)[-1]
    return (
        f"\nsession seconds ({len(ran)} sessions ran): min {ran[0]:.1f}, q1 {q1:.1f}, "
        f"median {median:.1f}, q3 {q3:.1f}, p90 {p90:.1f}, max {ran[-1]:.1f}"
    )


def coverage_table(report: dict, tree: Path, languages: list[str]) -> list[str]:
    """The Markdown table: a row per language, then the total."""
    header = (
        "| language | pages | pages with code | sessions | passed | failed | skipped | blocked | fragments |"
        " coverage | coverage without GPU-only sessions |"
    )
    rows = [header, "|---" * (header.count("|") - 1) + "|"]
    total: Counter[str] = Counter()
    reasons_total: Counter[str] = Counter()
    for lang in [*languages, None]:
        counts, reasons = _counts(report, lang, languages) if lang else (total, reasons_total)
        if lang:
            counts["pages"] = sum(1 for _ in (tree / lang).rglob("*.md"))
            total.update(counts)
            reasons_total.update(reasons)
        rows.append(_row(lang or "**total**", counts, reasons))
    return rows


def _counts(report: dict, lang: str, languages: list[str]) -> tuple[Counter[str], Counter[str]]:
    counts: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    sessions = [s for s in report["sessions"] if s["page"].split("/", 1)[0] == lang]
    counts["pages with code"] = len({s["page"] for s in sessions})
    for session in sessions:
        counts["sessions"] += 1
        counts[session["status"]] += 1
        if session["status"] == "blocked":
            why = set(session.get("blocked_reasons") or ["unknown"])
            reasons.update(why)
            # Blocked only because it needs a GPU (the blocks after such a block count with it): its verdict
            # is the GPU run's, so the CPU figure leaves it out.
            counts["gpu only"] += why <= {"needs cuda", "after a blocked block"}
        elif session["status"] == "failed" and "blocked_reasons" not in session:  # a checker before `blocked`
            reasons.update(f"as failures: {r}" for r in _old_reasons(session))
    return counts, reasons


def _old_reasons(session: dict) -> set[str]:
    """For reports without `blocked`: which environment problem a failure's messages name, if any."""
    text = " ".join(session.get("failures", []))
    return {name for name, pattern in _OLD_REASONS if pattern.search(text)}


def _row(name: str, counts: Counter[str], reasons: Counter[str]) -> str:
    verdicts = counts["passed"] + counts["failed"]
    # A session of fragments only (nothing of it can run by itself) is no verdict either way.
    runnable = counts["sessions"] - counts["fragment"]
    coverage = f"{100 * verdicts / runnable:.0f} %" if runnable else "-"
    blocked = str(counts["blocked"])
    if reasons:
        blocked += " (" + ", ".join(f"{why}: {n}" for why, n in sorted(reasons.items())) + ")"
    cells = [name, counts["pages"], counts["pages with code"], counts["sessions"], counts["passed"]]
    cpu_sessions = runnable - counts["gpu only"]
    on_cpu = f"{100 * verdicts / cpu_sessions:.1f} % of {cpu_sessions}" if cpu_sessions else "-"
    cells += [counts["failed"], counts["skipped"], blocked, counts["fragment"], coverage, on_cpu]
    return "| " + " | ".join(map(str, cells)) + " |"


if __name__ == "__main__":
    sys.exit(main())
