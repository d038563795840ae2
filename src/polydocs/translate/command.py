"""`polydocs translate LANG PAGE` and `polydocs translate --changes LANG PAGE`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from polydocs.diagnostics import counted
from polydocs.dialect import load_source_tree
from polydocs.sources import PAGE_SUFFIXES, SOURCE_LANGUAGE
from polydocs.translate.changes import BlockChange, EnglishChanges, english_changes
from polydocs.translate.start import StartedTranslation, start_translation

DEFAULT_SOURCE = Path("docs_src")
_SHOWN_LINES = 6  # of a changed block's text, enough to find it in the page


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "translate",
        help="start a translation from the English page, or list what changed in English since",
        description="Start LANG's translation of PAGE: the English page copied (license header, code, "
        "directives and components verbatim) with a marker before each block of prose, which the build "
        "and `polydocs lint` report until it is translated and the marker deleted; the page added to "
        "LANG's _toctree.yml where English has it; the lock recording it as in progress. With --changes, "
        "list the English blocks that changed since the translation was last marked current.",
    )
    parser.add_argument("lang", metavar="LANG", help="the language folder of the translation (es, pt-BR)")
    parser.add_argument("page", metavar="PAGE", help="the page as the toctree names it (graph_breaks)")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="source tree (default: docs_src)")
    parser.add_argument(
        "--changes", action="store_true", help="list what changed in English, block by block; write nothing"
    )
    parser.add_argument("--force", action="store_true", help="start again even if the translation exists")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="of --changes' list")
    parser.set_defaults(run=run_translate)


def run_translate(args: argparse.Namespace) -> int:
    tree = load_source_tree(args.source)
    local = _page_name(args.page, args.lang)
    if args.changes:
        found = english_changes(tree, args.lang, local)
        if args.format == "json":
            json.dump(_changes_json(found), sys.stdout, indent=1, ensure_ascii=False)
            sys.stdout.write("\n")
        else:
            print(_changes_text(found))
        return 0
    _say_started(start_translation(tree, args.lang, local, force=args.force), args.lang, local)
    return 0


def _page_name(text: str, lang: str) -> str:
    """`graph_breaks`, `graph_breaks.md`, `en/graph_breaks.md` or `pt/graph_breaks.md` -> `graph_breaks`."""
    name = Path(text).as_posix().strip("/")
    for suffix in PAGE_SUFFIXES:
        name = name.removesuffix(suffix)
    for prefix in (f"{SOURCE_LANGUAGE}/", f"{lang}/"):
        name = name.removeprefix(prefix)
    return name


def _say_started(started: StartedTranslation, lang: str, local: str) -> None:
    where = f"added to {started.toctree} under its English title" if started.toctree else "already listed"
    print(
        f"polydocs translate: wrote {started.page} ({started.markers} prose blocks marked for translation); "
        f"{where}; recorded in {started.lock} as in progress",
        file=sys.stderr,
    )
    print(
        f"next: translate each marked block and delete its marker (`polydocs lint {started.page}` lists "
        f"those left), translate its title in the toctree, then `polydocs status --mark {lang}/{local}.md`",
        file=sys.stderr,
    )


def _changes_text(found: EnglishChanges) -> str:
    english = f"{SOURCE_LANGUAGE}/{found.local}.md"
    if not found.changes:
        return f"{found.lang}/{found.local}.md: {english} has not changed since the lock's revision"
    lines = [
        f"{found.lang}/{found.local}.md: {counted(len(found.changes), 'block')} of {english} changed "
        "since the lock's revision"
    ]
    for change in found.changes:
        lines.append(f"  {_where(english, change)}  {change.what} {change.how}{_note(change)}")
        if change.block is not None and change.what != "code":
            text = change.block.text.split("\n")
            lines += [f"      | {line}" for line in text[:_SHOWN_LINES]]
            if len(text) > _SHOWN_LINES:
                lines.append(f"      | ... ({len(text) - _SHOWN_LINES} more lines)")
    if found.code_only:
        lines.append(
            "only code changed: copy the blocks as they are; the snippet checker verifies them, "
            "nothing needs translating"
        )
    return "\n".join(lines)


def _where(english: str, change: BlockChange) -> str:
    if change.block is None:
        return f"{english}:{max(change.after_line, 1)}"
    first, last = change.block.line, change.block.last + 1
    return f"{english}:{first}" if first == last else f"{english}:{first}-{last}"


def _note(change: BlockChange) -> str:
    if change.how == "removed":
        return f" (it stood after line {change.after_line})" if change.after_line else " (it opened the page)"
    if change.what == "code":
        return " (code only: copy it; the checker re-verifies it)"
    return ""


def _changes_json(found: EnglishChanges) -> dict[str, object]:
    return {
        "translation": f"{found.lang}/{found.local}.md",
        "code_only": found.code_only,
        "changes": [
            {
                "how": change.how,
                "what": change.what,
                "line": change.block.line if change.block else None,
                "last_line": change.block.last + 1 if change.block else None,
                "after_line": change.after_line if change.block is None else None,
                "text": change.block.text if change.block else None,
            }
            for change in found.changes
        ],
    }
