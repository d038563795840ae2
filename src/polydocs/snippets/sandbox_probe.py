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
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from polydocs.snippets.environment import package_root, python_path
from polydocs.snippets.memory_cgroup import MemoryParent, find_memory_parent
from polydocs.snippets.sandbox import Launcher, SandboxSpec, bwrap_command

BWRAP_VARIABLE = "POLYDOCS_BWRAP"  # the bwrap to use (e.g. one unpacked from the .deb); empty: none
HIDDEN_FOLDERS = ("/root", "/home", "/run/secrets", "/etc/ssh")
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


def hidden_folders() -> tuple[Path, ...]:
    """Folders a page must not read: homes (tokens, keys, CI runner files) and the repository's .git
    (where CI checkouts keep the push token)."""
    candidates = [*map(Path, HIDDEN_FOLDERS), Path.home(), package_root().parent / ".git"]
    return tuple(p for p in candidates if p.is_dir())


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
        Protection("read-only files, private /tmp and homes", bwrap, why_no_bwrap),
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
        hidden=hidden_folders(),
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
