"""`python -m polydocs` runs the command-line interface."""

from polydocs.cli import run

run()
