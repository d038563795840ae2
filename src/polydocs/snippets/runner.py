"""Run one session in a fresh Python subprocess inside the sandbox (sandbox.py); read back what happened."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from polydocs.snippets.environment import (
    EnvironmentRequest,
    SessionFolders,
    apply_requests,
    session_environment,
)
from polydocs.snippets.memory_cgroup import SessionCgroup
from polydocs.snippets.protocol import (
    Blocked,
    BlockError,
    BlockResult,
    BlockSpec,
    Failure,
    SessionResult,
    SessionSpec,
)
from polydocs.snippets.regions import Region
from polydocs.snippets.sandbox import SandboxSpec
from polydocs.snippets.sandbox_probe import hidden_folders, interpreter_paths, probe_sandbox
from polydocs.snippets.sessions import Session
from polydocs.snippets.standins import stand_ins_for
from polydocs.snippets.standins_datasets import copy_for_session
from polydocs.snippets.watchdog import PROOF_STEP, SessionEnd, wait_with_deadlines
from polydocs.typed_json import load

DEFAULT_TIMEOUT = {"cpu": 300.0, "cuda": 900.0}
PROOF_TIMEOUT = {"cpu": 600.0, "cuda": 900.0}
DEFAULT_MEMORY_MB = 16384
DEFAULT_TRAINING_MODEL = "google/gemma-2b"
_TAIL = 3000
_READ_BYTES = 65536
_RESULT_BYTES = 64 * 1024 * 1024  # far above any real result; a page may write the file itself


@dataclass(frozen=True)
class RunOptions:
    device: str  # "cpu" or "cuda"
    profile: str  # "tiny" or "full"
    cache_dir: Path
    # Per process address space (not on CUDA: drivers map huge areas), and the whole tree's cgroup limit.
    memory_mb: int = DEFAULT_MEMORY_MB
    gpu: str | None = None  # the CUDA_VISIBLE_DEVICES value for this worker's sessions

    @property
    def hf_home(self) -> Path:
        return self.cache_dir / "standins" / self.profile


def run_session(session: Session, options: RunOptions) -> SessionResult:
    """Run `session`: what happened, at the page's lines."""
    started = time.perf_counter()
    result = _refused_variables(session) or _run_subprocess(session, options)
    return replace(
        result,
        seconds=round(time.perf_counter() - started, 3),
        gpu=options.gpu if options.device == "cuda" else None,
    )


def _block_spec(region: Region, device: str, blocked: Blocked | None) -> BlockSpec:
    d = region.directives
    skip = bool(d.skip_reason(device))
    timeout = d.timeout or DEFAULT_TIMEOUT[device]
    return BlockSpec(
        region.start_line, region.end_line, region.source, skip, d.raises, timeout, d.setup, blocked
    )


def _spec(session: Session, options: RunOptions, folder: Path, blocked: list[Blocked | None]) -> SessionSpec:
    specs = [_block_spec(r, options.device, why) for r, why in zip(session.regions, blocked, strict=True)]
    return SessionSpec(
        page_path=str(session.path.resolve()),
        blocks=tuple(specs),
        device=options.device,
        uses_torch=session.uses_torch,
        training_line=session.training_line(),
        default_model=DEFAULT_TRAINING_MODEL,
        memory_mb=0 if options.device == "cuda" else options.memory_mb,
        proof_timeout=PROOF_TIMEOUT[options.device],
        result=str(folder / "result.json"),
        progress=str(folder / "progress.txt"),
    )


def _environment_requests(session: Session) -> list[EnvironmentRequest]:
    return [
        EnvironmentRequest(name, value, region.start_line)
        for region in session.regions
        for name, value in region.directives.env
    ]


def _refused_variables(session: Session) -> SessionResult | None:
    """`env=NAME` directives this run does not grant fail the session before it starts, at their blocks."""
    refusals = apply_requests({}, _environment_requests(session), os.environ)
    if not refusals:
        return None
    return SessionResult(failures=tuple(Failure(line, message) for line, message in refusals))


def _session_folders(options: RunOptions, folder: Path) -> SessionFolders:
    folders = SessionFolders(
        home=folder / "home",
        hf_home=options.hf_home,
        inductor_cache=options.cache_dir / "inductor",
        triton_cache=options.cache_dir / "triton",
        datasets_cache=folder / "datasets",
    )
    for writable in (folder / "cwd", folders.home, folders.inductor_cache, folders.triton_cache):
        writable.mkdir(parents=True, exist_ok=True)
    return folders


def _sandbox_spec(
    session: Session, options: RunOptions, folder: Path, folders: SessionFolders
) -> SandboxSpec:
    return SandboxSpec(
        command=(sys.executable, "-m", "polydocs.snippets.child", str(folder / "spec.json")),
        workdir=folder / "cwd",
        # The stand-in Hub cache is not among them: pages read it, and no page may change it for the next.
        writable=(folder, folders.inductor_cache, folders.triton_cache),
        readable=(*interpreter_paths(), folders.hf_home, session.path.resolve()),
        hidden=hidden_folders(),
        gpu=options.device == "cuda",
    )


def _run_subprocess(session: Session, options: RunOptions) -> SessionResult:
    stand_ins = stand_ins_for(
        session, options.device, options.profile, options.hf_home, DEFAULT_TRAINING_MODEL
    )
    support = probe_sandbox(options.device == "cuda")
    with tempfile.TemporaryDirectory(prefix="polydocs-session-") as temp:
        folder = Path(temp).resolve()
        folders = _session_folders(options, folder)
        copy_for_session(stand_ins.datasets, options.hf_home, folders.datasets_cache)
        spec = _spec(session, options, folder, stand_ins.blocked)
        (folder / "spec.json").write_text(json.dumps(asdict(spec)))
        env = session_environment(os.environ, folders, options.device, options.gpu)
        apply_requests(env, _environment_requests(session), os.environ)
        limit = sum(b.timeout for b in spec.blocks) + spec.proof_timeout + 60
        with ExitStack() as stack:
            argv = support.launcher.command(_sandbox_spec(session, options, folder, folders))
            cgroup = None
            parent = support.memory
            if parent.folder is not None and options.memory_mb > 0:
                cgroup = stack.enter_context(SessionCgroup(parent.folder, options.memory_mb, parent.version))
                argv = cgroup.enter_command(argv)
            end = _run_watched(argv, folder, env, spec, limit)
            out_of_memory = cgroup is not None and cgroup.ran_out_of_memory()
        if support.launcher.bwrap is not None and end.returncode is not None and end.returncode > 128:
            end = replace(end, returncode=128 - end.returncode)  # bubblewrap exits 128+N for signal N
        stderr = _tail(folder / "stderr.txt")
        result = _read_result(folder) if end.returncode == 0 else None
        if result is not None and out_of_memory:
            # cgroup v1 kills the one process that went over, not the session: the page still failed.
            message = f"a process of the session went over its memory limit of {options.memory_mb} MiB"
            killed = Failure(session.line, message + " and was killed")
            result = replace(result, failures=(*result.failures, killed))
        if result is None:
            memory = options.memory_mb if out_of_memory else None
            result = _crash(session, spec, end, stderr, memory)
        output_tail = (_tail(folder / "stdout.txt")[-_TAIL:] + stderr[-_TAIL:]).strip()
        return replace(result, output_tail=output_tail)


def _run_watched(
    argv: list[str], folder: Path, env: dict[str, str], spec: SessionSpec, limit: float
) -> SessionEnd:
    with open(folder / "stdout.txt", "wb") as out, open(folder / "stderr.txt", "wb") as err:
        process = subprocess.Popen(
            argv,
            cwd=folder / "cwd",
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
        try:
            timeouts = [b.timeout for b in spec.blocks]
            end = wait_with_deadlines(process, folder / "progress.txt", timeouts, spec.proof_timeout, limit)
        finally:  # also on Ctrl-C; and after a normal exit, for what is left in the process group
            _kill_group(process)
    return end


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def _tail(path: Path) -> str:
    """The end of an output file; a page may print gigabytes, the parent reads a bounded part."""
    if not path.exists():
        return ""
    with open(path, "rb") as file:
        file.seek(max(0, path.stat().st_size - _READ_BYTES))
        return file.read().decode(errors="replace")


def _read_result(folder: Path) -> SessionResult | None:
    """The child's result, or None when it is missing, too big to be one, or not what the child writes
    (the page's code can write the file too)."""
    path = folder / "result.json"
    try:
        if path.stat().st_size > _RESULT_BYTES:
            return None
        return load(SessionResult, json.loads(path.read_text()))
    except (OSError, ValueError):  # JsonShapeError is a ValueError
        return None


def _crash(
    session: Session, spec: SessionSpec, end: SessionEnd, stderr: str, memory_mb: int | None
) -> SessionResult:
    """The child died or was killed: blame the block it had started, at the line faulthandler saw, if any."""
    why = _why_it_ended(end, memory_mb)
    lines = [block.line for block in spec.blocks]
    if end.step == PROOF_STEP:
        line = session.line
        why += " while proving torch.compile"
        blocks = [BlockResult(at, "not-run") for at in lines]
    else:
        index = int(end.step or 0)
        line = _faulthandler_line(stderr, spec.page_path) or lines[index]
        blocks = [
            *(BlockResult(at, "passed") for at in lines[:index]),
            BlockResult(lines[index], "failed", error=BlockError(line, "Crash", why)),
            *(BlockResult(at, "not-run") for at in lines[index + 1 :]),
        ]
    return SessionResult(blocks=tuple(blocks), failures=(Failure(line, why),))


def _why_it_ended(end: SessionEnd, memory_mb: int | None) -> str:
    if memory_mb is not None:
        return f"the session went over its memory limit of {memory_mb} MiB (killed by the kernel)"
    if end.returncode is None and end.whole_session:
        return f"session killed after {end.overran:g} s (timeout)"
    if end.returncode is None:
        what = "proof" if end.step == PROOF_STEP else "block"
        return (
            f"timed out after {end.overran:g} s "
            f"(the {what} kept running past its alarm; the checker killed the session)"
        )
    if end.returncode < 0:
        try:
            name = signal.Signals(-end.returncode).name
        except ValueError:
            name = f"signal {-end.returncode}"
        return f"the Python process crashed ({name})"
    if end.returncode == 0:
        return "the session ended without a readable result"
    return f"the Python process exited with status {end.returncode}"


def _faulthandler_line(stderr: str, page_path: str) -> int | None:
    match = re.search(rf'File "{re.escape(page_path)}", line (\d+)', stderr)
    return int(match.group(1)) if match else None
