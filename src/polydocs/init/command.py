"""`polydocs init [PATH]`."""

from __future__ import annotations

import argparse
from pathlib import Path

from polydocs.init.makefile import TARGETS


def _run(args: argparse.Namespace) -> int:
    from polydocs.init.write import init_repository

    report = init_repository(args.path, args.source, args.force)
    print("\n".join(report.lines()))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "init",
        help="adopt polydocs in a repository: settings, Makefile targets, CI workflows",
        description="Read the docs tree of the repository at PATH (docs/source, or --source) through the "
        "site model and write: SOURCE/polydocs.yml (commented; the library, and the `languages:` aliases "
        "of folders such as gj that name no registered language), the Makefile targets "
        f"{', '.join(TARGETS)} (one marked block), .github/workflows/polydocs.yml (the reusable workflow: "
        "lint and secret scan, build, snippet shards, GPU job) and .github/workflows/docs.yml, which "
        "calls it, and SOURCE/_lint-baseline.jsonl: lint run once on the tree, every finding recorded as "
        "accepted (`polydocs lint --write-baseline`), which `make docs-lint` and the lint job read, so "
        "that they start green and fail on new findings only (leaving out, and saying, those only a "
        "documented library not installed here makes). It runs no snippet: it says how to write "
        "SOURCE/_check-baseline.jsonl (`polydocs check --write-baseline`), which `make docs-check` and the "
        "snippet jobs read while it exists. Prints what it did to each file, how many "
        "findings it baselined and how to burn them down, and the iframe hosts the pages embed that the "
        "settings refuse (also suggested, commented, in polydocs.yml). A second run changes nothing and "
        "says so. Nothing "
        "is overwritten without --force: where any file may not be written, none is, and each is named. "
        "An existing polydocs.yml or baseline is kept (--force replaces it); an existing Makefile "
        "without the targets gets them appended only with --force, and one that defines a target of the "
        "same name is refused. A docs tree, toctree or settings file linked out of the repository, a "
        "write through a link out, and names init could not write as they are (--source, language "
        "folders) are refused.",
    )
    parser.add_argument(
        "path", nargs="?", type=Path, default=Path("."), help="the repository (default: the current folder)"
    )
    parser.add_argument(
        "--source",
        type=Path,
        help="the docs tree, relative to PATH (default: docs/source)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace files that differ from what init writes (the baseline: lint again), and append the "
        "targets to a Makefile",
    )
    parser.set_defaults(run=_run)
