"""One module per doc-builder construct: its spec (names, attributes, what is allowed) and its check.

The registry below is the order in which a page's findings are produced; the markup extensions render
the same constructs from the same parse (`polydocs.markup`), the lint rules report these findings.
"""

from __future__ import annotations

from polydocs.dialect.checks import CheckRegistry
from polydocs.dialect.constructs import (
    autodoc,
    components,
    fences,
    iframes,
    license_header,
)

CONSTRUCT_CHECKS = CheckRegistry()
CONSTRUCT_CHECKS.register(fences.check)
CONSTRUCT_CHECKS.register(license_header.check)
CONSTRUCT_CHECKS.register(autodoc.check)
CONSTRUCT_CHECKS.register(iframes.check)
CONSTRUCT_CHECKS.register(components.check)

# Every code a construct check may report: what the build and `polydocs lint` must agree on.
CONSTRUCT_CODES: frozenset[str] = fences.CODES

__all__ = ["CONSTRUCT_CHECKS", "CONSTRUCT_CODES"]
