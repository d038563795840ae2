"""`polydocs lint [PATHS]` and `polydocs status [--mark LANG/PAGE.md]`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from polydocs.baseline_file import BaselineEntry
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.guide import guide_url
from polydocs.lint.baseline import apply_baseline, write_baseline
from polydocs.lint.installed import InstalledFacts, default_store
from polydocs.lint.output import FORMATS, WRITERS, rule_summary
from polydocs.lint.rules import PAGE_RULES
from polydocs.lint.rules.code_style import fix_code_style
from polydocs.lint.runner import lint_paths
from polydocs.sources import PAGE_SUFFIXES, SOURCE_LANGUAGE, Language, SourceTree
from polydocs.sources.changes import changes_since
from polydocs.sources.freshness import STATES

DEFAULT_SOURCE = Path("docs_src")
RULE_NAMES = [*PAGE_RULES, "toctree", "secrets"]


def register(subparsers: Any) -> None:
    lint = subparsers.add_parser(
        "lint",
        help="check pages without running them: headers, callouts, links, parity, claims, secrets",
        description="Check documentation pages without running any code. Findings are grouped by page, "
        "each `line: code message; what to do`, with a count per code; the exit status is 1 when there "
        "are errors (with --strict, any finding).",
    )
    lint.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="a source tree (docs_src), a language folder or a page; default: docs_src and the repository",
    )
    lint.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text: by page, then a count per code (standard error); github: GitHub Actions annotations; "
        "json: a list of findings; sarif: a SARIF 2.1.0 log",
    )
    lint.add_argument("--strict", action="store_true", help="warnings count as findings too")
    lint.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="report only findings not recorded in FILE (and the recorded ones that are gone)",
    )
    lint.add_argument(
        "--write-baseline",
        type=Path,
        metavar="FILE",
        help="record every finding of this run in FILE (JSON lines) as accepted, and exit 0",
    )
    lint.add_argument(
        "--changed-since",
        metavar="REF",
        help="pull-request mode: only pages changed since git REF (from its merge base with HEAD, "
        "untracked files included) and their translations or English source; line findings only "
        "on changed lines",
    )
    lint.add_argument(
        "--repository",
        action="store_true",
        help="also scan every file git tracks for secrets (on by default when no PATH is given)",
    )
    lint.add_argument(
        "--rule", action="append", choices=RULE_NAMES, dest="rules", help="run only this rule (repeatable)"
    )
    lint.add_argument(
        "--no-cache",
        action="store_true",
        help="ask torch afresh, render and check every page again: keep no cache of torch's answers, of "
        "the pages' renderings or of their constructs' findings",
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
        f"one file per language ({guide_url('languages.md', 'The catalog: every string polydocs adds')}).",
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
    status.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: each language's pages by state (default); json: the same, for tools",
    )
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
    changes = changes_since(args.changed_since, paths[0]) if args.changed_since is not None else None
    report = lint_paths(
        paths,
        repository=args.repository or not args.paths,
        facts=facts,
        rules=args.rules,
        library=args.library,
        changes=changes,
        keep_pages=not args.no_cache,
    )
    if args.write_baseline:
        count = write_baseline(report.findings, args.write_baseline)
        print(f"polydocs lint: recorded {count} findings in {args.write_baseline}", file=sys.stderr)
        return 0
    findings, notes = report.findings, []
    if args.baseline:
        result = apply_baseline(findings, args.baseline)
        findings = result.new
        notes.append(f"{result.accepted} findings accepted by {args.baseline}")
        if result.old_rule:
            notes.append(_old_rule_note(result.old_rule, args.baseline))
        # Only what this run looked for can be gone: not the other pages' entries (a language folder
        # linted, pull-request mode), nor the secret scan's in a run without it, or the reverse.
        gone = _looked_for(result.gone, args.baseline, paths, args.repository or not args.paths)
        gone = [entry for entry in gone if args.rules is None or _rule_ran(entry.code, args.rules)]
        if gone and changes is None:
            notes.append(_gone_note(gone, args.baseline))
    sys.stdout.write(WRITERS[args.format](findings))
    if args.format == "text":
        sys.stderr.write(rule_summary(findings))
    errors = sum(f.severity == "error" for f in findings)
    scope = f" changed since {args.changed_since}" if changes is not None else ""
    print(
        f"polydocs lint: {report.pages} pages{scope}, {report.files_scanned_for_secrets} files scanned for "
        f"secrets: {errors} errors, {len(findings) - errors} warnings",
        *notes,
        sep="\n",
        file=sys.stderr,
    )
    return 1 if any(f.severity == "error" or args.strict for f in findings) else 0


def _looked_for(
    entries: list[BaselineEntry], baseline: Path, paths: list[Path], repository: bool
) -> list[BaselineEntry]:
    """The entries of files under the linted `paths` (any file, with the repository's secret scan)."""
    if repository:
        return entries
    linted = [path.resolve() for path in paths]
    return [
        entry
        for entry in entries
        if any((baseline.parent / entry.path).resolve().is_relative_to(path) for path in linted)
    ]


# The codes of the secret scan (`--rule secrets`), which the CI's secret step runs alone.
_SECRET_CODES = frozenset({"secret", "secret-allowlist"})


def _rule_ran(code: str, rules: list[str]) -> bool:
    """Whether a run of only `rules` looks for findings of `code` (known for the secret scan's codes;
    any other code is counted as looked for unless only the secret scan ran)."""
    if code in _SECRET_CODES:
        return "secrets" in rules
    return set(rules) != {"secrets"}


def _old_rule_note(count: int, baseline: Path) -> str:
    return (
        f"{count} entries of {baseline} have fingerprints of the rule before issue 40 (findings of one line "
        "or code block whose messages differ only in digits share one): they are matched by it, as before; "
        f"`polydocs lint --write-baseline {baseline}` (the same options) rewrites them with the current rule"
    )


def _gone_note(gone: list[BaselineEntry], baseline: Path) -> str:
    lines = [f"{len(gone)} findings of {baseline} are gone; `--write-baseline {baseline}` drops them:"]
    lines += [f"  {entry.path}:{entry.line}: {entry.code} {entry.message}" for entry in gone]
    return "\n".join(lines)


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
        f"(no {language.tag} translation in polydocs' catalog): {shown}"
    )


def _mark(tree: SourceTree, lang: str, local: str | None) -> None:
    """Record one translation (or every translation of `lang`) as up to date, or refuse with why: the
    English page's blocks and the translation's markers as the dialect finds them."""
    from polydocs.dialect.blocks import block_fingerprints
    from polydocs.dialect.constructs.translation_markers import marker_lines

    translated = [code for code in tree.languages if code != SOURCE_LANGUAGE]
    if lang not in translated:
        known = ", ".join(sorted(translated)) or "none"
        problem = f"no translation language `{lang}` in {tree.root} (its languages: {known})"
        raise PolydocsError([Diagnostic(lang, 0, "freshness-mark", problem, "pass LANG/PAGE.md", "error")])
    freshness = tree.freshness
    pages = sorted(freshness.translations.get(lang, set()) & set(freshness.english))
    for page in [local] if local is not None else pages:
        source, english = tree.pages[lang].get(page), tree.pages[SOURCE_LANGUAGE].get(page)
        blocks = block_fingerprints(english.read()) if english is not None else ()
        pending = marker_lines(source.read()) if source is not None else []
        freshness.mark(lang, page, blocks, source.path if source is not None else None, pending)


def _of_pages(tree: SourceTree, lang: str) -> str:
    """The pages the counts add up to: the language's site's (`site_pages`, as the build counts them),
    its English pages and, where it has any, its pages without an English one."""
    total, english = len(tree.site_pages(lang)), len(tree.pages[SOURCE_LANGUAGE])
    own = total - english
    return f"of {total} pages, as the build counts them" + (
        f": {english} English and {own} only in {lang}" if own else ""
    )


def run_status(args: argparse.Namespace) -> int:
    tree = load_source_tree(args.source)
    freshness = tree.freshness
    if args.mark:
        for text in args.mark:
            _mark(tree, *_page_argument(text, args.source))
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
        for lang, by_state in groups.items():
            # `in-progress` only where a translation was started (`polydocs translate`) and not yet marked.
            shown = [state for state in STATES if state != "in-progress" or by_state[state]]
            counts = ", ".join(f"{len(by_state[state])} {state}" for state in shown)
            print(f"{lang}: {counts} ({_of_pages(tree, lang)})")
            for state in ("in-progress", "outdated", "untracked", "missing"):
                for local in by_state[state]:
                    print(f"  {state:9} {lang}/{local}.md")
            print(_missing_strings_line(tree.language(lang)))
    stale = any(by_state["outdated"] or by_state["untracked"] for by_state in groups.values())
    return 1 if args.check and stale else 0
