#!/usr/bin/env python3
"""Time a one-page edit under `polydocs serve`: from saving the file to the new text being served.

Copies the source tree to a temporary folder, starts `polydocs serve` on it, appends a unique word to
one page, and polls that page's URL until the word appears. Prints each edit's latency and the median.
A language's first edit builds it in full (serve then keeps that build); the next ones render the
edited page alone (`site/live_language.py`), so the median of five is the usual edit. The machine's load
(1-minute average) is printed before the edits and after, since other work moves the figures.
Usage: .venv/bin/python scripts/bench_serve.py [--source DIR] [--page es/perf_torch_compile.md] [--edits N]
On the course corpus (26 languages): --source ../shared/corpus/course-docs --page es/chapter1/1.mdx
With --rebuild-only (and PYTHONPATH=src) it times serve's rebuild in this process instead, in CPU seconds.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return ""


def _wait_for(url: str, text: str, deadline: float) -> float:
    while time.perf_counter() < deadline:
        if text in _fetch(url):
            return time.perf_counter()
        time.sleep(0.01)
    sys.exit(f"timed out waiting for {text!r} at {url}")


def _time_served_edits(source: Path, page_name: str, edits: int, start_timeout: float) -> list[float]:
    """Seconds from saving each edit to `polydocs serve` serving it, over HTTP."""
    port = _free_port()
    lang, page = page_name.split("/", 1)
    local = page.removesuffix(".mdx").removesuffix(".md").removesuffix("index")
    url = f"http://127.0.0.1:{port}/{lang}/{local}" + ("/" if local and not local.endswith("/") else "")
    command = [sys.executable, "-m", "polydocs", "serve", "--source", str(source), "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        started = time.perf_counter()
        _wait_for(url, "<html", started + start_timeout)
        print(f"first build served after {time.perf_counter() - started:.1f} s", flush=True)
        print(f"machine load (1 min) before the edits: {os.getloadavg()[0]:.1f}", flush=True)
        latencies = []
        for edit in range(edits):
            word = f"polydocsedit{edit}x{time.time_ns()}"
            path = source / page_name
            path.write_text(path.read_text(encoding="utf-8") + f"\n{word}\n", encoding="utf-8")
            saved = time.perf_counter()
            latencies.append(_wait_for(url, word, saved + 30) - saved)
            time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return latencies


def _time_rebuilds(source: Path, page_name: str, edits: int) -> list[float]:
    """CPU seconds of serve's rebuild for each edit, in this process: no server, file watching or HTTP.
    The first edit builds the language (not counted); the next ones render the page alone."""
    # Imported here: the HTTP mode runs polydocs in a subprocess and needs no import path.
    from polydocs.site.serve import _IncrementalBuilder, _warm_up

    site = source.parent / "site"
    site.mkdir()
    builder = _IncrementalBuilder(source, site)
    _warm_up()
    path = source / page_name
    cpu = []
    for edit in range(edits + 1):
        path.write_text(path.read_text(encoding="utf-8") + f"\nword{edit}\n", encoding="utf-8")
        started = time.process_time()
        builder()
        cpu.append(time.process_time() - started)
    return cpu[1:]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--source", type=Path, default=Path("docs_src"))
    parser.add_argument("--page", default="es/perf_torch_compile.md")
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--start-timeout", type=float, default=900, help="seconds the first build may take")
    parser.add_argument(
        "--rebuild-only",
        action="store_true",
        help="time serve's rebuild alone, in CPU seconds (less moved by load); needs PYTHONPATH=src",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as scratch:
        source = Path(scratch) / "docs"
        shutil.copytree(args.source, source)
        if args.rebuild_only:
            cpu = _time_rebuilds(source, args.page, args.edits)
            print("each rebuild (CPU s):", " ".join(f"{seconds:.3f}" for seconds in cpu))
            median = statistics.median(cpu)
            print(f"rebuild after a one-page edit: {median:.3f} s of CPU (median of {args.edits})")
            return 0
        latencies = _time_served_edits(source, args.page, args.edits, args.start_timeout)
    print(f"machine load (1 min) after the edits: {os.getloadavg()[0]:.1f}")
    print("each edit:", " ".join(f"{latency:.2f}" for latency in latencies))
    print(f"one-page edit visible after {statistics.median(latencies):.2f} s (median of {args.edits})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
