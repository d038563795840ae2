"""The `#anchors` a rendered page offers: what a browser scrolls to for a fragment, read from its HTML.

A browser looks for the element whose `id` is the fragment, then for an `<a name>` of it (HTML's "find a
potential indicated element"). Read from the HTML the site publishes, with the sanitiser's tokens
(`_html_tokens.py`, the one attribute reader), the anchors are every heading id the site's toc made
(`{#id}`, doc-builder's `[[id]]`, `_1` for a repeat), every id written in the page's raw HTML, and the
ids the site's own markup gives (tabs), and none of a heading written inside code.
"""

from __future__ import annotations

from polydocs.markup._html_tokens import read_html


def anchor_ids(page_html: str) -> frozenset[str]:
    """Every fragment that finds an element of `page_html`."""
    found: set[str] = set()
    for token in read_html(page_html).tokens:
        if token.kind != "start":
            continue
        for name, value in token.attributes:
            if value and (name == "id" or (name == "name" and token.tag == "a")):
                found.add(value)
    return frozenset(found)
