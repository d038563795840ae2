"""The API links of a docstring that its API page shows as code, each a finding at its docstring line.

A docstring's `` [`X`] `` is rendered by the page's own `api_links` step (mkdocstrings converts the
docstring's Markdown with the page's extensions), which links it exactly when the API link construct has
no finding for it (`dialect/constructs/api_links.link_finding`); the page's check skips a docstring's text
(the library's, not the page author's), so it is asked here, on the docstring as its file holds it. The
finding's message names the link as written; the caller locates it in the library's file.
"""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.dialect.checks import Finding
from polydocs.dialect.constructs.api_links import api_link_matches, link_finding
from polydocs.docstrings.parse import toggles_code
from polydocs.sources.api_inventory import ApiInventory

DOCSTRING_LINK = "docstring-link-unresolved"


def unresolved_links(text: str, api: ApiInventory) -> Iterator[Finding]:
    """Each link of `text` (a docstring, roles already read) shown as code, at its 0-based line; the lines
    of its fenced examples are code, never links."""
    in_fence = False
    for index, line in enumerate(text.split("\n")):
        if toggles_code(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for link in api_link_matches(line):
            finding = link_finding(index, link, api)
            if finding is not None:
                yield finding
