"""`_redirects.yml`: doc-builder's map of old page -> new page, beside a language's `_toctree.yml`.

Each entry becomes a small page at the old address that sends the reader to the new one
(`site/redirects.py` writes them). An entry is checked against the site first: its target must be a page
the language's readers can open, and its old name must not be a page of its own (the redirect would hide
it); either problem is a warning at the entry's line and the entry is left out.

A target written as an absolute path (`habana/index: /docs/optimum-habana/index`: optimum's pages that moved
to the docs of their own libraries) is a path of huggingface.co, where the tree's docs are served and
where its `_redirects.yml` is read: the reader is sent there (`Redirect.external`). No other host is ever
a target, so a page's redirects cannot send readers to a site the tree chose.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.pages import PAGE_SUFFIXES
from polydocs.sources.text import read_utf8
from polydocs.sources.tree_yaml import compose_tree_yaml

REDIRECTS_NAME = "_redirects.yml"
# Where doc-builder's trees are served, and their absolute redirect targets lead.
HUB = "https://huggingface.co"


@dataclass(frozen=True)
class Redirect:
    """`old: new#anchor` at `line` of `path`: the page name readers used, and the page they now read."""

    old: str
    new: str  # a page name of the site, or a URL of huggingface.co (`external`)
    anchor: str
    path: str
    line: int

    @property
    def external(self) -> bool:
        return self.new.startswith(HUB + "/")


def _target(text: str) -> str:
    """The page name an entry's target names, or the huggingface.co URL of an absolute path."""
    text = text.strip()
    if text.startswith("/"):
        return HUB + quote(text, safe="/-._~%!$&'()*+,;=:@")
    return _page_name(text)


def _page_name(text: str) -> str:
    name = text.strip().strip("/")
    for suffix in (*PAGE_SUFFIXES, ".html"):
        name = name.removesuffix(suffix)
    return name


def _problem(path: Path, line: int, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(path), line, code, message, hint)


def read_redirects(path: Path) -> tuple[list[Redirect], list[Diagnostic]]:
    """The entries of a `_redirects.yml` (none when there is no such file) and what is wrong in it."""
    if not path.is_file():
        return [], []
    try:
        text = read_utf8(path, "no redirect page is made", "warning")
        root = compose_tree_yaml(path, text, "redirects-invalid", "fix the YAML", "warning")
    except PolydocsError as error:
        return [], error.diagnostics
    if root is None:
        return [], []
    if not isinstance(root, yaml.MappingNode):
        hint = "write one `old/page: new/page` per line"
        return [], [
            _problem(path, 1, "redirects-invalid", "expected a mapping of old page to new page", hint)
        ]
    redirects, problems = [], []
    for key, value in root.value:
        line = key.start_mark.line + 1
        if not (isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode) and value.value):
            hint = "write it as `old/page: new/page`"
            problems.append(_problem(path, line, "redirects-invalid", "entry is not `old: new`", hint))
            continue
        new, _, anchor = value.value.partition("#")
        redirects.append(Redirect(_page_name(key.value), _target(new), anchor, str(path), line))
    return redirects, problems


def checked_redirects(
    redirects: list[Redirect], pages: Collection[str]
) -> tuple[list[Redirect], list[Diagnostic]]:
    """The entries whose target is one of `pages` and whose old name is not, and a warning for each other."""
    kept, problems = [], []
    for entry in redirects:
        if entry.new not in pages and not entry.external:
            problems.append(
                Diagnostic(
                    entry.path,
                    entry.line,
                    "redirect-missing-page",
                    f"`{entry.old}` redirects to `{entry.new}`, which is no page of the site; "
                    "no redirect page is made",
                    "point it at an existing page (its toctree `local:` name) or remove the entry",
                )
            )
        elif entry.old in pages:
            problems.append(
                Diagnostic(
                    entry.path,
                    entry.line,
                    "redirect-over-page",
                    f"`{entry.old}` is a page of the site; redirecting it would hide the page, so it "
                    "is not redirected",
                    "remove the entry, or the page it would replace",
                )
            )
        else:
            kept.append(entry)
    return kept, problems
