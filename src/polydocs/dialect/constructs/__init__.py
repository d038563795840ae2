"""One module per doc-builder construct: its spec (names, attributes, what is allowed) and its check.

The registry below is the order in which a page's findings are produced; the markup extensions render
the same constructs from the same parse (`polydocs.markup`), the lint rules report these findings.
"""

from __future__ import annotations

from polydocs.dialect.checks import CheckRegistry
from polydocs.dialect.constructs import callouts, fences, tabs

CONSTRUCT_CHECKS = CheckRegistry()
CONSTRUCT_CHECKS.register(fences.check)
CONSTRUCT_CHECKS.register(callouts.check)
CONSTRUCT_CHECKS.register(tabs.check)

__all__ = ["CONSTRUCT_CHECKS"]
