"""Run `make` targets at the same time and print how long each took: `make test`'s stage table.

    python scripts/timed_stages.py [--live STAGE] style lint check pytest docs

The stages do not depend on one another, and most of them leave a core idle part of the time (the snippet
check runs its sessions one after another; pytest's workers wait on subprocesses, browsers and time
limits), so they run at once rather than in turn. The output of the `--live` stage (pytest, the long one,
with its progress) is passed through as it comes; each other stage says one line when it ends, and its
output is printed whole, under its name, once every stage has ended, so no two stages' lines mix. Every
stage runs to its end even when another fails, so one run reports every failing stage; the exit status is
the first failed stage's (in the order given), 0 when all pass. The table at the end says how long each
took, the CPU time it and every process it waited for used, and how it ended; then how busy the machine's
cores were over the run (on a machine of few cores the sum of CPU seconds, not any one stage's wall time,
bounds the run). A stage's CPU time leaves out the snippet sessions it ran in bubblewrap: their PID
namespace's first process reaps them and hands no usage up. The machine line counts them (and anything
else the machine ran meanwhile), from /proc/stat where there is one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO


def _machine_busy_seconds() -> float | None:
    """CPU seconds every core of the machine has spent busy since boot (Linux's /proc/stat), or None."""
    try:
        fields = Path("/proc/stat").read_text(encoding="ascii").split("\n", 1)[0].split()
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


@dataclass
class Stage:
    name: str
    process: subprocess.Popen[bytes]
    started: float
    output: IO[bytes] | None
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    status: int | None = None


def _start(name: str, live: bool) -> Stage:
    output = None if live else tempfile.TemporaryFile()
    process = subprocess.Popen(
        ["make", "--no-print-directory", name],
        stdout=None if live else output,
        stderr=None if live else subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    return Stage(name, process, time.monotonic(), output)


def _result(stage: Stage) -> str:
    return "ok" if stage.status == 0 else f"failed ({stage.status})"


def _wait(stage: Stage, printing: threading.Lock) -> None:
    # wait4 gives the resource usage of this one make and every descendant it (transitively) waited for.
    _, status, usage = os.wait4(stage.process.pid, 0)
    stage.process.returncode = stage.status = os.waitstatus_to_exitcode(status)
    stage.cpu_seconds = usage.ru_utime + usage.ru_stime
    stage.seconds = time.monotonic() - stage.started
    if stage.output is not None:
        with printing:
            print(f"\n=== make {stage.name}: {_result(stage)} after {stage.seconds:.1f} s", flush=True)


def _print_output(stage: Stage) -> None:
    if stage.output is None:
        return
    print(f"\n=== make {stage.name} ({_result(stage)}):", flush=True)
    stage.output.seek(0)
    sys.stdout.buffer.write(stage.output.read())
    sys.stdout.buffer.flush()
    stage.output.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--live", help="the stage whose output is shown as it comes")
    parser.add_argument("stages", nargs="+", help="make targets, run at once")
    args = parser.parse_args(argv)
    print(f"=== make {', '.join(args.stages)}: at once; each stage's output follows when it ends", flush=True)
    busy_before = _machine_busy_seconds()
    stages = [_start(name, name == args.live) for name in args.stages]
    printing = threading.Lock()
    waiters = [threading.Thread(target=_wait, args=(stage, printing)) for stage in stages]
    for waiter in waiters:
        waiter.start()
    for waiter in waiters:
        waiter.join()
    for stage in stages:
        _print_output(stage)
    busy_after = _machine_busy_seconds()
    wall = max(stage.seconds for stage in stages)
    print("\nstage     seconds  CPU-s  result")
    for stage in stages:
        print(f"{stage.name:<9} {stage.seconds:7.1f} {stage.cpu_seconds:6.0f}  {_result(stage)}")
    print(f"wall      {wall:7.1f} {sum(s.cpu_seconds for s in stages):6.0f}")
    if busy_before is not None and busy_after is not None:
        cores = os.cpu_count() or 1
        print(
            f"machine: {busy_after - busy_before:.0f} CPU-s busy of {wall * cores:.0f} on {cores} cores"
            " (sandboxed sessions and all else included)"
        )
    return next((stage.status for stage in stages if stage.status), 0) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
