"""`python -m polydocs.bench compile|merge …`: the bench commands alone, for a GPU machine's bare checkout."""

import argparse
import sys

from polydocs.bench.command import register
from polydocs.diagnostics import PolydocsError

_parser = argparse.ArgumentParser(prog="python -m polydocs.bench")
register(_parser.add_subparsers(dest="command", required=True))
_args = _parser.parse_args(["bench", *sys.argv[1:]])
try:
    raise SystemExit(int(_args.run(_args) or 0))
except PolydocsError as error:
    print(f"polydocs bench: {error}", file=sys.stderr)
    raise SystemExit(1) from error
