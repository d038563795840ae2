"""`polydocs check`: the friendly front end for `pytest --doc-snippets PATHS`."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.snippets.report import merge_reports, write_report
from polydocs.snippets.sharding import parse_shard

PLUGIN = "polydocs.snippets.pytest_plugin"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="run every Python code block of the docs and prove torch.compile compiles",
        description="Run every Python code block of every language (one subprocess per page session).",
    )
    parser.add_argument(
        "paths",
        nargs="*",
        default=["docs_src"],
        metavar="PATH",
        help="pages (.md, .mdx) or folders of pages to check (default: docs_src)",
    )
    parser.add_argument(
        "--device",
        choices=("cpu", "cuda"),
        default="cpu",
        help="where the blocks run (default: cpu); cuda also runs the blocks that need a GPU",
    )
    parser.add_argument(
        "--profile",
        choices=("tiny", "full"),
        default=None,
        help="stand-in model sizes (default: tiny on cpu, full on cuda)",
    )
    parser.add_argument(
        "-n", "--workers", type=int, default=0, help="pytest-xdist workers (one per GPU on cuda)"
    )
    parser.add_argument("--shard", default=None, metavar="I/N", help="run shard I of N")
    parser.add_argument(
        "--report-json",
        type=Path,
        default=None,
        metavar="FILE",
        help="write every session's verdict, block by block, as JSON (what the site's badges read)",
    )
    parser.add_argument(
        "--junit-xml", type=Path, default=None, metavar="FILE", help="write a JUnit XML report for CI"
    )
    parser.add_argument("--no-cache", action="store_true", help="rerun sessions that earlier runs cached")
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="default $POLYDOCS_CACHE/snippets or ~/.cache/polydocs/snippets",
    )
    parser.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        default=None,
        metavar="REPORT",
        help="merge shard reports into --report-json instead of running",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        metavar="FILE",
        help="accept the failures recorded in FILE: fail only on new ones (and list the recorded ones gone)",
    )
    parser.add_argument(
        "--write-baseline",
        type=Path,
        default=None,
        metavar="FILE",
        help="record every failure of this run in FILE (JSON lines) as accepted, and exit 0 on failures",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="list every session as it ends")
    parser.add_argument(
        "--changed-since",
        metavar="REF",
        help="only the pages changed since git REF, and their translations or English source",
    )
    parser.set_defaults(run=run)


def pytest_arguments(args: argparse.Namespace) -> list[str]:
    profile = args.profile or ("full" if args.device == "cuda" else "tiny")
    arguments = [
        *map(str, args.paths),
        "--doc-snippets",
        # pytest is the checker's engine, run on the host: nothing of the checked tree configures it. It
        # would import the tree's `conftest.py` files (a contributor's code, on the host) and read its
        # `pytest.ini`, `tox.ini`, `setup.cfg` or `pyproject.toml` (whose `log_file` overwrites any file
        # the checker may write, and `required_plugins` stops the check). Only the plugins named here load
        # (`_named_plugins_only`), not those the environment happens to have installed (one reordering or
        # rerunning tests would change the sessions); the entry point is blocked so polydocs' own is not
        # registered twice.
        "--noconftest",
        "-c",
        os.devnull,
        "-p",
        "no:polydocs-snippets",
        "-p",
        PLUGIN,
        "--snippets-device",
        args.device,
        "--snippets-profile",
        profile,
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        "-o",
        "filterwarnings=default",
        "-o",
        "python_files=__no_python_files__",
        "-rfE",
        "--assert=plain",
        "--rootdir",
        str(Path.cwd()),
    ]
    if args.workers:
        arguments += ["-p", "xdist.plugin", "-n", str(args.workers)]
    if args.shard:
        parse_shard(args.shard)
        arguments += ["--snippets-shard", args.shard]
    if args.report_json:
        arguments += ["--snippets-report-json", str(args.report_json)]
    if args.junit_xml:
        arguments += ["--junit-xml", str(args.junit_xml)]
    if args.no_cache:
        arguments.append("--snippets-no-cache")
    if args.cache_dir:
        arguments += ["--snippets-cache", str(args.cache_dir)]
    if args.verbose:
        arguments.append("-v")
    if args.baseline:
        arguments += ["--snippets-baseline", str(args.baseline.resolve())]
    if args.write_baseline:
        arguments += ["--snippets-write-baseline", str(args.write_baseline.resolve())]
    return arguments


def run(args: argparse.Namespace) -> int:
    if args.merge:
        if not args.report_json:
            print("polydocs check --merge: pass --report-json FILE for the merged report")
            return 2
        write_report(merge_reports(args.merge), args.report_json)
        return 0
    if args.changed_since is not None:  # an empty REF is refused there, not taken as "no option"
        from polydocs.sources.changes import changed_pages_under

        args.paths = changed_pages_under(args.paths, args.changed_since)
        if not args.paths:
            print(f"polydocs check: no page changed since {args.changed_since}")
            return 0
    _refuse_missing(args.paths)
    if args.baseline:  # a missing or damaged baseline is said at its line before anything runs
        from polydocs.baseline_file import read_baseline

        read_baseline(args.baseline, "polydocs check")
    import pytest

    with _named_plugins_only():
        return int(pytest.main(pytest_arguments(args)))


@contextlib.contextmanager
def _named_plugins_only() -> Iterator[None]:
    """pytest, and the xdist workers it starts, load only the plugins `pytest_arguments` names: the
    variable every pytest reads (the `--disable-plugin-autoload` option came with pytest 8.4, and a plain
    checkout runs with the pytest the machine has), set while the check runs and then restored, as the
    tests run `polydocs check` in their own process too."""
    before = os.environ.get(_NO_AUTOLOAD)
    os.environ[_NO_AUTOLOAD] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(_NO_AUTOLOAD, None)
        else:
            os.environ[_NO_AUTOLOAD] = before


_NO_AUTOLOAD = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"


def _refuse_missing(paths: list[str]) -> None:
    missing = [path for path in paths if not Path(path).exists()]
    if missing:
        hint = "pass pages (.md, .mdx) or folders of pages; with no PATH, docs_src is checked"
        raise PolydocsError(
            [
                Diagnostic(str(path), 0, "check-path", "no such file or folder", hint, "error")
                for path in missing
            ]
        )
