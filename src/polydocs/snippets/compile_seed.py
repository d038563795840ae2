"""What every CPU compile of a session builds before the page's first kernel, built once and shared.

A first `torch.compile` on the CPU builds, before any kernel of the page, inductor's precompiled header
of its C++ prelude (a 156 MB `.gch`, about 6.5 CPU-s; it goes to `/tmp/torchinductor_<user>`, which is
private to each sandboxed session) and a few small programs that check the compiler's instruction
sets (about 2.7 CPU-s, into the session's compile cache, which is new for each session code). Neither
depends on the page: they come from torch's headers, the compiler and its flags.

The seed is those files, made once per torch and compiler by a process that runs polydocs' own code only
(`python -m polydocs.snippets.compile_seed FOLDER`: it compiles a small function), sandboxed like a
session, and kept in the cache (`compile-seed/<key>`). No page session can write it: a session sees the
header files read-only at the path where inductor looks for them (`SandboxSpec.placed`), and gets a copy
of the checks in its own new compile cache. Where the page's settings make inductor want another header
(other flags, another compiler), it builds its own, as without the seed; so a seed that does not match
costs time, never a verdict. Without bubblewrap (no private /tmp to place the header in) there is no
seed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path, PurePosixPath

from polydocs.cache import cache_dir
from polydocs.snippets.environment import SessionFolders, session_environment
from polydocs.snippets.sandbox import SandboxSpec
from polydocs.snippets.sandbox_probe import SandboxSupport, interpreter_paths

SEED_SECONDS = 600
_HEADERS = "headers"
_INDUCTOR = "inductor"
_HEADER_FOLDER = "header-folder"  # where the seeding process found the header: the sessions' path of it
_HEADER_NAME = re.compile(r"[a-z0-9]+\.h(\.gch)?")


@dataclass(frozen=True)
class CompileSeed:
    """A made seed: the header files and the place inside the sandbox where inductor looks for them, and
    the folder of compile-cache files each new compile cache starts with."""

    headers: tuple[tuple[Path, str], ...]  # (file in the seed, its path inside the sandbox)
    inductor: Path

    def present(self) -> bool:
        """Whether its files are still there (a cache emptied during the run must not stop the sandbox)."""
        return all(file.is_file() for file, _ in self.headers) and self.inductor.is_dir()

    def start(self, inductor_cache: Path) -> None:
        """Give a compile cache that holds nothing yet the seed's checks (a cache the page already used
        is left as it is)."""
        if any(inductor_cache.iterdir()):
            return
        shutil.copytree(self.inductor, inductor_cache, symlinks=True, dirs_exist_ok=True)


class SeedWarning(UserWarning):
    """The seed could not be made or read: each session builds inductor's header itself (slower only)."""


def wants_seed(code: str, device: str) -> bool:
    """Whether a session's code may compile C++ kernels on the CPU (a guess: a wrong one costs time only)."""
    return device == "cpu" and "compile" in code


def session_seed(code: str, device: str, support: SandboxSupport) -> CompileSeed | None:
    """The seed a session with `code` starts with: none where it compiles nothing on the CPU, where there
    is none, or where its files went since it was made."""
    seed = compile_seed(support) if wants_seed(code, device) else None
    return seed if seed is not None and seed.present() else None


def seed_key() -> str:
    """What the seed's files depend on: torch, the interpreter and the compiler inductor would call."""
    try:
        torch = metadata.version("torch")
    except metadata.PackageNotFoundError:
        torch = "absent"
    compiler = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++") or ""
    identity = os.path.realpath(compiler) if compiler else ""
    stamp = os.stat(identity).st_mtime_ns if identity and os.path.exists(identity) else 0
    material = json.dumps([torch, os.path.realpath(sys.executable), compiler, identity, stamp])
    return hashlib.sha256(material.encode()).hexdigest()[:24]


@cache
def compile_seed(support: SandboxSupport) -> CompileSeed | None:
    """The seed of this torch and compiler: read from the cache, else made now (once per process). Where
    it cannot be, a SeedWarning says why, once per process, and sessions go without."""
    if support.launcher.bwrap is None:
        return None  # no private /tmp: sessions share the machine's, header included
    folder = cache_dir("compile-seed") / seed_key()
    why = "" if folder.is_dir() else _make(support, folder)
    seed, why = (None, why) if why else _read(folder)
    if why:
        warnings.warn(
            f"compile seed OFF: {why}; each session compiles inductor's header itself",
            SeedWarning,
            stacklevel=2,
        )
    return seed


def _make(support: SandboxSupport, folder: Path) -> str:
    """Run the seeding process into a new folder beside `folder`, then move it in place; "" or why not."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="making-", dir=folder.parent) as temp:
        work = Path(temp)
        made = work / "seed"
        # `python -m` puts its working folder first on the import path: nothing else is in it.
        cwd = work / "cwd"
        for sub in (made / _HEADERS, made / _INDUCTOR, cwd, work / "home", work / "triton-cache"):
            sub.mkdir(parents=True)
        folders = SessionFolders(
            home=work / "home",
            hf_home=work / "home",
            inductor_cache=made / _INDUCTOR,
            triton_cache=work / "triton-cache",
            datasets_cache=work / "home",
        )
        spec = SandboxSpec(
            command=(sys.executable, "-m", "polydocs.snippets.compile_seed", str(made)),
            workdir=cwd,
            writable=(work,),
            readable=interpreter_paths(),
        )
        env = session_environment(os.environ, folders, "cpu", None)
        try:
            done = subprocess.run(
                support.command(spec),
                env=env,
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=SEED_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return f"making it took more than {SEED_SECONDS} s"
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip()[-400:]
            return f"making it failed (exit {done.returncode}): {tail}"
        try:
            made.rename(folder)
        except OSError:
            if not folder.is_dir():  # else another process made it first: use theirs
                raise
    return ""


def _read(folder: Path) -> tuple[CompileSeed | None, str]:
    """The seed in `folder`, its header place checked (an absolute path in the sandbox's private /tmp),
    or why not."""
    again = f"delete {folder} to make it again"
    try:
        place = (folder / _HEADER_FOLDER).read_text(encoding="utf-8").strip()
        files = sorted((folder / _HEADERS).iterdir())
    except OSError as error:
        return None, f"{folder} is incomplete ({error.strerror}); {again}"
    inside = PurePosixPath(place)
    if not inside.is_absolute() or ".." in inside.parts or not inside.is_relative_to("/tmp"):
        return None, f"{folder / _HEADER_FOLDER} names {place!r}, not a folder of /tmp; {again}"
    if not files or any(not _HEADER_NAME.fullmatch(f.name) or not _plain_file(f) for f in files):
        return None, f"{folder / _HEADERS} holds no header, or other files; {again}"
    return CompileSeed(tuple((f, str(inside / f.name)) for f in files), folder / _INDUCTOR), ""


def _plain_file(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _seed(out: Path) -> None:
    """In the sandbox: compile a small module on the CPU, then copy the header inductor precompiled."""
    import torch

    module = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.GELU())
    torch.compile(module)(torch.randn(4, 16))
    found = sorted(Path(tempfile.gettempdir()).glob("torchinductor_*/precompiled_headers/*.h*"))
    found = [path for path in found if _HEADER_NAME.fullmatch(path.name)]
    if not any(path.name.endswith(".gch") for path in found):
        raise SystemExit(f"inductor precompiled no header under {tempfile.gettempdir()}")
    for path in found:
        shutil.copyfile(path, out / _HEADERS / path.name)
    (out / _HEADER_FOLDER).write_text(str(found[0].parent), encoding="utf-8")


if __name__ == "__main__":
    _seed(Path(sys.argv[1]))
