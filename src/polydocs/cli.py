"""The one command-line entry point: polydocs build | serve | check | lint | status | translate | bench |
init | ci."""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from polydocs import __version__
from polydocs.diagnostics import PolydocsError, unexpected_error
from polydocs.garbage_collection import collect_less_often

# Each subcommand lives beside the code it drives: `<module>.register(subparsers)` adds its parser and
# sets `run`. The command a command line names is looked up here, so that only its module is imported
# (`polydocs build` imports no lint rule, benchmark or snippet report); the overview (`polydocs --help`)
# and an unknown command import them all. A module is imported only when present, so that a checkout
# without MkDocs (the GPU machine) can still run `polydocs check`.
_COMMANDS = {
    "build": "polydocs.site.command",
    "serve": "polydocs.site.command",
    "check": "polydocs.snippets.command",
    "lint": "polydocs.lint.command",
    "status": "polydocs.lint.command",
    "bench": "polydocs.bench.command",
    "translate": "polydocs.translate.command",
    "init": "polydocs.init.command",
    "ci": "polydocs.ci.command",
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of `argv`'s command (with every command's when `argv` is None or names none)."""
    parser = argparse.ArgumentParser(
        prog="polydocs",
        description="Build, check and lint multilingual documentation whose code is proven to run.",
    )
    parser.add_argument("--version", action="version", version=f"polydocs {__version__}")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="show the traceback of an unexpected error instead of a summary, and of each page-failed",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in command_modules(argv):
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


def command_modules(argv: Sequence[str] | None) -> list[str]:
    """The modules whose parsers `argv` needs: its command's alone when its first argument that is no
    option names one (the top-level options take no value), else every command's."""
    command = next((argument for argument in argv or () if not argument.startswith("-")), None)
    if command in _COMMANDS:
        return [_COMMANDS[command]]
    return list(dict.fromkeys(_COMMANDS.values()))


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(arguments).parse_args(arguments)
    with _tracebacks_logged(args.debug):
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


@contextmanager
def _tracebacks_logged(debug: bool) -> Iterator[None]:
    """`--debug`: what polydocs logs at debug level reaches stderr while the command runs, the traceback
    of each `page-failed` among it (site/page_failures.py), which the warning alone gives as one line.
    Undone afterwards: a process that runs several commands (the tests) keeps no handler of an earlier
    one, nor its stderr."""
    if not debug:
        yield
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("DEBUG %(name)s: %(message)s"))
    logger = logging.getLogger("polydocs")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def run() -> NoReturn:
    """The `polydocs` command and `python -m polydocs`: `main`, then the exit. What the command left is
    frozen first, so that the interpreter's last collections do not walk every object a build imported
    and made (0.15 s of a build's 0.19 s of shutdown). The atexit handlers still run and the exit
    status is the command's; what the command wrote it closed before returning, and only cycles of
    objects nothing uses any more are left to the operating system instead of collected. Garbage is
    looked for less often than Python's default while it runs (`garbage_collection.py`)."""
    collect_less_often()
    code = main()
    gc.freeze()
    sys.exit(code)
