"""Run `make` targets one after another and print how long each took: `make test`'s stage table.

    python scripts/timed_stages.py style lint check pytest build

Stops at the first stage that fails (its exit status is the script's) and prints the table either way,
so a slow or a failed run says where its time went.
"""

from __future__ import annotations

import subprocess
import sys
import time


def main(stages: list[str]) -> int:
    times: list[tuple[str, float, int]] = []
    status = 0
    for stage in stages:
        print(f"\n=== make {stage}", flush=True)
        started = time.monotonic()
        status = subprocess.call(["make", "--no-print-directory", stage])
        times.append((stage, time.monotonic() - started, status))
        if status != 0:
            break
    print("\nstage     seconds  result")
    for stage, seconds, code in times:
        print(f"{stage:<9} {seconds:7.1f}  {'ok' if code == 0 else f'failed ({code})'}")
    skipped = stages[len(times) :]
    if skipped:
        print(f"not run: {', '.join(skipped)}")
    print(f"total     {sum(seconds for _, seconds, _ in times):7.1f}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
