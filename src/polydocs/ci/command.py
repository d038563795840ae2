"""`polydocs ci hooks | pull-request | preview | unpreview | deploy`: the steps of the workflows
`polydocs init` writes that are neither build, lint nor check (docs/ci.md)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.guide import guide_url

if TYPE_CHECKING:
    from polydocs.ci.pages_branch import PagesBranch


def _branch(args: argparse.Namespace, pages_branch: str) -> PagesBranch:
    from polydocs.ci.pages_branch import PagesBranch

    remote = args.remote or _github_remote()
    return PagesBranch(remote, pages_branch, os.environ.get("GITHUB_TOKEN", ""))


def _github_remote() -> str:
    repository = os.environ.get("GITHUB_REPOSITORY", "")
    if not repository:
        raise PolydocsError(
            [Diagnostic("--remote", 0, "publish", "no remote: not in a workflow", _REMOTE_HINT, "error")]
        )
    server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
    return f"{server}/{repository}.git"


_REMOTE_HINT = "pass --remote URL (a path for a local bare repository), or run inside a GitHub workflow"


def _hooks(args: argparse.Namespace) -> int:
    from polydocs.ci.hooks import ci_settings_of, hook_text

    sys.stdout.write(hook_text(ci_settings_of(args.source), args.hook))
    return 0


def _pull_request(args: argparse.Namespace) -> int:
    from polydocs.ci.preview import pull_request_number

    text = args.file.read_text(encoding="utf-8", errors="replace")[:100]
    print(pull_request_number(text, str(args.file)))
    return 0


def _preview(args: argparse.Namespace) -> int:
    from polydocs.ci.hooks import ci_settings_of
    from polydocs.ci.preview import BuildSummary, pages_url, preview_comment, preview_folder, publish_preview

    settings = ci_settings_of(args.source)
    url = ""
    if not args.site.exists():
        print(f"{args.site}: no site (the build failed before uploading one): nothing published")
    elif settings.preview == "off":
        print("ci.preview is false in polydocs.yml: nothing published; the comment names the artifact")
    elif args.from_fork and settings.preview != "all":
        print(
            "a pull request from a fork: its site is what its own build made, unreviewed, so it is not "
            "published on the docs' address (ci.preview: all publishes forks' too); "
            "the comment names the artifact"
        )
    else:
        published = publish_preview(args.site, args.pr, _branch(args, settings.pages_branch), args.sha)
        base = pages_url(settings.pages_url, os.environ.get("GITHUB_REPOSITORY", "OWNER/REPOSITORY"))
        url = f"{base}{preview_folder(args.pr)}/"
        print(f"preview of pull request #{args.pr}: {published.action} {published.commit[:12]}; {url}")
    if args.comment:
        summary = BuildSummary.read(args.report) if args.report else BuildSummary({}, {}, ())
        comment = preview_comment(url, summary, args.sha, args.run_url, built=args.site.exists())
        args.comment.write_text(comment, encoding="utf-8")
    return 0


def _unpreview(args: argparse.Namespace) -> int:
    from polydocs.ci.hooks import ci_settings_of
    from polydocs.ci.preview import remove_preview

    settings = ci_settings_of(args.source)
    published = remove_preview(args.pr, _branch(args, settings.pages_branch))
    print(f"preview of pull request #{args.pr}: removed ({published.action})")
    return 0


def _deploy(args: argparse.Namespace) -> int:
    from polydocs.ci.deploy import deploy, deployment_of
    from polydocs.ci.hooks import ci_settings_of
    from polydocs.site.build import build_site
    from polydocs.site.versions import VersionRequest

    settings = ci_settings_of(args.source)
    deployment = deployment_of(args.ref)

    def build(out: Path, request: VersionRequest) -> None:
        build_site(args.source, out, args.lang, strict=args.strict, version=request)

    published, request = deploy(deployment, _branch(args, settings.pages_branch), build, args.sha)
    aliases = f" (aliases: {', '.join(request.aliases)})" if request.aliases else ""
    default = "; the default version" if request.default else ""
    print(f"deployed {request.name}{aliases}{default}: {published.action} {published.commit[:12]}")
    return 0


def _pr(value: str) -> int:
    from polydocs.ci.preview import pull_request_number

    try:
        return pull_request_number(value, "--pr")
    except PolydocsError as error:
        raise argparse.ArgumentTypeError(str(error.diagnostics[0].message)) from None


def _languages(value: str) -> list[str]:
    return [code.strip() for code in value.split(",") if code.strip()]


def _common(parser: argparse.ArgumentParser, remote: bool = True) -> None:
    parser.add_argument(
        "--source",
        type=Path,
        default=Path("docs/source"),
        help="the docs tree whose polydocs.yml holds the `ci:` settings (default: docs/source)",
    )
    if remote:
        parser.add_argument(
            "--remote",
            help="the repository to push the pages branch to (default: this workflow's repository on "
            "GitHub, with $GITHUB_TOKEN); a path for a local bare repository",
        )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "ci",
        help="the workflows' other steps: hooks, previews, the versioned deploy",
        description="Steps of the workflows `polydocs init` writes "
        f"({guide_url('ci.md')}): the hooks of `ci:` in polydocs.yml, a pull request's preview on the "
        "pages branch and its comment, the versioned deploy.",
    )
    commands = parser.add_subparsers(dest="ci_command", metavar="STEP", required=True)

    hooks = commands.add_parser(
        "hooks",
        help="print a hook of `ci:` in polydocs.yml",
        description="Print `ci.system_packages` (one Debian package a line) or `ci.pre_command` of "
        "polydocs.yml, validated; nothing when unset. A workflow writes this into a file and reads it.",
    )
    hooks.add_argument("hook", choices=("system-packages", "pre-command"), help="which hook to print")
    _common(hooks, remote=False)
    hooks.set_defaults(run=_hooks)

    number = commands.add_parser(
        "pull-request",
        help="print the pull request number a build artifact names, validated",
        description="Read FILE (written by the pull request's build) and print the number it holds; "
        "fail unless it is one positive decimal number.",
    )
    number.add_argument("file", type=Path, help="the file of the build artifact that names the pull request")
    number.set_defaults(run=_pull_request)

    preview = commands.add_parser(
        "preview",
        help="publish a pull request's built site as pr-N/ of the pages branch",
        description="Copy SITE (plain files only) to pr-N/ of `ci.pages_branch` (default gh-pages), "
        "replacing an earlier preview of that pull request, and write the comment that links to it. With "
        "`ci.preview: false`, or for a fork's pull request unless `ci.preview: all`, nothing is published "
        "and the comment names the run's artifact.",
    )
    preview.add_argument("site", type=Path, help="the built site (the docs-site artifact)")
    preview.add_argument("--pr", type=_pr, required=True, help="the pull request's number")
    preview.add_argument("--sha", default="", help="the commit the site was built from")
    preview.add_argument("--report", type=Path, help="the build's --report-json, summarised in the comment")
    preview.add_argument("--comment", type=Path, help="write the comment's Markdown to this file")
    preview.add_argument("--run-url", default="", help="the address of the run that built the site")
    preview.add_argument(
        "--from-fork",
        action="store_true",
        help="the pull request comes from a fork: published only with `ci.preview: all`",
    )
    _common(preview)
    preview.set_defaults(run=_preview)

    unpreview = commands.add_parser(
        "unpreview",
        help="remove a pull request's preview from the pages branch",
        description="Remove pr-N/ from `ci.pages_branch` (nothing to do when it is not there).",
    )
    unpreview.add_argument("--pr", type=_pr, required=True, help="the pull request's number")
    _common(unpreview)
    unpreview.set_defaults(run=_unpreview)

    deploy = commands.add_parser(
        "deploy",
        help="build a pushed branch or tag as its version into the pages branch",
        description="Build the tree as the version REF names (a branch: its name; a tag vX.Y.Z: its name, "
        "and `latest` plus the default when it is the newest release published) into `ci.pages_branch`, "
        "keeping the other versions and versions.json, and push it.",
    )
    deploy.add_argument("--ref", required=True, help="the pushed ref, e.g. refs/heads/main, refs/tags/v1.2.0")
    deploy.add_argument("--sha", default="", help="the commit deployed (named in the commit message)")
    deploy.add_argument("--lang", type=_languages, help="comma-separated languages to build (default: all)")
    deploy.add_argument("--strict", action="store_true", help="refuse to deploy a build with warnings")
    _common(deploy)
    deploy.set_defaults(run=_deploy)
