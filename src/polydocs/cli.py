"""The one command-line entry point: polydocs build | serve | check | lint | status | translate | bench."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from polydocs import __version__
from polydocs.diagnostics import PolydocsError, unexpected_error

# Each subcommand lives beside the code it drives: `<module>.register(subparsers)` adds its parser and
# sets `run`. Modules are imported only when present so that a checkout without MkDocs (the GPU
# machine) can still run `polydocs check`.
_COMMAND_MODULES = (
    "polydocs.site.command",
    "polydocs.snippets.command",
    "polydocs.lint.command",
    "polydocs.bench.command",
    "polydocs.translate.command",
    "polydocs.init.command",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polydocs",
        description="Build, check and lint multilingual documentation whose code is proven to run.",
    )
    parser.add_argument("--version", action="version", version=f"polydocs {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show the traceback of an unexpected error instead of a summary"
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            # Tolerated: an area absent from this checkout, or an optional dependency it needs
            # (MkDocs is not installed on the GPU machine). A broken import inside polydocs is not.
            missing = error.name or ""
            if missing.startswith("polydocs") and not name.startswith(missing):
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except PolydocsError as error:
        print(f"polydocs {args.command}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the one place an unexpected failure becomes an answer, not a traceback
        if args.debug:
            raise
        print(unexpected_error(args.command, error), file=sys.stderr)
        return 2
