"""The Content-Security-Policy every published HTML page carries, and the check that each one does.

A policy in a `<meta>` element governs only what comes after it, so it must come first in the head, before
anything that loads or runs. Material's pages get theirs from the theme (`partials/content-security-
policy.html`), the root pages allow their one inline script and style by hash (`root_page.py`), and the
pages that only send readers on (redirects, the versioned root) allow nothing at all. At the end of a build,
before the site is switched in, `policy_problems` reads the head of every HTML file the build wrote: a
file without such a policy, or whose policy lets any inline or foreign script run, stops the build.
"""

from __future__ import annotations

from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

from polydocs.diagnostics import Diagnostic

CODE = "content-security-policy"
# For a page that runs nothing and loads nothing: a redirect, a list of links.
NOTHING_ALLOWED = "default-src 'none'; base-uri 'none'; form-action 'none'"
# Script sources that would let a page's own markup run: none may appear where scripts are decided.
_UNSAFE_SCRIPT_SOURCES = frozenset(
    {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:", "blob:"}
)
# What may come before the policy: the document's frame and its character encoding.
_BEFORE_POLICY = frozenset({"html", "head"})
# The policy sits in the first bytes of a page (Material's pages: under 400).
_HEAD_BYTES = 16_384
_PIECE = 512


def policy_meta(policy: str) -> str:
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'


class _Head(HTMLParser):
    """The policy of the first `<meta http-equiv>` in a page's head, and the element met first otherwise."""

    def __init__(self) -> None:
        super().__init__()
        self.policy: str | None = None
        self.first_other: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.policy is not None or self.first_other is not None:
            return
        named = {name: value or "" for name, value in attrs}
        if tag == "meta" and named.get("http-equiv", "").lower() == "content-security-policy":
            self.policy = named.get("content", "")
        elif tag not in _BEFORE_POLICY and not (tag == "meta" and "charset" in named):
            self.first_other = tag


def page_policy_problem(path: Path) -> str | None:
    """Why the page at `path` is not protected by its policy; None when it is."""
    head = _Head()
    with path.open("rb") as page:
        start = page.read(_HEAD_BYTES).decode("utf-8", errors="replace")
    # Fed a piece at a time, and no further than the policy or what comes first instead.
    for offset in range(0, len(start), _PIECE):
        head.feed(start[offset : offset + _PIECE])
        if head.policy is not None or head.first_other is not None:
            break
    if head.policy is None:
        before = f" before its `<{head.first_other}>`" if head.first_other else ""
        return f"has no Content-Security-Policy{before}"
    directives = {
        parts[0].lower(): parts[1:] for directive in head.policy.split(";") if (parts := directive.split())
    }
    scripts = directives.get("script-src", directives.get("default-src"))
    if scripts is None:
        return "has a Content-Security-Policy that says nothing about scripts"
    unsafe = sorted(set(source.lower() for source in scripts) & _UNSAFE_SCRIPT_SOURCES)
    if unsafe:
        return f"has a Content-Security-Policy that lets scripts run from {', '.join(unsafe)}"
    return None


def policy_problems(pages: Iterable[Path], staged: Path, published: Path) -> list[Diagnostic]:
    """A build error for each HTML page among `pages` (in the staging folder `staged`) that its policy
    does not protect, named where it would be published (under `published`)."""
    problems = []
    for path in pages:
        if path.suffix.lower() in (".html", ".htm") and path.is_file():
            problem = page_policy_problem(path)
            if problem is not None:
                problems.append(_problem(published / path.relative_to(staged), problem))
    return problems


def html_pages(folder: Path) -> list[Path]:
    """Every HTML page under `folder` (itself, where it is one)."""
    if folder.is_file():
        return [folder]
    return sorted(path for path in folder.rglob("*") if path.suffix.lower() in (".html", ".htm"))


def _problem(path: Path, problem: str) -> Diagnostic:
    return Diagnostic(
        str(path),
        0,
        CODE,
        f"the published page {problem}; the site is not published",
        "a page polydocs writes lacks its policy: report this as a bug in polydocs",
        "error",
    )
