"""The command line that runs one page session sandboxed: bubblewrap when it works, else what is left.

With bubblewrap the session sees the machine's files read-only, a private /tmp, empty read-only homes
and `.git`, a network namespace with only `lo`, and a PID namespace that dies with the session and with
the checker. Without it, `unshare` still gives the network and PID namespaces where it works. What is
available is found once per process by sandbox_probe.py.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

GpuDevices = Literal["nvidia", "all"]


@dataclass(frozen=True)
class SandboxSpec:
    """What one session may see and touch. Paths keep their names inside the sandbox."""

    command: tuple[str, ...]
    workdir: Path
    writable: tuple[Path, ...] = ()  # bound read-write: the session folder, the compile caches
    readable: tuple[Path, ...] = ()  # what the session needs that may lie in a hidden folder or /tmp
    hidden: tuple[Path, ...] = ()  # replaced by an empty read-only folder: homes, the repository's .git
    gpu: bool = False


@dataclass(frozen=True)
class Launcher:
    """How this machine runs a sandbox: bubblewrap, or a prefix of `setpriv`/`unshare` commands."""

    bwrap: str | None = None
    prefix: tuple[str, ...] = ()
    gpu_devices: GpuDevices = "nvidia"

    def command(self, spec: SandboxSpec) -> list[str]:
        if self.bwrap is not None:
            return bwrap_command(spec, self.bwrap, self.gpu_devices)
        return [*self.prefix, *spec.command]


def bwrap_command(spec: SandboxSpec, bwrap: str, gpu_devices: GpuDevices = "nvidia") -> list[str]:
    """The bubblewrap argv for `spec`. The environment is not on it: it is the Popen environment, because
    a command line is readable by every user of the machine (`ps`), and a passed variable may be secret."""
    argv = [bwrap, "--ro-bind", "/", "/"]
    if spec.gpu and gpu_devices == "all":
        argv += ["--dev-bind", "/dev", "/dev"]
    else:
        argv += ["--dev", "/dev"]
        if spec.gpu:
            for device in nvidia_devices():
                argv += ["--dev-bind", device, device]
    # A private /dev/shm too: with all of /dev bound it would be the machine's.
    argv += ["--tmpfs", "/dev/shm", "--proc", "/proc", "--tmpfs", "/tmp"]
    argv += _mounts(spec)
    argv += ["--chdir", str(spec.workdir)]
    argv += [
        "--unshare-all",  # user, IPC, PID, network (only `lo`, brought up by bubblewrap), UTS, cgroup
        "--unshare-user",
        "--disable-userns",  # no nested user namespace, so no capabilities to undo the mounts with
        "--cap-drop",
        "ALL",
        "--die-with-parent",  # the checker dies (even SIGKILL): bubblewrap and the whole PID namespace die
        "--new-session",  # no controlling terminal to push keystrokes into
        "--",
        *spec.command,
    ]
    return argv


def nvidia_devices() -> list[str]:
    return sorted(glob.glob("/dev/nvidia*"))


def _mounts(spec: SandboxSpec) -> list[str]:
    """Bind and mask arguments, outer folders first, so a deeper mount lands on top of a shallower one."""
    readable = _existing(spec.readable)
    writable = _existing(spec.writable)
    hidden = [p for p in _existing(spec.hidden) if p not in readable and p not in writable]
    under_masks = [Path("/tmp"), *hidden]
    readable = [p for p in readable if any(p.is_relative_to(m) for m in under_masks) and p not in writable]
    readable = [p for p in readable if not any(_covers(q, p, hidden) for q in readable)]
    mounts = (
        [(p, ["--tmpfs", str(p)]) for p in hidden]
        + [(p, ["--ro-bind", str(p), str(p)]) for p in readable]
        + [(p, ["--bind", str(p), str(p)]) for p in writable]
    )
    argv: list[str] = []
    for _, arguments in sorted(mounts, key=lambda mount: len(mount[0].parts)):
        argv += arguments
    for path in hidden:  # read-only only now: the mount points of the binds above had to be made in it
        argv += ["--remount-ro", str(path)]
    return argv


def _covers(outer: Path, inner: Path, hidden: list[Path]) -> bool:
    """True when binding `outer` already shows `inner` (no mask lies between them)."""
    if outer == inner or not inner.is_relative_to(outer):
        return False
    return not any(h.is_relative_to(outer) and inner.is_relative_to(h) for h in hidden)


def _existing(paths: tuple[Path, ...]) -> list[Path]:
    seen: list[Path] = []
    for path in paths:
        resolved = path.resolve()
        if resolved.exists() and resolved not in seen and resolved != Path("/"):
            seen.append(resolved)
    return seen
