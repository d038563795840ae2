"""`polydocs lint [PATHS]` and `polydocs status [--mark LANG/PAGE.md]`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.lint.installed import InstalledFacts, default_store
from polydocs.lint.rules import PAGE_RULES
from polydocs.lint.rules.code_style import fix_code_style
from polydocs.lint.runner import lint_paths
from polydocs.sources import PAGE_SUFFIXES, SOURCE_LANGUAGE, Language, load_source_tree
from polydocs.sources.freshness import STATES

DEFAULT_SOURCE = Path("docs_src")
RULE_NAMES = [*PAGE_RULES, "toctree", "secrets"]


def register(subparsers: Any) -> None:
    lint = subparsers.add_parser(
        "lint",
        help="check pages without running them: headers, callouts, links, parity, claims, secrets",
        description="Check documentation pages without running any code. Every finding is "
        "`path:line: code message; what to do`; the exit status is 1 when there are findings.",
    )
    lint.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="a source tree (docs_src), a language folder or a page; default: docs_src and the repository",
    )
    lint.add_argument(
        "--format", choices=("text", "json"), default="text", help="json: one object per finding"
    )
    lint.add_argument("--strict", action="store_true", help="warnings count as findings too")
    lint.add_argument(
        "--repository",
        action="store_true",
        help="also scan every file git tracks for secrets (on by default when no PATH is given)",
    )
    lint.add_argument(
        "--rule", action="append", choices=RULE_NAMES, dest="rules", help="run only this rule (repeatable)"
    )
    lint.add_argument(
        "--no-cache", action="store_true", help="ask torch afresh, keep no cache of its answers"
    )
    lint.add_argument(
        "--fix",
        action="store_true",
        help="first rewrite Python blocks in place as `doc-builder style` formats them (rule code-style)",
    )
    lint.add_argument(
        "--library",
        metavar="PACKAGE",
        help="the library the pages document (import name, e.g. peft), as for `polydocs build --library`",
    )
    lint.set_defaults(run=run_lint)

    status = subparsers.add_parser(
        "status",
        help="translation status per language: current, outdated, untracked, missing; UI strings in English",
        description="Show which translations are up to date with their English page, or record that one is, "
        "and which of the strings polydocs adds to pages (banners, callout titles, buttons, badges, the "
        "status page) each language still shows in English: they are translated in polydocs' catalog, "
        "src/polydocs/sources/strings/<tag>.yml (docs/languages.md).",
    )
    status.add_argument(
        "--source", type=Path, default=DEFAULT_SOURCE, help="the source tree (default: docs_src)"
    )
    status.add_argument(
        "--mark",
        action="append",
        default=[],
        metavar="LANG/PAGE.md",
        help="record this translation as up to date with its English page (repeatable; LANG marks all)",
    )
    status.add_argument("--lang", action="append", help="show only this language (repeatable)")
    status.add_argument("--format", choices=("text", "json"), default="text")
    status.add_argument(
        "--check", action="store_true", help="exit 1 when a translation is outdated or untracked"
    )
    status.set_defaults(run=run_status)


def run_lint(args: argparse.Namespace) -> int:
    paths = args.paths or [DEFAULT_SOURCE]
    if args.fix:
        for path in fix_code_style(paths):
            print(f"polydocs lint: reformatted the Python blocks of {path}", file=sys.stderr)
    facts = InstalledFacts(None if args.no_cache else default_store())
    report = lint_paths(
        paths,
        repository=args.repository or not args.paths,
        facts=facts,
        rules=args.rules,
        library=args.library,
    )
    if args.format == "json":
        json.dump(
            [finding.to_dict() for finding in report.findings], sys.stdout, indent=1, ensure_ascii=False
        )
        sys.stdout.write("\n")
    else:
        for finding in report.findings:
            print(finding)
        errors = sum(f.severity == "error" for f in report.findings)
        warnings = len(report.findings) - errors
        print(
            f"polydocs lint: {report.pages} pages, {report.files_scanned_for_secrets} files scanned for "
            f"secrets: {errors} errors, {warnings} warnings",
            file=sys.stderr,
        )
    return 1 if report.failed(args.strict) else 0


def _page_argument(text: str, source: Path) -> tuple[str, str | None]:
    """`es/perf_torch_compile.md`, `docs_src/es/perf_torch_compile.md`, `es/perf_torch_compile` or `es`."""
    path = Path(text)
    if path.exists():
        try:
            path = path.resolve().relative_to(source.resolve())
        except ValueError:
            pass
    name = path.as_posix()
    for suffix in PAGE_SUFFIXES:
        name = name.removesuffix(suffix)
    lang, _, local = name.strip("/").partition("/")
    if not lang:
        raise PolydocsError([Diagnostic(text, 0, "freshness-mark", "expected LANG/PAGE.md", "", "error")])
    return lang, local or None


def _missing_strings_line(language: Language) -> str:
    """What `polydocs status` says of the interface strings a language still shows in English."""
    total = len(language.strings)
    if not language.missing_strings:
        return f"  interface: all {total} strings in {language.tag}"
    shown = ", ".join(language.missing_strings)
    return (
        f"  interface: {len(language.missing_strings)} of {total} strings shown in English "
        f"(no {language.tag} translation in src/polydocs/sources/strings/): {shown}"
    )


def run_status(args: argparse.Namespace) -> int:
    tree = load_source_tree(args.source)
    freshness = tree.freshness
    if args.mark:
        for text in args.mark:
            lang, local = _page_argument(text, args.source)
            if local is None:
                for page in freshness.translations.get(lang, set()) & set(freshness.english):
                    freshness.mark(lang, page)
            else:
                freshness.mark(lang, local)
        freshness.save()
        print(f"polydocs status: recorded {', '.join(args.mark)} in {freshness.lock_path}", file=sys.stderr)
    languages = [lang for lang in sorted(freshness.translations) if lang != SOURCE_LANGUAGE]
    if args.lang:
        languages = [lang for lang in languages if lang in args.lang]
    groups = {lang: freshness.pages_by_state(lang) for lang in languages}
    if args.format == "json":
        json.dump(groups, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        total = len(freshness.english)
        for lang, by_state in groups.items():
            # `in-progress` only where a translation was started (`polydocs translate`) and not yet marked.
            shown = [state for state in STATES if state != "in-progress" or by_state[state]]
            counts = ", ".join(f"{len(by_state[state])} {state}" for state in shown)
            print(f"{lang}: {counts} (of {total} English pages)")
            for state in ("in-progress", "outdated", "untracked", "missing"):
                for local in by_state[state]:
                    print(f"  {state:9} {lang}/{local}.md")
            print(_missing_strings_line(tree.language(lang)))
    stale = any(by_state["outdated"] or by_state["untracked"] for by_state in groups.values())
    return 1 if args.check and stale else 0
