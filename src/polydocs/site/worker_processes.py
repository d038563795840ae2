"""The processes a build forks: they report their pages to the build's progress and die with the build."""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
import threading
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


# The lasting worker of this process (`lasting_worker`), with the id of the process that forked it.
_LASTING: list[tuple[int, ProcessPoolExecutor]] = []


def lasting_worker() -> ProcessPoolExecutor | None:
    """One process forked from this one at its first task and kept for this process's later builds,
    for work whose inputs are all in its arguments (the secret scan of what a build publishes): what
    it imported and set up for its first task serves the next. A process forked per build paid that
    again in every build of a process (`polydocs ci`'s, the side-by-side docstring pages', the tests'):
    detect-secrets' imports, its plugin table and filters, and the prefilter's literals, about 0.2 CPU-s
    of a one-page build's 0.5. A worker that died is replaced; a process forked from this one makes its
    own. None outside the main thread: a worker dies with the thread that forked it (`_start_worker`),
    which may end."""
    if threading.current_thread() is not threading.main_thread():
        return None
    if _LASTING and _LASTING[0][0] == os.getpid() and not _broken(_LASTING[0][1]):
        return _LASTING[0][1]
    pool = worker_pool(1)
    _LASTING[:] = [(os.getpid(), pool)]
    return pool


def _broken(pool: ProcessPoolExecutor) -> bool:
    return bool(getattr(pool, "_broken", False))
