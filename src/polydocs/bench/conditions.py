"""What else ran while a benchmark measured: other GPU processes, other benchmark processes, the host's load
and the GPU's clocks. Recorded with every configuration, so that a figure taken under contention says so.

Host-bound figures (eager, small batches) halve or double with the host's load, so "alone" is part of
what a figure means. Everything here is read without privileges and degrades to `None` where unreadable.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# A process whose command line holds one of these measures a benchmark (either entry point).
_BENCH_COMMANDS = ("polydocs.bench compile", "polydocs bench compile")
_NVIDIA_SMI_TIMEOUT_S = 10


@dataclass(frozen=True)
class Conditions:
    """One reading of the host and the GPU, taken right after a configuration's timed calls."""

    load_avg: tuple[float, float, float]
    cpu_count: int
    # Compute processes on the host's GPUs other than this one; None when nvidia-smi is not readable.
    other_gpu_processes: list[str] | None
    # Other `polydocs bench compile` processes on this host (any GPU), as "PID command".
    other_bench_processes: list[str] = field(default_factory=list)
    clocks_sm_mhz: int | None = None
    clocks_max_sm_mhz: int | None = None
    # The CPUs this process may run on (`os.sched_getaffinity`): one CPU when the run was pinned.
    cpu_affinity: list[int] | None = None

    @property
    def alone(self) -> bool:
        """No other benchmark and no other GPU process was seen (an unreadable GPU list does not count)."""
        return not self.other_bench_processes and not self.other_gpu_processes

    def to_json(self) -> dict[str, Any]:
        return {
            "alone": self.alone,
            "load_avg": list(self.load_avg),
            "cpu_count": self.cpu_count,
            "other_gpu_processes": self.other_gpu_processes,
            "other_bench_processes": self.other_bench_processes,
            "clocks_sm_mhz": self.clocks_sm_mhz,
            "clocks_max_sm_mhz": self.clocks_max_sm_mhz,
            "cpu_affinity": self.cpu_affinity,
        }


def read_conditions(gpu: bool) -> Conditions:
    """The conditions now; `gpu` False (a CPU run) skips nvidia-smi."""
    clocks = _clocks() if gpu else (None, None)
    return Conditions(
        load_avg=tuple(round(value, 2) for value in os.getloadavg()),  # type: ignore[arg-type]
        cpu_count=os.cpu_count() or 0,
        other_gpu_processes=_other_gpu_processes() if gpu else [],
        other_bench_processes=other_bench_processes(),
        clocks_sm_mhz=clocks[0],
        clocks_max_sm_mhz=clocks[1],
        cpu_affinity=cpu_affinity(),
    )


def cpu_affinity() -> list[int] | None:
    """The CPUs this process may run on, or None where the platform cannot say."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    return sorted(os.sched_getaffinity(0))


def pin_to_cpu(cpu: int) -> None:
    """Run this process on `cpu` only. Called before torch is imported, so that every thread torch starts
    (and every compile worker it forks) inherits the one CPU; raises ValueError for a CPU it may not use."""
    allowed = cpu_affinity()
    if allowed is None:
        raise ValueError("this platform cannot pin a process to a CPU (no os.sched_setaffinity)")
    if cpu not in allowed:
        raise ValueError(f"CPU {cpu} is not one this process may use ({allowed[0]}..{allowed[-1]})")
    os.sched_setaffinity(0, {cpu})


def recorded_alone(record: dict[str, Any]) -> bool | None:
    """Whether a result record was measured alone: True, False, or None when it records no conditions."""
    conditions = record.get("conditions")
    if not isinstance(conditions, dict):
        return None
    return bool(conditions.get("alone"))


def _nvidia_smi(*arguments: str) -> list[list[str]] | None:
    """nvidia-smi's CSV rows (no header, no units), or None when it is missing or fails."""
    if shutil.which("nvidia-smi") is None:
        return None
    try:
        completed = subprocess.run(
            ["nvidia-smi", *arguments, "--format=csv,noheader,nounits"],
            capture_output=True,
            text=True,
            timeout=_NVIDIA_SMI_TIMEOUT_S,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return [
        [cell.strip() for cell in line.split(",")] for line in completed.stdout.splitlines() if line.strip()
    ]


def _visible_gpu() -> str:
    """The nvidia-smi index (or UUID) of the GPU this process uses: the first of CUDA_VISIBLE_DEVICES."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    return visible or "0"


def _clocks() -> tuple[int | None, int | None]:
    rows = _nvidia_smi("--query-gpu=index,uuid,clocks.sm,clocks.max.sm")
    wanted = _visible_gpu()
    for row in rows or []:
        if len(row) == 4 and wanted in (row[0], row[1]):
            return _int(row[2]), _int(row[3])
    return None, None


def _int(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _other_gpu_processes() -> list[str] | None:
    rows = _nvidia_smi("--query-compute-apps=pid,process_name,used_memory")
    if rows is None:
        return None
    mine = str(os.getpid())
    others = [row for row in rows if row and row[0] != mine]
    if len(others) == len(rows) and rows:
        # Seen from inside a container, nvidia-smi may show host PIDs, so this process is not found by its
        # own PID; it holds a CUDA context by now, so one of the rows is this process.
        others = others[1:]
    return [" ".join(row) for row in others]


def other_bench_processes() -> list[str]:
    """`polydocs bench compile` processes on this host other than this one and its ancestors (a wrapping
    `timeout`), as "PID command"."""
    own = _ancestors()
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        if int(entry.name) in own:
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        if any(marker in command for marker in _BENCH_COMMANDS):
            found.append(f"{entry.name} {command[:200]}")
    return sorted(found)


def _ancestors() -> set[int]:
    """This process and every process above it."""
    pids = set()
    pid = os.getpid()
    while pid > 1 and pid not in pids:
        pids.add(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        # The command name (field 2) may hold spaces and parentheses: the parent PID follows the last ")".
        pid = int(stat.rpartition(")")[2].split()[1])
    return pids
