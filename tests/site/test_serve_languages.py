"""The order `polydocs serve` builds languages in, and what counts as waiting (`site/serve_languages.py`).
End to end over HTTP: `test_serve.py`."""

from __future__ import annotations

import threading

from polydocs.diagnostics import PolydocsError
from polydocs.site.serve_languages import LanguageQueue


def test_before_the_tree_is_read_everything_waits_and_the_languages_asked_for_come_right_after_the_first():
    tree_read = threading.Event()
    built: list[str] = []

    def prepare() -> list[str]:
        tree_read.wait(30)
        return ["en", "ar", "es", "pt"]

    queue = LanguageQueue(prepare, built.append)
    thread = queue.start()
    assert queue.waits_for("") and queue.waits_for("pt")  # the root too: no 404 before the root pages
    queue.ask("pt")
    queue.ask("es")
    queue.ask("en")  # the first anyway
    tree_read.set()
    thread.join(30)
    assert built == ["en", "es", "pt", "ar"]
    assert not queue.waits_for("") and not queue.waits_for("pt")


def test_a_tree_that_cannot_be_read_stops_serve_with_its_error():
    stopped = threading.Event()
    error = PolydocsError(summary="the source tree cannot be built")

    def prepare() -> list[str]:
        raise error

    queue = LanguageQueue(prepare, lambda lang: None, stopped.set)
    queue.start().join(30)
    assert stopped.is_set() and queue.error is error
