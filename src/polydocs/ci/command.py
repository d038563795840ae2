"""`polydocs ci hooks | pull-request | preview | unpreview | deploy`: the steps of the workflows
`polydocs init` writes that are neither build, lint nor check (docs/ci.md)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.guide import guide_url

if TYPE_CHECKING:
    from polydocs.ci.notebooks import BuiltNotebook
    from polydocs.ci.pages_branch import PagesBranch
    from polydocs.sources import SourceTree
    from polydocs.sources.ci_settings import CiSettings


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
    if args.notebooks and settings.notebooks_repository and not args.notebooks_remote:
        _require_notebooks_token()
    with tempfile.TemporaryDirectory(prefix="polydocs-notebooks-") as kept:
        notebooks = _NotebooksKept(Path(kept)) if args.notebooks and settings.notebooks_repository else None

        def build(out: Path, request: VersionRequest) -> None:
            report = build_site(args.source, out, args.lang, strict=args.strict, version=request)
            if notebooks is not None:
                notebooks.keep(report.tree, out / request.name)

        published, request = deploy(deployment, _branch(args, settings.pages_branch), build, args.sha)
        aliases = f" (aliases: {', '.join(request.aliases)})" if request.aliases else ""
        default = "; the default version" if request.default else ""
        print(f"deployed {request.name}{aliases}{default}: {published.action} {published.commit[:12]}")
        if args.notebooks and notebooks is None:
            print("notebooks: ci.notebooks_repository is not set in polydocs.yml: none pushed")
        elif notebooks is not None:
            _push_notebooks(args, settings, notebooks, request.name)
    return 0


def _require_notebooks_token() -> None:
    """Refused before anything is built or pushed: the notebooks push would fail after the deploy."""
    from polydocs.ci.notebooks import TOKEN_VARIABLE

    if not os.environ.get(TOKEN_VARIABLE):
        message = (
            f"ci.notebooks_repository is set but ${TOKEN_VARIABLE} is empty: the notebooks cannot be pushed"
        )
        hint = (
            "add a repository secret NOTEBOOKS_TOKEN (a token that may push to that repository), which "
            "docs.yml passes as `notebooks-token`, or remove ci.notebooks_repository from polydocs.yml"
        )
        raise PolydocsError([Diagnostic("--notebooks", 0, "publish", message, hint, "error")])


class _NotebooksKept:
    """The notebooks of the version a deploy built, copied out of the pages branch's checkout (which is
    gone once pushed) for the notebooks push."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notebooks: list[BuiltNotebook] = []

    def keep(self, tree: SourceTree | None, site: Path) -> None:
        from polydocs.ci.notebooks import BuiltNotebook, built_notebooks

        shutil.rmtree(self.folder, ignore_errors=True)  # a publish started again builds again
        self.notebooks = []
        for notebook in built_notebooks(tree, site) if tree is not None else []:
            copy = self.folder / notebook.name
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(notebook.built, copy)
            self.notebooks.append(BuiltNotebook(notebook.name, copy))


def _push_notebooks(
    args: argparse.Namespace, settings: CiSettings, kept: _NotebooksKept, version: str
) -> None:
    from polydocs.ci.notebooks import notebooks_branch, push_notebooks

    branch = notebooks_branch(settings, args.notebooks_remote)
    repository = os.environ.get("GITHUB_REPOSITORY", "the docs")
    message = f"Notebooks of {repository} {version}" + (f" ({args.sha[:12]})" if args.sha else "")
    folder = settings.notebooks_folder
    published = push_notebooks(kept.notebooks, folder, branch, message, args.lang)
    where = f"{settings.notebooks_repository}:{settings.notebooks_branch}/{folder}"
    print(f"notebooks: {len(kept.notebooks)} to {where}: {published.action} {published.commit[:12]}")


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
        help="the workflows' other steps: hooks, previews, the versioned deploy, the notebooks push",
        description="Steps of the workflows `polydocs init` writes "
        f"({guide_url('ci.md')}): the hooks of `ci:` in polydocs.yml, a pull request's preview on the "
        "pages branch and its comment, the versioned deploy and its notebooks push.",
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
    deploy.add_argument(
        "--notebooks",
        action="store_true",
        help="then push the version's notebooks to `ci.notebooks_folder` of `ci.notebooks_repository` "
        "(with $NOTEBOOKS_TOKEN); nothing when that is not set. docs.yml passes it on the default branch",
    )
    deploy.add_argument(
        "--notebooks-remote",
        help="push the notebooks here instead (a path for a local bare repository)",
    )
    _common(deploy)
    deploy.set_defaults(run=_deploy)
