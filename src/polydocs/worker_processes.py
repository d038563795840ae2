"""The processes a command forks for its work (the site build's languages and its side process, lint's
pages): forked from this one, so that they share what it imported, and dying with it."""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

_PR_SET_PDEATHSIG = 1


def _start_worker(parent: int, then: Callable[[], None] | None) -> None:
    """Worker initializer: run `then` (the site build's: report finished pages to the build's progress),
    and die with the process that forked it. A worker outliving a killed build would go on writing into
    its staging folder while the next build clears it, and then wait for work forever.

    What the worker inherited is frozen: the parent made it and keeps it, so the worker's full
    collections need not walk it again (on docs_src one of them, 0.07-0.14 s, in each language's first build).
    """
    gc.freeze()
    if then is not None:
        then()
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def worker_pool(workers: int, then: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    """`workers` processes forked from this one when the first task is handed to them, each running `then`
    once it starts."""
    # fork: the workers inherit what this process imported and compiled instead of doing it again.
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start_worker,
        initargs=(os.getpid(), then),
    )
