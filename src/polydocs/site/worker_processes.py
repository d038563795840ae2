"""The processes a build forks: they report their pages to the build's progress and die with the build."""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor

from polydocs.site.progress import Pages, report_through

_PR_SET_PDEATHSIG = 1


def _start_worker(build: int, pages: Pages | None) -> None:
    """Worker initializer: report finished pages to the build (`progress.py`), and die with it. A worker
    outliving a killed build would go on writing into its staging folder while the next build clears
    it, and then wait for work forever.

    What the worker inherited is frozen: the build's process made it and keeps it, so the worker's full
    collections need not walk it again (on docs_src one of them, 0.07-0.14 s, in each language's first build).
    """
    gc.freeze()
    report_through(pages)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != build:  # the build died before the line above took effect
        os._exit(1)


def worker_pool(workers: int, pages: Pages | None = None) -> ProcessPoolExecutor:
    """`workers` processes forked from this one when the first task is handed to them."""
    # fork: the workers inherit what this process imported and compiled instead of doing it again.
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start_worker,
        initargs=(os.getpid(), pages),
    )
