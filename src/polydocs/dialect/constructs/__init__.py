"""One module per doc-builder construct: its spec (names, attributes, what is allowed) and its check.

The registry below is the order in which a page's findings are produced; the markup extensions render
the same constructs from the same parse (`polydocs.markup`), the lint rules report these findings.
"""

from __future__ import annotations

from polydocs.dialect import page_bounds
from polydocs.dialect.checks import CheckRegistry
from polydocs.dialect.constructs import (
    api_links,
    autodoc,
    callouts,
    components,
    fences,
    framework_switch,
    iframes,
    jsx_attributes,
    license_header,
    literal_include,
    math,
    notebooks,
    page_links,
    quiz,
    tabs,
    translation_markers,
)

# In the order a page's findings are produced. Each module has `check(page, facts)` and its `CODES`.
CONSTRUCTS = (
    page_bounds,
    fences,
    license_header,
    callouts,
    tabs,
    autodoc,
    iframes,
    components,
    jsx_attributes,
    quiz,
    notebooks,
    framework_switch,
    math,
    literal_include,
    page_links,
    api_links,
    translation_markers,
)

CONSTRUCT_CHECKS = CheckRegistry([construct.check for construct in CONSTRUCTS])

# Every code a construct check may report: what the build and `polydocs lint` must agree on.
CONSTRUCT_CODES: frozenset[str] = frozenset().union(*(construct.CODES for construct in CONSTRUCTS))

__all__ = ["CONSTRUCTS", "CONSTRUCT_CHECKS", "CONSTRUCT_CODES"]
