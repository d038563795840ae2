"""Which protections this machine gives a page session, found once per process, and the lines that say so.

Each candidate is tried for real (a Python started inside it), not guessed from the kernel version:
bubblewrap, else `unshare` network and PID namespaces (with `setpriv --pdeathsig` so they end with the
checker), else the process group of the old runner. The environment allowlist and the parent's hard
per-block timeout need nothing from the machine and are always on.
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from polydocs.snippets.environment import python_path
from polydocs.snippets.memory_cgroup import MemoryParent, find_memory_parent
from polydocs.snippets.sandbox import (
    SYSTEM_FOLDERS,
    GpuDevices,
    Launcher,
    SandboxSpec,
    bwrap_command,
    shown_folders,
)

BWRAP_VARIABLE = "POLYDOCS_BWRAP"  # the bwrap to use (e.g. one unpacked from the .deb); empty: none
# System folders whose files not every user of the machine may read are masked too (/etc/shadow, keys).
PRIVATE_FILES_IN = (Path("/etc"),)
_NOT_SCANNED = (Path("/sys"),)  # sysfs holds no socket files, and walking it is slow
_UNSHARE = ("unshare", "--net", "--pid", "--fork", "--kill-child", "--mount-proc")
_AS_ROOT_OF_A_USER_NAMESPACE = ("--user", "--map-root-user")
_PDEATHSIG = ("setpriv", "--pdeathsig", "KILL")
_CUDA_INIT = "import ctypes, sys; sys.exit(ctypes.CDLL('libcuda.so.1').cuInit(0))"
_PROBE_SECONDS = 30


@dataclass(frozen=True)
class Protection:
    name: str
    on: bool
    why: str = ""  # why it is off


@dataclass(frozen=True)
class SandboxSupport:
    kind: str  # "bubblewrap", "unshare" or "process group"
    launcher: Launcher
    memory: MemoryParent
    protections: tuple[Protection, ...]

    def summary_lines(self) -> list[str]:
        off = [p for p in self.protections if not p.on]
        on = ", ".join(p.name for p in self.protections if p.on)
        lines = [f"sandbox: {self.kind}; on: {on}"]
        lines += [f"sandbox OFF: {p.name}: {p.why}" for p in off]
        return lines

    def command(self, spec: SandboxSpec) -> list[str]:
        """The argv that runs `spec` here, with the masks bubblewrap must lay over what it shows."""
        if self.launcher.bwrap is not None:
            spec = replace(spec, masked=masked_paths(spec, self.launcher.gpu_devices))
        return self.launcher.command(spec)


def masked_paths(spec: SandboxSpec, gpu_devices: GpuDevices = "nvidia") -> tuple[Path, ...]:
    """What the session must not see inside the folders `spec` shows it: socket files (a read-only mount
    leaves them connectable, and a CI host's Docker socket is root on the host) and, in /etc, what not
    every user may read. The system and interpreter folders are scanned once per process."""
    stable = {*map(Path, SYSTEM_FOLDERS), *(p.resolve() for p in interpreter_paths())}
    roots = shown_folders(spec)
    if spec.gpu and gpu_devices == "all":
        roots.append(Path("/dev"))
    found: list[Path] = []
    for root in roots:
        found += _scanned_once(root) if root in stable else _scan(root)
    return tuple(found)


def _scan(root: Path) -> tuple[Path, ...]:
    if root in _NOT_SCANNED or not root.exists():
        return ()
    private = ["-o", "!", "-perm", "-o=r"] if root in PRIVATE_FILES_IN else []
    try:
        done = subprocess.run(
            ["find", str(root), "(", "-type", "s", *private, ")", "-print0"],
            capture_output=True,
            timeout=300,
            check=False,
        )
        return tuple(Path(os.fsdecode(p)) for p in done.stdout.split(b"\0") if p)
    except FileNotFoundError:  # no `find` (findutils): the same walk in Python
        return tuple(_walk(root, bool(private)))


_scanned_once = functools.cache(_scan)


def _walk(root: Path, private: bool) -> list[Path]:
    found = []
    for folder, folders, files in os.walk(root):
        for name in [*folders, *files]:
            path = Path(folder, name)
            try:
                mode = path.lstat().st_mode
            except OSError:
                continue
            if stat.S_ISSOCK(mode) or (private and not mode & stat.S_IROTH):
                found.append(path)
    return found


def interpreter_paths() -> tuple[Path, ...]:
    """What the session's Python needs to start and import polydocs, wherever it is installed."""
    import site

    paths = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        *site.getsitepackages(),
        site.getusersitepackages(),
    ]
    paths += [os.path.dirname(os.path.realpath(sys.executable)), *python_path(os.environ)]
    return tuple(Path(p) for p in paths)


@functools.cache
def probe_sandbox(gpu: bool) -> SandboxSupport:
    """What this machine gives a session (`gpu`: the session must see the GPU)."""
    memory = find_memory_parent()
    launcher, why_no_bwrap, why_all_devices = _bubblewrap(gpu)
    if launcher is not None:
        kind, why_no_unshare = "bubblewrap", ""
    else:
        launcher, why_no_unshare = _unshare()
        kind = "unshare" if "unshare" in launcher.prefix else "process group"
    bwrap = launcher.bwrap is not None
    namespaces = bwrap or "unshare" in launcher.prefix
    no_namespaces = "; ".join(filter(None, [why_no_bwrap, why_no_unshare]))
    protections = [
        Protection("environment allowlist", True),
        Protection("page variables set inside the sandbox only, loader variables refused", True),
        Protection("results read from pipes, never from files the session can write", True),
        Protection("compile caches kept per session code", True),
        Protection(
            "only the files the session needs, read-only (no homes, no checkout, no .git), private /tmp",
            bwrap,
            f"{why_no_bwrap}; the session sees the machine's files as the checker's user does",
        ),
        Protection(
            "no socket files of the machine (Docker, systemd, X)",
            bwrap,
            f"{why_no_bwrap}; a socket file on any readable path can be connected to",
        ),
        Protection(
            "no network (kernel)", namespaces, f"{no_namespaces}; only Python's socket.connect refuses it"
        ),
        Protection(
            "process tree ends with the session",
            namespaces,
            f"{no_namespaces}; its process group is killed, a process that calls setsid() survives",
        ),
        Protection(
            "session ends when the checker is killed",
            bwrap or (namespaces and "setpriv" in launcher.prefix),
            no_namespaces if not namespaces else f"{why_no_bwrap}; `setpriv --pdeathsig` does not work here",
        ),
        Protection("hard per-block timeout", True),
        Protection(
            "memory limit for the whole process tree",
            memory.folder is not None,
            f"{memory.why_not}; each process gets an address-space limit (RLIMIT_AS) instead, except on CUDA",
        ),
    ]
    if gpu and bwrap:
        protections.append(Protection("only the GPU's device files", not why_all_devices, why_all_devices))
    return SandboxSupport(kind, launcher, memory, tuple(protections))


def _bubblewrap(gpu: bool) -> tuple[Launcher | None, str, str]:
    """(the launcher or None, why bubblewrap is off, why the GPU needs all of /dev)."""
    bwrap = os.environ.get(BWRAP_VARIABLE, shutil.which("bwrap") or "")
    if not bwrap or not os.access(bwrap, os.X_OK):
        where = f" at {BWRAP_VARIABLE}={bwrap}" if BWRAP_VARIABLE in os.environ else ""
        return None, f"bubblewrap not found{where} (Debian: apt-get install bubblewrap)", ""
    ok, why = _works(bwrap_command(_probe_spec(("-c", "pass"), False), bwrap))
    if not ok:
        return None, f"bubblewrap does not start here ({why})", ""
    if not gpu or not _works([sys.executable, "-c", _CUDA_INIT])[0]:
        return Launcher(bwrap=bwrap), "", ""  # no GPU to lose: keep /dev minimal
    if _works(bwrap_command(_probe_spec(("-c", _CUDA_INIT), True), bwrap, "nvidia"))[0]:
        return Launcher(bwrap=bwrap), "", ""
    if _works(bwrap_command(_probe_spec(("-c", _CUDA_INIT), True), bwrap, "all"))[0]:
        why = "the GPU only initialises with all of /dev bound into the sandbox"
        return Launcher(bwrap=bwrap, gpu_devices="all"), "", why
    return None, "bubblewrap: the GPU does not initialise inside it (cuInit failed)", ""


def _unshare() -> tuple[Launcher, str]:
    pdeathsig = _PDEATHSIG if _works([*_PDEATHSIG, sys.executable, "-c", "pass"])[0] else ()
    why = "unshare not found"
    for extra in ((), _AS_ROOT_OF_A_USER_NAMESPACE):
        prefix = (*pdeathsig, _UNSHARE[0], *extra, *_UNSHARE[1:])
        ok, why = _works([*prefix, sys.executable, "-c", "pass"])
        if ok:
            return Launcher(prefix=prefix), ""
    return Launcher(prefix=pdeathsig), f"unshare does not work here ({why})"


def _probe_spec(arguments: tuple[str, ...], gpu: bool) -> SandboxSpec:
    return SandboxSpec(
        (sys.executable, *arguments),
        Path("/"),
        readable=interpreter_paths(),
        gpu=gpu,
    )


def _works(argv: list[str]) -> tuple[bool, str]:
    try:
        done = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            timeout=_PROBE_SECONDS,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, str(error)
    lines = done.stderr.strip().splitlines()
    return done.returncode == 0, lines[-1] if lines else f"exit status {done.returncode}"
