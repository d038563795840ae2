"""The command line that runs one page session sandboxed: bubblewrap when it works, else what is left.

With bubblewrap the session sees only what it needs, read-only: the system's program and library folders
(`SYSTEM_FOLDERS`), the Python it runs and polydocs, the stand-in Hub cache and its own page; its session
folder and compile caches writable; a private /tmp, /dev and /proc; a network namespace with only `lo`;
and a PID namespace that dies with the session and with the checker. Homes, the checked repository (its
`.git` and the rest of the checkout), /run, /var and /tmp of the machine are simply not there. Inside
what is shown, `masked` paths (socket files, which a read-only mount does not make unreachable, and
system files not every user may read; found by sandbox_probe.py) are covered. Without bubblewrap,
`unshare` still gives the network and PID namespaces where it works. What is available is found once
per process by sandbox_probe.py.
"""

from __future__ import annotations

import atexit
import functools
import glob
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

GpuDevices = Literal["nvidia", "all"]
# Shown read-only (a link among them, as in merged-/usr systems, stays a link): what programs need to run.
SYSTEM_FOLDERS = ("/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/sys")


@dataclass(frozen=True)
class SandboxSpec:
    """What one session may see and touch. Paths keep their names inside the sandbox."""

    command: tuple[str, ...]
    workdir: Path
    writable: tuple[Path, ...] = ()  # bound read-write: the session folder, the compile caches
    readable: tuple[Path, ...] = ()  # bound read-only beside the system folders: Python, stand-ins, page
    masked: tuple[Path, ...] = ()  # covered by an empty folder or file: sockets, private system files
    # Files of the machine shown read-only at another path, in the sandbox's private /tmp (the compile
    # seed's header, compile_seed.py); without bubblewrap there is no private /tmp, and they are not shown.
    placed: tuple[tuple[Path, str], ...] = ()
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
    argv = [bwrap, *_system_folders()]
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
    argv += ["--remount-ro", "/", "--chdir", str(spec.workdir)]
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


def shown_folders(spec: SandboxSpec) -> list[Path]:
    """Every folder or file the session sees from the machine (where masks must be looked for)."""
    system = [Path(p) for p in SYSTEM_FOLDERS if os.path.isdir(p) and not os.path.islink(p)]
    return [*system, *_outermost(_existing(spec.readable), system)]


def _system_folders() -> list[str]:
    argv: list[str] = []
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):
            argv += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            argv += ["--ro-bind", folder, folder]
    return argv


def _mounts(spec: SandboxSpec) -> list[str]:
    """Bind and mask arguments, outer paths first, so a deeper mount lands on top of a shallower one."""
    system = [Path(p) for p in SYSTEM_FOLDERS]
    writable = _existing(spec.writable)
    readable = [p for p in _outermost(_existing(spec.readable), system) if p not in writable]
    mounts = [(p, ["--ro-bind", str(p), str(p)]) for p in readable]
    mounts += [(p, ["--bind", str(p), str(p)]) for p in writable]
    mounts += [(p, _mask(p)) for p in spec.masked if not any(p.is_relative_to(w) for w in writable)]
    mounts += [(Path(inside), ["--ro-bind", str(file), inside]) for file, inside in spec.placed]
    argv: list[str] = []
    for _, arguments in sorted(mounts, key=lambda mount: len(mount[0].parts)):
        argv += arguments
    return argv


def _mask(path: Path) -> list[str]:
    if path.is_dir() and not path.is_symlink():
        return ["--tmpfs", str(path), "--remount-ro", str(path)]
    # Not /dev/null: bubblewrap binds with `nodev`, so a device node there could not even be opened.
    return ["--ro-bind", str(_empty_file()), str(path)]


@functools.cache
def _empty_file() -> Path:
    """An empty read-only file of this process's, laid over masked files."""
    folder = Path(tempfile.mkdtemp(prefix="polydocs-mask-"))
    atexit.register(shutil.rmtree, folder, True)
    empty = folder / "empty"
    empty.touch(mode=0o444)
    return empty


def _outermost(paths: list[Path], shown: list[Path]) -> list[Path]:
    """`paths` less those that `shown` or another of them already shows."""
    outer = [p for p in paths if not any(p.is_relative_to(s) for s in shown)]
    return [p for p in outer if not any(q != p and p.is_relative_to(q) for q in outer)]


def _existing(paths: tuple[Path, ...]) -> list[Path]:
    seen: list[Path] = []
    for path in paths:
        resolved = path.resolve()
        if resolved.exists() and resolved not in seen and resolved != Path("/"):
            seen.append(resolved)
    return seen
