"""The languages `polydocs serve` builds behind its server, one at a time, the one a writer asks for first.

Serve listens before it reads the tree. The language given by `--lang` (English by default) is built
first; a request for a page of a language still waiting moves that language to the front of the queue.
Until the tree is read, any request, and then a page of a language not built yet, is answered with a
small page that says it is building and reloads itself (HTTP 503), never with a 404 or a page of
another build. Each language is built beside the served site and switched in whole
(`_IncrementalBuilder._rebuild`), so a reader never gets a half-written file.
"""

from __future__ import annotations

import html
import logging
import threading
import time
from collections.abc import Callable, Iterable

from polydocs.diagnostics import PolydocsError

log = logging.getLogger("polydocs.serve")


class LanguageQueue:
    """The languages not built yet, in the order they will be built. In its own thread, `prepare()`
    reads the tree and gives the order, then `build(lang)` builds each; until `prepare` returned, every
    language counts as waiting. An error `prepare` raises is kept in `error` and `stop()` is called."""

    def __init__(
        self,
        prepare: Callable[[], list[str]],
        build: Callable[[str], None],
        stop: Callable[[], None] = lambda: None,
    ) -> None:
        self._prepare, self._build, self._stop = prepare, build, stop
        self._waiting: list[str] | None = None  # None: the tree is not read yet
        self._asked: list[str] = []  # languages requested before then, most recent first
        self._paths: dict[str, list[str]] = {}  # the request paths of each waiting language, in order
        self._guard = threading.Lock()  # held only to read or change the lists
        # Set by each request path kept: serve's preview thread wakes on it (`asked_paths`).
        self.asked = threading.Event()
        self.total = 0
        self.error: PolydocsError | None = None

    @classmethod
    def nothing_to_build(cls) -> LanguageQueue:
        """A queue with every language built (an `_IncrementalBuilder` made outside serve)."""
        queue = cls(lambda: [], lambda lang: None)
        queue._waiting = []
        return queue

    def waits_for(self, lang: str) -> bool:
        """Whether `lang` is not built yet (the language being built counts as waiting); anything
        does before the tree is read."""
        with self._guard:
            return self._waiting is None or lang in self._waiting

    def ask(self, lang: str, path: str = "") -> None:
        """Build `lang` next, if it is waiting and not being built already; `path` (the request's) is
        kept for `asked_paths`."""
        with self._guard:
            if path and path not in self._paths.get(lang, []):
                self._paths.setdefault(lang, []).append(path)
                self.asked.set()
            if self._waiting is None:
                self._asked.insert(0, lang)
            elif lang in self._waiting[1:]:
                self._waiting.remove(lang)
                self._waiting.insert(1, lang)

    def asked_paths(self, lang: str) -> list[str]:
        """The paths of `lang` requested since the last call, in the order asked (serve previews the
        pages they open before the language's build: `page_preview.py`)."""
        with self._guard:
            return self._paths.pop(lang, [])

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self._run, name="polydocs-languages", daemon=True)
        thread.start()
        return thread

    def _run(self) -> None:
        started = time.perf_counter()
        try:
            order = self._prepare()
        except PolydocsError as error:
            self.error = error
            self._stop()
            return
        with self._guard:
            asked = [lang for lang in dict.fromkeys(self._asked) if lang in order[1:]]
            self._waiting = [order[0], *asked, *(lang for lang in order[1:] if lang not in asked)]
            self.total = len(order)
        while True:
            with self._guard:
                if not self._waiting:
                    break
                lang = self._waiting[0]
            began = time.perf_counter()
            self._build(lang)
            with self._guard:
                self._waiting.remove(lang)
                done = self.total - len(self._waiting)
            seconds = time.perf_counter() - began
            log.info("built %s in %.2f s (%d of %d languages)", lang, seconds, done, self.total)
        log.info("all %d languages built in %.2f s", self.total, time.perf_counter() - started)


_BUILDING_TEMPLATE = """<!doctype html>
<html class="polydocs-building" lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="1">
<title>Building {lang} · polydocs serve</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 48rem; margin: 3rem auto; padding: 0 1rem; }}
</style>
</head>
<body>
<h1>Building the pages of {lang}…</h1>
<p>This language is built next; this page reloads itself until its pages are ready.</p>
</body>
</html>
"""


def building_page(lang: str) -> Iterable[bytes]:
    """What a page of a language not built yet answers: a note that reloads itself every second."""
    return [_BUILDING_TEMPLATE.format(lang=html.escape(lang)).encode("utf-8")]


BUILDING_HEADERS = [
    ("Content-Type", "text/html; charset=utf-8"),
    ("Cache-Control", "no-store"),
    ("Retry-After", "1"),
]
