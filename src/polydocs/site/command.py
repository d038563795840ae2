"""`polydocs build` and `polydocs serve`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.diagnostics import PolydocsError

if TYPE_CHECKING:
    from polydocs.site.build import BuildReport
    from polydocs.site.build_report import LanguageResult


def _languages(value: str) -> list[str]:
    return [code.strip() for code in value.split(",") if code.strip()]


def _write_report(path: Path | None, report: BuildReport) -> None:
    if path is not None:
        text = json.dumps(report.to_dict(), indent=1, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")


def _build(args: argparse.Namespace) -> BuildReport:
    """The build, its report written to `--report-json` whether it succeeds or not."""
    from polydocs.site.build import BuildFailed, BuildReport, build_site
    from polydocs.site.versions import VersionRequest

    version = VersionRequest(args.version, tuple(args.alias or ()), args.default) if args.version else None
    if version is None and (args.alias or args.default):
        raise PolydocsError(summary="--alias and --default name a version: add --version NAME")
    try:
        report = build_site(
            args.source,
            args.out,
            args.lang,
            strict=args.strict,
            jobs=args.jobs,
            use_cache=not args.no_cache,
            library=args.library,
            version=version,
        )
    except BuildFailed as failed:
        _write_report(args.report_json, failed.report or BuildReport(args.out, [], failed.diagnostics, 0.0))
        if failed.report is not None and failed.report.languages and not args.strict:
            _print_warnings(failed.report, args.verbose)
        raise
    except PolydocsError as error:  # nothing was built: the sources or the output were refused
        _write_report(args.report_json, BuildReport(args.out, [], error.diagnostics, 0.0))
        raise
    _write_report(args.report_json, report)
    return report


# More warnings than this are summarised by code on the terminal; `--verbose` and `--report-json` list each.
LISTED_AT_MOST = 20


def _print_warnings(report: BuildReport, verbose: bool) -> None:
    """The documented library once; each warning (a group of one cause as its summary unless `verbose`)
    when there are few, or `verbose`; then the count of each code."""
    from polydocs.dialect.site_inventory import reference_pages
    from polydocs.site.build_summary import summary_by_code
    from polydocs.sources.installed_packages import light_build_said

    if report.library is not None:
        print(f"polydocs build: {report.library.said()}", file=sys.stderr)
        # Only a tree whose pages document objects of the library reads any from their files.
        documented = report.tree is not None and reference_pages(report.tree, report.library.name)
        if documented and (light := light_build_said(report.library.name)):
            print(f"polydocs build: {light}", file=sys.stderr)
    shown = report.shown_problems(verbose)
    listed = verbose or len(shown) <= LISTED_AT_MOST
    for warning in shown if listed else []:
        print(f"WARNING {warning}", file=sys.stderr)
    if shown:
        more = "" if listed else f"; {len(shown)} warnings not listed: --verbose or --report-json lists each"
        print(summary_by_code(shown, listed) + more, file=sys.stderr)


def _run_build(args: argparse.Namespace) -> int:
    report = _build(args)
    _print_warnings(report, args.verbose)
    built = ", ".join(
        f"{result.lang} ({result.pages} pages, {_built_in(result)})" for result in report.languages
    )
    print(f"built {built} into {report.out} in {report.seconds:.2f} s; {len(report.warnings)} warning(s)")
    return 0


def _built_in(result: LanguageResult) -> str:
    if result.unchanged:
        return "unchanged"
    return f"{result.seconds:.2f} s" + (f" in {result.parts} processes" if result.parts > 1 else "")


def _run_serve(args: argparse.Namespace) -> int:
    from polydocs.site.serve import serve

    serve(args.source, args.host, args.port, args.library, args.lang)
    return 0


def _library_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--library",
        metavar="PACKAGE",
        help="the library the pages document (its import name, e.g. peft): API links and [[autodoc]] "
        "resolve in it, and a dotted name such as transformers.Trainer in that library. Default: "
        "`library:` in SOURCE/polydocs.yml, else its api_reference package, else the name in the "
        "pyproject.toml or setup.py above SOURCE, else the package the pages' [[autodoc]] directives name, "
        "else transformers; the build says which",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    build = subparsers.add_parser(
        "build",
        help="build the multilingual site",
        description="Build every language of SOURCE into OUT/<lang>/ with a language-picking root page. "
        "A SOURCE with _toctree.yml at its top (as doc-builder reads peft/docs/source) is one English "
        "language, built into OUT/en/, its folders sections; its _redirects.yml (old page: new page) "
        "becomes redirect pages, each target checked. Otherwise "
        "a language is a folder named by a BCP 47 tag (de, zh-TW, pt-BR), or one that `languages:` in "
        "SOURCE/polydocs.yml names (`languages: {cn: zh}`: URLs keep /cn/, pages say zh); any other "
        "folder not starting with _ is an error. A code that is no registered language (gj) builds with "
        "the English interface and a warning. The new site is assembled beside OUT and switched in with "
        "one rename only when the whole build succeeds; otherwise OUT is left as it was. Refused before "
        "building: an OUT that is, contains or "
        "lies inside SOURCE, an OUT that is a file, a non-empty OUT that polydocs did not make (it marks "
        "its outputs with a .polydocs-site file), an OUT it cannot write. One build at a time writes an "
        "OUT: a second one waits for the first. An [[autodoc]] the build cannot document (library not "
        "installed, object missing, not found by griffe) is a warning at its line and a placeholder on "
        "the page, never a stopped build; a language that still stops is explained at its page and line.",
    )
    build.add_argument(
        "--source", type=Path, default=Path("docs_src"), help="source tree (default: docs_src)"
    )
    build.add_argument(
        "--out",
        type=Path,
        default=Path("site"),
        help="output folder, replaced as a whole (default: site)",
    )
    build.add_argument(
        "--lang",
        type=_languages,
        help="comma-separated languages to build, e.g. es,pt; the others are kept from the current OUT",
    )
    build.add_argument("--strict", action="store_true", help="fail on any warning, listing them all")
    build.add_argument(
        "--jobs",
        type=int,
        help="parallel build processes (default: one per CPU while pages need converting, the last "
        "language split across them where one would idle, or one per language where it is too short to "
        "split and the languages are fewer than two per CPU; one per language once pages are cached)",
    )
    build.add_argument(
        "--no-cache",
        action="store_true",
        help="build every language and convert every page again, instead of keeping languages and "
        "pages that did not change since the last build into this --out, and reusing earlier conversions",
    )
    build.add_argument(
        "--report-json",
        type=Path,
        metavar="FILE",
        help="also write every diagnostic of the build (path, line, code, message, hint, severity, "
        "language) and each language's page count to FILE as JSON, also when the build fails",
    )
    _library_argument(build)
    build.add_argument(
        "--version",
        metavar="NAME",
        help="build into OUT/NAME/<lang>/ as one version of the documentation (v1.2, main), keeping the "
        "other versions in OUT; OUT/versions.json lists them in the format of mike and Material's "
        "version selector, and every page gets a selector leading to the same page in the other versions",
    )
    build.add_argument(
        "--alias",
        action="append",
        metavar="NAME",
        help="with --version: also publish it as OUT/NAME/ (latest, stable), taken from any other version",
    )
    build.add_argument(
        "--default",
        action="store_true",
        help="with --version: the version OUT/ leads to and the other versions' banners point to "
        "(the first version built is the default until another is)",
    )
    build.add_argument(
        "--verbose",
        action="store_true",
        help="list every warning; without it the API links and autodoc blocks of a library that is not "
        "installed are one summary line (--report-json always has each)",
    )
    build.set_defaults(run=_run_build)

    serve = subparsers.add_parser(
        "serve",
        help="preview the site with live reload",
        description="Serve at once from a temporary folder, building the languages behind the server: "
        "the page you open alone first, then its language (--lang first), then the others (a page of "
        "a language not built yet says it is building and reloads itself until it is; one you open "
        "while a language builds is built alone beside that build). Then an edit "
        "renders again only the pages it reaches. "
        "While an edit does not build, that language's pages show the error (path:line) and the other "
        "languages keep the last good build; the next good edit brings the pages back.",
    )
    serve.add_argument(
        "--source", type=Path, default=Path("docs_src"), help="source tree (default: docs_src)"
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to serve on (default: 127.0.0.1, this machine only)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port to serve on (default: 8000)")
    serve.add_argument(
        "--lang",
        default="en",
        metavar="CODE",
        help="the language built first, the one you open (default: en); the page of another language "
        "you open is built next",
    )
    _library_argument(serve)
    serve.set_defaults(run=_run_serve)
