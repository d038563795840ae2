"""Pull-request mode (`--changed-since REF`): which pages to lint, and which of their findings to report.

Most findings sit at the line that causes them (a broken link, a callout, a secret, a toctree entry):
those are reported only where a line is new or changed. A few are about a page as a whole, caused by
another page as much as by their own line: code parity with the English page. Those are reported on
every page the change reaches: the page changed, or its English source or translation did.
"""

from __future__ import annotations

from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.sources.changes import Changes

# Codes of findings about a page as a whole, which a change to a counterpart page can cause.
PAGE_CODES = frozenset({"code-parity"})


def reported(finding: Diagnostic, changes: Changes, affected: set[Path]) -> bool:
    """Whether a finding of a pull-request run belongs to the change."""
    path = Path(finding.path).resolve()
    if finding.code in PAGE_CODES:
        return path in affected or changes.changed(path)
    return changes.touches(path, finding.line)
