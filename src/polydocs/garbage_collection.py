"""How often a polydocs process looks for cyclic garbage.

Python's default starts a young collection every 700 new container objects, and a full one once the
older generations have grown by a quarter. A build or a lint makes millions of short-lived objects
(markdown-it's tokens, Python-Markdown's element trees, MkDocs' pages) that reference counting frees
anyway, so most of those collections find nothing. A cold build of the transformers tree's English pages
spent 2.3 s of its 12 CPU-s in them (16 full collections); with a young collection every 50,000 objects,
0.5 s and none full, at the same peak memory (600 MB). The processes a command forks inherit the setting.
The snippet sessions (processes of their own) keep Python's default, and the benchmark sets it back before
it times anything (`collect_as_python_does`): they run the pages' code, and time it, as a reader's Python
would.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 10, 10)
# The interpreter's own, as it started (this module is imported before anything changes them).
PYTHON_DEFAULT = gc.get_threshold()


def collect_less_often() -> None:
    """Set this process's collection thresholds to `THRESHOLDS`."""
    gc.set_threshold(*THRESHOLDS)


def collect_as_python_does() -> None:
    """Set this process's collection thresholds back to the interpreter's own (`PYTHON_DEFAULT`)."""
    gc.set_threshold(*PYTHON_DEFAULT)
