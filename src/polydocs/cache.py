"""Where polydocs keeps what it can reuse between runs (converted pages, template bytecode)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(area: str) -> Path:
    """`$POLYDOCS_CACHE/<area>`, else `$XDG_CACHE_HOME/polydocs/<area>`, else `~/.cache/polydocs/<area>`."""
    root = os.environ.get("POLYDOCS_CACHE")
    if root:
        base = Path(root)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polydocs"
    return base / area
