"""Pages done per language while a build runs: a bar per language on a terminal (tqdm), a plain line now
and then where the output is a log (CI). Language builds run in worker processes: each finished page is
reported to the build's process, which alone writes to the terminal."""

from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.queues import SimpleQueue
from typing import TextIO

from tqdm import tqdm

# Seconds between two plain progress lines in a log: often enough to see a long build move, rarely enough
# that a short one prints none.
PLAIN_LINE_EVERY = 15.0

# Where this process reports a finished page: the build's own progress, or the queue to it from a worker.
_report: Callable[[str], None] | None = None


def page_done(lang: str) -> None:
    """Called by the MkDocs plugin for each page it finished; nothing when no build shows progress."""
    if _report is not None:
        _report(lang)


class BuildProgress:
    """Pages done out of each language's total, shown on `stream`."""

    def __init__(self, totals: dict[str, int], stream: TextIO, every: float) -> None:
        self.totals, self.done = totals, dict.fromkeys(totals, 0)
        self.stream, self.every, self.last_line = stream, every, time.monotonic()
        self.bars: dict[str, tqdm[None]] = {}
        if stream.isatty():
            self.bars = {
                lang: tqdm(total=total, desc=lang, unit="page", position=place, file=stream, leave=False)
                for place, (lang, total) in enumerate(totals.items())
            }

    def page_done(self, lang: str) -> None:
        self.done[lang] = self.done.get(lang, 0) + 1
        if lang in self.bars:
            self.bars[lang].update(1)
        elif not self.bars and time.monotonic() - self.last_line >= self.every:
            self.last_line = time.monotonic()
            print(f"progress: {self.line()}", file=self.stream, flush=True)

    def line(self) -> str:
        return ", ".join(f"{lang} {self.done[lang]}/{total} pages" for lang, total in self.totals.items())

    def close(self) -> None:
        for bar in self.bars.values():
            bar.close()


Pages = SimpleQueue[str | None]


def report_through(queue: Pages | None) -> None:
    """Worker initializer: this process's finished pages go to the build's process through `queue`."""
    global _report
    _report = queue.put if queue is not None else None


@contextmanager
def shown_progress(totals: dict[str, int], stream: TextIO | None = None) -> Iterator[Pages]:
    """Show the build's progress while the block runs. Yields the queue worker processes report to
    (`report_through`); pages built in this process report directly."""
    global _report
    progress = BuildProgress(totals, stream or sys.stderr, PLAIN_LINE_EVERY)
    queue: Pages = multiprocessing.get_context("fork").SimpleQueue()
    reader = threading.Thread(target=_read, args=(queue, progress), daemon=True)
    reader.start()
    _report = progress.page_done
    try:
        yield queue
    finally:
        _report = None
        queue.put(None)
        reader.join()
        progress.close()


def _read(queue: Pages, progress: BuildProgress) -> None:
    while (lang := queue.get()) is not None:
        progress.page_done(lang)
