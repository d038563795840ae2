#!/usr/bin/env python3
"""Time a one-page edit under `polydocs serve`: from saving the file to the new text being served.

Copies the source tree to a temporary folder, starts `polydocs serve --lang LANG` on it (LANG: the
page's language) and prints how long until it listened (any answer: the building page), until that
page was served and until every language was built, with the CPU seconds serve had spent then (which
other work's load moves less than the wall time). serve listens at once, then reads the tree, builds
the page asked for alone (a preview) and the languages behind it; serve's lines about the preview and
the first language's build are printed too. With --then PAGE (a page of the same language), PAGE is
asked for once that language's full build has begun, and the time until it is served is printed (serve
previews it beside the build rather than after it).
Then it appends a unique word to the page and polls its URL until the word appears, for each edit,
and prints each edit's latency and their distribution (min, quartiles, 90th percentile, max). Every
language build is kept, so each edit renders the edited page alone (`site/live_language.py`). The
copy has a path of its own, so its pages are converted anew (a cold conversion cache); with --warm a
first serve fills it before the timed one. The machine's load (1-minute average) is printed before
the edits and after, since other work moves the figures.
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
import urllib.error
import urllib.request
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> str:
    """The body served at `url`, an error's too (the building page answers 503), or "" before serve
    listens."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return str(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        with error:
            return str(error.read().decode("utf-8"))
    except OSError:
        return ""


def _wait_for(url: str, text: str, deadline: float) -> float:
    while time.perf_counter() < deadline:
        if text in _fetch(url):
            return time.perf_counter()
        time.sleep(0.01)
    sys.exit(f"timed out waiting for {text!r} at {url}")


def _wait_for_log(log: Path, text: str, deadline: float) -> float:
    while time.perf_counter() < deadline:
        if text in log.read_text(encoding="utf-8", errors="replace"):
            return time.perf_counter()
        time.sleep(0.05)
    sys.exit(f"timed out waiting for {text!r} in serve's output")


def _time_served_edits(
    source: Path,
    page_name: str,
    edits: int,
    start_timeout: float,
    log: Path,
    until_first_page: bool = False,
    then: str | None = None,
) -> list[float]:
    """Seconds from saving each edit to `polydocs serve` serving it, over HTTP. Serve is started with
    the page's language first (`--lang`), as a writer of that language runs it; the edits start once
    every language is built."""
    port = _free_port()
    lang, page = page_name.split("/", 1)
    local = page.removesuffix(".mdx").removesuffix(".md").removesuffix("index")
    url = f"http://127.0.0.1:{port}/{lang}/{local}" + ("/" if local and not local.endswith("/") else "")
    command = [sys.executable, "-m", "polydocs", "serve", "--source", str(source), "--port", str(port)]
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen([*command, "--lang", lang], stdout=output, stderr=subprocess.STDOUT)
    try:
        started = time.perf_counter()
        print(f"machine load (1 min) at the start: {os.getloadavg()[0]:.1f}", flush=True)
        _wait_for(f"http://127.0.0.1:{port}/", "<html", started + start_timeout)
        print(f"listening after {time.perf_counter() - started:.1f} s", flush=True)
        _wait_for(url, f'<html lang="{lang}"', started + start_timeout)
        served = time.perf_counter() - started
        cpu = _cpu_seconds(server.pid)
        print(
            f"first page ({page_name}) served after {served:.1f} s ({cpu:.1f} s of serve's CPU)", flush=True
        )
        if then is not None and not until_first_page:
            _time_page_asked_during_the_build(port, lang, then, log, started + start_timeout)
        if until_first_page or not edits:
            return []
        everything = _wait_for_log(log, "languages built in", started + start_timeout)
        cpu = _cpu_seconds(server.pid)
        print(
            f"every language built after {everything - started:.1f} s ({cpu:.1f} s of serve's CPU)",
            flush=True,
        )
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


def _page_url(port: int, page_name: str) -> str:
    lang, page = page_name.split("/", 1)
    local = page.removesuffix(".mdx").removesuffix(".md").removesuffix("index")
    return f"http://127.0.0.1:{port}/{lang}/{local}" + ("/" if local and not local.endswith("/") else "")


def _time_page_asked_during_the_build(
    port: int, lang: str, page_name: str, log: Path, deadline: float
) -> None:
    """Ask for `page_name` once `lang`'s full build has begun; print how long until it was served, and
    whether that build had ended by then."""
    began = _wait_for_log(log, f"building {lang}:", deadline)
    asked = time.perf_counter()
    served = _wait_for(_page_url(port, page_name), f'<html lang="{lang}"', deadline)
    built = _wait_for_log(log, f"INFO built {lang} ", deadline)
    print(
        f"second page ({page_name}), asked {asked - began:.1f} s into {lang}'s full build, served after "
        f"{served - asked:.1f} s; that build ended {built - asked:.1f} s after it was asked",
        flush=True,
    )


def _cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) of process `pid`, of the children it waited for, and of its live
    descendants (forked workers), from /proc: unlike wall time, not moved by other work's load."""
    ticks = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    spent: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
        children.setdefault(int(fields[1]), []).append(int(entry))
        spent[int(entry)] = sum(int(field) for field in fields[11:15]) / ticks
    total, waiting = 0.0, [pid]
    while waiting:
        process = waiting.pop()
        total += spent.get(process, 0.0)
        waiting += children.get(process, [])
    return total


def _rebuild_seconds(log: Path) -> list[float]:
    """What serve's log says each edit's rebuild took ("rebuilt in S s after editing ...")."""
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return [float(line.split("rebuilt in ")[1].split()[0]) for line in lines if "rebuilt in " in line]


def _first_builds(log: Path) -> list[str]:
    """serve's lines about its previews and its first language's build."""
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    previews = [line for line in lines if "previewed " in line or "preview of " in line]
    built = [line for line in lines if line.startswith("INFO built ")]
    return previews + built[:1]


def _distribution(seconds: list[float]) -> str:
    """Minimum, quartiles, 90th percentile and maximum."""
    if len(seconds) < 2:
        return f"{seconds[0]:.2f} s"
    quartiles = statistics.quantiles(seconds, n=4, method="inclusive")
    tenth = statistics.quantiles(seconds, n=10, method="inclusive")
    figures = [min(seconds), *quartiles, tenth[-1], max(seconds)]
    names = ["min", "q1", "median", "q3", "p90", "max"]
    return ", ".join(f"{name} {value:.2f}" for name, value in zip(names, figures, strict=True)) + " s"


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
    parser.add_argument("--edits", type=int, default=5, help="edits to time (0: the first page only)")
    parser.add_argument(
        "--then",
        metavar="PAGE",
        help="a second page of the same language (es/chapter2/1.mdx), asked for once its full build began",
    )
    parser.add_argument("--start-timeout", type=float, default=900, help="seconds the first build may take")
    parser.add_argument(
        "--warm",
        action="store_true",
        help="serve the copy once until the page is served, then time a second serve (the conversion "
        "cache then holds that language's pages, as for a writer who served the same tree before)",
    )
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
        log = Path(scratch) / "serve.log"
        if args.warm:
            _time_served_edits(source, args.page, 0, args.start_timeout, log, until_first_page=True)
        latencies = _time_served_edits(source, args.page, args.edits, args.start_timeout, log, then=args.then)
        rebuilds = _rebuild_seconds(log)
        for line in _first_builds(log):
            print(f"serve: {line}")
    if not latencies:
        return 0
    print(f"machine load (1 min) after the edits: {os.getloadavg()[0]:.1f}")
    print("each edit:", " ".join(f"{latency:.2f}" for latency in latencies))
    print(f"edit latency: {_distribution(latencies)}")
    print(f"one-page edit visible after {statistics.median(latencies):.2f} s (median of {args.edits})")
    if rebuilds:
        # The rest of each edit: the watcher noticing it, the wait for the tree to settle, the request.
        print(f"of which serve's rebuild (its log): {_distribution(rebuilds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
