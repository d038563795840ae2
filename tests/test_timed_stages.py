"""`make test`'s stage runner (scripts/timed_stages.py) on a Makefile of its own: the stages run at once,
each one's output is shown under its name, every stage runs to its end, and the first failure's status
is the run's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "timed_stages.py"

# `waits` ends only once `signals` has run: the two can both end only when they run at the same time
# (in turn, `waits` would wait for ever; the runner's timeout below ends that). `fails` fails after both;
# `burns` spends 0.7 s of CPU two processes below make.
MAKEFILE = """\
waits:
\t@for i in $$(seq 600); do [ -e signalled ] && break; sleep 0.05; done; [ -e signalled ]
\t@echo waited-for-signal
signals:
\t@touch signalled
\t@echo signal-sent
fails:
\t@echo about-to-fail
\t@exit 3
burns:
\t@sh -c 'python3 -c "import time; [0 for _ in iter(lambda: time.process_time() < 0.7, False)]"'
"""


def _run(folder: Path, *stages: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--live", "waits", *stages],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _table(stdout: str) -> list[str]:
    """The stage table's rows, without the machine line after them."""
    rows = stdout.rsplit("stage     seconds  CPU-s  result\n", 1)[1].splitlines()
    return [row for row in rows if not row.startswith("machine: ")]


def test_stages_run_at_once_and_each_output_is_shown_under_its_name(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    result = _run(tmp_path, "waits", "signals")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "waited-for-signal" in result.stdout  # live: passed through as it came
    shown = result.stdout.split("=== make signals (ok):\n", 1)[1]
    assert shown.startswith("signal-sent\n")
    table = _table(result.stdout)
    assert [row.split()[0] for row in table] == ["waits", "signals", "wall"]
    assert table[0].endswith(" ok") and table[1].endswith(" ok")


def test_every_stage_runs_to_its_end_and_the_first_failure_is_the_runs_status(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    result = _run(tmp_path, "fails", "waits", "signals")
    assert result.returncode == 2, result.stdout + result.stderr  # make's status for a failed target
    assert "=== make fails: failed (2) after" in result.stdout
    assert "=== make fails (failed (2)):\nabout-to-fail\n" in result.stdout
    assert "waited-for-signal" in result.stdout and "signal-sent" in result.stdout
    table = _table(result.stdout)
    assert table[0].split()[0] == "fails" and table[0].endswith("failed (2)")


def test_each_stage_counts_the_cpu_time_of_the_processes_under_it(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    result = _run(tmp_path, "burns", "waits", "signals")
    assert result.returncode == 0, result.stdout + result.stderr
    table, machine = result.stdout.rsplit("CPU-s  result\n", 1)[1].split("machine: ")
    rows = {row.split()[0]: row.split() for row in table.splitlines()}
    # python, two processes below make (sh, then python), spent 0.7 s of CPU in its loop.
    assert float(rows["burns"][2]) >= 0.6, result.stdout
    assert float(rows["signals"][2]) < 0.5, result.stdout
    assert float(rows["wall"][2]) >= 0.6, result.stdout
    # The machine's cores were busy at least that long over the run (/proc/stat counts every process).
    assert float(machine.split()[0]) >= 0.6, machine
