"""Where polydocs keeps what it can reuse between runs, and how an entry is read and written.

Entries are JSON files written atomically (parallel builds share them). An entry that cannot be read or
does not have the shape its reader expects (a damaged disk, an older polydocs, a hand edit) is deleted
and counts as missing, so it is made again: a cache can cost time, never a failed build.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def cache_dir(area: str) -> Path:
    """`$POLYDOCS_CACHE/<area>`, else `$XDG_CACHE_HOME/polydocs/<area>`, else `~/.cache/polydocs/<area>`."""
    root = os.environ.get("POLYDOCS_CACHE")
    if root:
        base = Path(root)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polydocs"
    return base / area


def read_entry(path: Path, valid: Callable[[Any], bool]) -> Any | None:
    """The entry's data, or None when it is absent, unreadable or fails `valid` (then it is deleted)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        data = None
    if data is not None and valid(data):
        return data
    with contextlib.suppress(OSError):
        path.unlink()
    return None


def write_entry(path: Path, data: Any) -> None:
    """Write `data` so that a reader sees the old entry or the whole new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def is_list_of(kind: type, data: Any) -> bool:
    return isinstance(data, list) and all(isinstance(item, kind) for item in data)
