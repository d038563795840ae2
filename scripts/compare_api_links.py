"""Count a tree's API links and how many polydocs and doc-builder each resolve.

    PYTHONPATH=src python3 scripts/compare_api_links.py --library peft path/to/docs/source
        [--keep FOLDER] [--neither]

The tree is built by `polydocs build --report-json` and read by doc-builder's own conversion, with the same
installed library (`polydocs.docstrings.link_agreement`). Prints both counts, then each link one resolves and
the other does not, with its page:line; then the same for the links inside the docstrings of the documented
objects (each with its page#anchor); links into other Hugging Face libraries are counted apart (doc-builder
downloads their objects.inv while building; nothing is downloaded here). Exits 1 when doc-builder resolves a
link of the library that polydocs does not.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import sys
from pathlib import Path

from polydocs.docstrings.link_agreement import LinkCount, count_links


def _report(library: str, count: LinkCount, show_neither: bool) -> None:
    version = importlib.metadata.version(library)
    builder = importlib.metadata.version("hf-doc-builder")
    print(f"## {library} {version}: API links, polydocs against doc-builder {builder}\n")
    own = [use for use in count.uses if not use.other_library]
    other = len(count.uses) - len(own)
    print("| links | count | doc-builder resolves | polydocs resolves |\n|---|---:|---:|---:|")
    print(f"| {library} | {len(own)} | {count.resolved('doc_builder')} | {count.resolved('polydocs')} |")
    other_db, other_pd = count.resolved("doc_builder", True), count.resolved("polydocs", True)
    print(f"| other Hugging Face libraries | {other} | {other_db} (offline) | {other_pd} |")
    if count.doc_builder_left_out:
        names = ", ".join(count.doc_builder_left_out)
        print(
            f"\nleft out for doc-builder (not in the installed {library}, it would stop the build): {names}"
        )
    for failure in count.doc_builder_failures:
        print(f"\ndoc-builder cannot convert {failure}")
    _differences(count, False, show_neither)
    print("\n## Links inside the docstrings of the documented objects\n")
    uses = count.docstring_uses
    own = [use for use in uses if not use.other_library]
    print("| links | count | doc-builder resolves | polydocs resolves |\n|---|---:|---:|---:|")
    print(
        f"| {library} | {len(own)} | {count.resolved('doc_builder', docstrings=True)} "
        f"| {count.resolved('polydocs', docstrings=True)} |"
    )
    other_db = count.resolved("doc_builder", True, True)
    other_pd = count.resolved("polydocs", True, True)
    print(f"| other Hugging Face libraries | {len(uses) - len(own)} | {other_db} (offline) | {other_pd} |")
    _differences(count, True, show_neither)


def _differences(count: LinkCount, docstrings: bool, show_neither: bool) -> None:
    for tool, label in (("doc_builder", "doc-builder"), ("polydocs", "polydocs")):
        only = count.only(tool, docstrings)
        print(f"\nresolved by {label} only ({len(only)}):")
        for use in only:
            mark = " (other library)" if use.other_library else ""
            print(f"- {use.where} [`{use.text}`]{mark}")
    if show_neither:
        uses = count.docstring_uses if docstrings else count.uses
        neither = [use for use in uses if not use.doc_builder and not use.polydocs]
        print(f"\nresolved by neither ({len(neither)}):")
        for use in neither:
            print(f"- {use.where} [`{use.text}`]{' (other library)' if use.other_library else ''}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", required=True, help="the documented package, installed")
    parser.add_argument("source", type=Path, help="the doc-builder tree (docs/source)")
    parser.add_argument(
        "--keep", type=Path, help="build the site and report in this (new) folder and keep them"
    )
    parser.add_argument("--neither", action="store_true", help="list the links neither tool resolves too")
    arguments = parser.parse_args()
    if arguments.keep:
        arguments.keep.mkdir(parents=True)
    count = count_links(arguments.source, arguments.library, arguments.keep)
    _report(arguments.library, count, arguments.neither)
    behind = [*count.only("doc_builder"), *count.only("doc_builder", docstrings=True)]
    return 1 if any(not use.other_library for use in behind) else 0


if __name__ == "__main__":
    sys.exit(main())
