"""A cgroup memory limit for a session's whole process tree, where this machine lets us make one.

RLIMIT_AS (set in child.py) bounds each process's address space; it does not add up over a tree, and
CUDA drivers map too much address space for it. A cgroup's `memory.max` counts every process of the
session together (and its /tmp, which is memory). It needs a cgroup v2 group with the memory controller
that may pass it down to new child groups, or, on machines that still mount the cgroup v1 memory
controller (`memory.limit_in_bytes`), a v1 memory group we may make children in; when there is neither,
`find_memory_parent` says why.
"""

from __future__ import annotations

import errno
import os
import signal
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

CGROUP_VARIABLE = "POLYDOCS_CGROUP"
_SETTLE_SECONDS = 5.0


@dataclass(frozen=True)
class MemoryParent:
    """The cgroup folder in which sessions' cgroups get a `memory.max`, or why there is none."""

    folder: Path | None
    why_not: str = ""
    version: int = 2  # the cgroup version: 2 (`memory.max`) or 1 (`memory.limit_in_bytes`)


def find_memory_parent() -> MemoryParent:
    """A cgroup v2 parent where there is one, else a cgroup v1 memory group, else why neither works."""
    found = _find_v2_parent()
    if found.folder is not None or os.environ.get(CGROUP_VARIABLE):
        return found
    v1 = _find_v1_parent()
    return v1 if v1.folder is not None else MemoryParent(None, f"{found.why_not}; {v1.why_not}")


def _find_v1_parent() -> MemoryParent:
    """The checker's own cgroup v1 memory group, if children may be made in it."""
    mount = _cgroup_mount("memory")
    own = _own_cgroup("memory")
    if mount is None or own is None:
        return MemoryParent(None, "no cgroup v1 memory controller is mounted", 1)
    parent = mount / own.lstrip("/")
    try:
        probe = parent / f"polydocs-probe-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        probe.mkdir()
        usable = (probe / "memory.limit_in_bytes").exists()
        probe.rmdir()
    except OSError as error:
        return MemoryParent(None, f"cannot make a cgroup v1 memory group in {parent}: {error.strerror}", 1)
    if not usable:
        return MemoryParent(None, f"the cgroup v1 group {parent} has no memory limit file", 1)
    return MemoryParent(parent, version=1)


def _find_v2_parent() -> MemoryParent:
    """`POLYDOCS_CGROUP` if set (a cgroup v2 folder prepared for the checker, holding no processes),
    else the checker's own cgroup, which can pass the memory controller down only if it is the root."""
    chosen = os.environ.get(CGROUP_VARIABLE)
    mount = _cgroup_mount()
    own = _own_cgroup()
    if chosen:
        parent = Path(chosen)
    elif mount is None:
        return MemoryParent(None, "no cgroup v2 hierarchy is mounted")
    elif own is None:
        return MemoryParent(None, "this process is in no cgroup v2 group")
    else:
        parent = mount / own.lstrip("/")
    try:
        if "memory" not in (parent / "cgroup.controllers").read_text().split():
            return MemoryParent(None, f"the cgroup v2 group {parent} has no memory controller")
        if "memory" not in (parent / "cgroup.subtree_control").read_text().split():
            (parent / "cgroup.subtree_control").write_text("+memory")
    except OSError as error:
        busy = (
            " (it holds processes, so it cannot pass controllers down)" if error.errno == errno.EBUSY else ""
        )
        return MemoryParent(
            None,
            f"cannot enable the memory controller below {parent}: {error.strerror or error}{busy}; "
            f"{CGROUP_VARIABLE} can name a prepared group",
        )
    try:
        probe = parent / f"polydocs-probe-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        probe.mkdir()
        usable = (probe / "memory.max").exists()
        probe.rmdir()
    except OSError as error:
        return MemoryParent(None, f"cannot make a cgroup in {parent}: {error.strerror or error}")
    if not usable:
        return MemoryParent(None, f"the memory controller is not enabled below {parent}")
    return MemoryParent(parent)


class SessionCgroup:
    """Context manager: a fresh cgroup limited to `megabytes`; processes moved into it stay limited."""

    def __init__(self, parent: Path, megabytes: int, version: int = 2) -> None:
        self.folder = parent / f"polydocs-session-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.megabytes = megabytes
        self.version = version

    def __enter__(self) -> SessionCgroup:
        self.folder.mkdir()
        limit = str(self.megabytes * 1024 * 1024)
        if self.version == 1:
            (self.folder / "memory.limit_in_bytes").write_text(limit)
            if (self.folder / "memory.memsw.limit_in_bytes").exists():  # memory and swap together
                (self.folder / "memory.memsw.limit_in_bytes").write_text(limit)
            return self
        (self.folder / "memory.max").write_text(limit)
        if (self.folder / "memory.swap.max").exists():
            (self.folder / "memory.swap.max").write_text("0")  # swapping would only delay the limit
        if (self.folder / "memory.oom.group").exists():
            (self.folder / "memory.oom.group").write_text("1")  # the session dies as a whole, not one helper
        return self

    def enter_command(self, argv: list[str]) -> list[str]:
        """`argv`, started from a shell that first moves itself into this cgroup, so no fork escapes it."""
        procs = str(self.folder / "cgroup.procs")
        return ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', procs, *argv]

    def ran_out_of_memory(self) -> bool:
        try:
            # v2 counts kills in memory.events; v1 (kernel 4.13 and later) in memory.oom_control.
            name = "memory.oom_control" if self.version == 1 else "memory.events"
            events = (self.folder / name).read_text().split()
        except OSError:
            return False
        counts = dict(zip(events[::2], events[1::2], strict=False))
        return int(counts.get("oom_kill", "0")) > 0

    def __exit__(self, *exc_info: object) -> None:
        deadline = time.monotonic() + _SETTLE_SECONDS
        while True:
            self._kill_all()
            try:
                self.folder.rmdir()
                return
            except OSError:  # still populated while the killed processes exit
                if time.monotonic() > deadline:
                    return
                time.sleep(0.05)

    def _kill_all(self) -> None:
        try:
            if (self.folder / "cgroup.kill").exists():
                (self.folder / "cgroup.kill").write_text("1")
                return
            for pid in (self.folder / "cgroup.procs").read_text().split():
                os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, OSError):
            pass


def _cgroup_mount(controller: str = "") -> Path | None:
    """Where the cgroup v2 hierarchy is mounted, or (given a controller) that controller's v1 one."""
    try:
        mountinfo = Path("/proc/self/mountinfo").read_text()
    except OSError:
        return None
    for line in mountinfo.splitlines():
        fields = line.split(" - ")
        if len(fields) != 2:
            continue
        kind, *_, options = fields[1].split()
        if (kind == "cgroup2" and not controller) or (kind == "cgroup" and controller in options.split(",")):
            return Path(fields[0].split()[4])
    return None


def _own_cgroup(controller: str = "") -> str | None:
    """This process's cgroup v2 path, or (given a controller) its path in that controller's v1 hierarchy."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        v2_line = controllers == ""  # `0::/path`
        if (not controller and v2_line) or (controller and controller in controllers.split(",")):
            return path
    return None
