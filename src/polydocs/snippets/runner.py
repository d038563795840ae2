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

from polydocs.snippets.compile_seed import CompileSeed, compile_seed, session_seed, wants_seed
from polydocs.snippets.environment import (
    EnvironmentRequest,
    SessionFolders,
    apply_requests,
    session_environment,
)
from polydocs.snippets.fragments import find_fragments
from polydocs.snippets.memory_cgroup import SessionCgroup
from polydocs.snippets.protocol import (
    Blocked,
    BlockError,
    BlockResult,
    BlockSpec,
    Failure,
    Fragment,
    SessionResult,
    SessionSpec,
)
from polydocs.snippets.regions import Region
from polydocs.snippets.sandbox import SandboxSpec
from polydocs.snippets.sandbox_probe import interpreter_paths, probe_sandbox
from polydocs.snippets.session_channel import PROOF, SessionRecord
from polydocs.snippets.sessions import Session
from polydocs.snippets.shell_fences import shell_made_before
from polydocs.snippets.standins.datasets import copy_for_session
from polydocs.snippets.standins.models import prepare_stand_ins, stand_ins_for
from polydocs.snippets.watchdog import SessionEnd, SessionPipes, wait_with_deadlines

DEFAULT_TIMEOUT = {"cpu": 300.0, "cuda": 900.0}
PROOF_TIMEOUT = {"cpu": 600.0, "cuda": 900.0}
DEFAULT_MEMORY_MB = 16384
DEFAULT_TRAINING_MODEL = "google/gemma-2b"
_TAIL = 3000


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


def prepare_sessions(sessions: list[Session], options: RunOptions) -> None:
    """Build, before the first of `sessions` runs, the stand-ins all of them load (see
    `prepare_stand_ins`); a session whose `env=` directives are refused loads none."""
    starting = [session for session in sessions if _refused_variables(session) is None]
    prepare_stand_ins(starting, options.device, options.profile, options.hf_home, DEFAULT_TRAINING_MODEL)
    if any(wants_seed(session.code, options.device) for session in starting):
        compile_seed(probe_sandbox(options.device == "cuda"))


def _block_spec(region: Region, device: str, blocked: Blocked | None, fragment: Fragment | None) -> BlockSpec:
    d = region.directives
    skip = bool(d.skip_reason(device))
    timeout = d.timeout or DEFAULT_TIMEOUT[device]
    return BlockSpec(
        region.start_line,
        region.end_line,
        region.source,
        skip,
        d.raises,
        timeout,
        d.setup,
        blocked,
        fragment,
    )


def _spec(
    session: Session,
    options: RunOptions,
    folder: Path,
    blocked: list[Blocked | None],
    channel_fd: int,
    environment: dict[str, str],
    repositories: dict[str, str],
) -> SessionSpec:
    fragments = find_fragments(session.regions)
    specs = [
        _block_spec(region, options.device, why, fragment)
        for region, why, fragment in zip(session.regions, blocked, fragments, strict=True)
    ]
    return SessionSpec(
        page_path=str(session.path.resolve()),
        blocks=tuple(specs),
        device=options.device,
        uses_torch=session.uses_torch,
        training_line=session.training_line(),
        default_model=DEFAULT_TRAINING_MODEL,
        memory_mb=0 if options.device == "cuda" else options.memory_mb,
        proof_timeout=PROOF_TIMEOUT[options.device],
        channel_fd=channel_fd,
        work=str(folder),
        environment=tuple(sorted(environment.items())),
        shell_made=tuple(
            replace(made, made_from=repositories.get(made.repository, ""))
            for made in shell_made_before(session)
        ),
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


def _session_folders(session: Session, options: RunOptions, folder: Path) -> SessionFolders:
    # The compile caches hold code that later sessions load and run: each is kept for one session's code
    # (its fingerprint), so what a page writes there only ever runs again as that same page.
    compiled = options.cache_dir / "compiled" / session.fingerprint()[:32]
    folders = SessionFolders(
        home=folder / "home",
        hf_home=options.hf_home,
        inductor_cache=compiled / "inductor",
        triton_cache=compiled / "triton",
        datasets_cache=folder / "datasets",
    )
    for writable in (folder / "cwd", folders.home, folders.inductor_cache, folders.triton_cache):
        writable.mkdir(parents=True, exist_ok=True)
    return folders


def _sandbox_spec(
    session: Session, options: RunOptions, folder: Path, folders: SessionFolders, seed: CompileSeed | None
) -> SandboxSpec:
    return SandboxSpec(
        command=(sys.executable, "-m", "polydocs.snippets.child", str(folder / "spec.json")),
        workdir=folder / "cwd",
        # The stand-in Hub cache is not among them: pages read it, and no page may change it for the next.
        writable=(folder, folders.inductor_cache, folders.triton_cache),
        readable=(*interpreter_paths(), folders.hf_home, session.path.resolve()),
        placed=seed.headers if seed is not None else (),
        gpu=options.device == "cuda",
    )


def _run_subprocess(session: Session, options: RunOptions) -> SessionResult:
    stand_ins = stand_ins_for(
        session, options.device, options.profile, options.hf_home, DEFAULT_TRAINING_MODEL
    )
    support = probe_sandbox(options.device == "cuda")
    seed = session_seed(session.code, options.device, support)
    with tempfile.TemporaryDirectory(prefix="polydocs-session-") as temp, ExitStack() as stack:
        folder = Path(temp).resolve()
        folders = _session_folders(session, options, folder)
        if seed is not None:
            seed.start(folders.inductor_cache)
        copy_for_session(stand_ins.datasets, options.hf_home, folders.datasets_cache)
        lines = tuple(region.start_line for region in session.regions)
        pipes = stack.enter_context(SessionPipes(SessionRecord(lines)))
        requested: dict[str, str] = {}
        apply_requests(requested, _environment_requests(session), os.environ)
        spec = _spec(
            session,
            options,
            folder,
            stand_ins.blocked,
            pipes.channel_write,
            requested,
            stand_ins.repositories,
        )
        (folder / "spec.json").write_text(json.dumps(asdict(spec)))
        argv = support.command(_sandbox_spec(session, options, folder, folders, seed))
        cgroup = None
        parent = support.memory
        if parent.folder is not None and options.memory_mb > 0:
            cgroup = stack.enter_context(SessionCgroup(parent.folder, options.memory_mb, parent.version))
            argv = cgroup.enter_command(argv)
        # The launchers (the cgroup's shell, bubblewrap) get only the checker's allowlisted environment;
        # the page's own variables reach the child alone, inside the sandbox (spec.environment).
        env = session_environment(os.environ, folders, options.device, options.gpu)
        end = _run_watched(argv, folder, env, spec, pipes)
        out_of_memory = cgroup is not None and cgroup.ran_out_of_memory()
    if support.launcher.bwrap is not None and end.returncode is not None and end.returncode > 128:
        end = replace(end, returncode=128 - end.returncode)  # bubblewrap exits 128+N for signal N
    stderr = pipes.output(pipes.stderr)
    result = _result(session, spec, end, pipes.record, stderr, options, out_of_memory)
    output_tail = (pipes.output(pipes.stdout)[-_TAIL:] + stderr[-_TAIL:]).strip()
    return replace(result, output_tail=output_tail, notes=tuple(stand_ins.notes))


def _run_watched(
    argv: list[str], folder: Path, env: dict[str, str], spec: SessionSpec, pipes: SessionPipes
) -> SessionEnd:
    process = subprocess.Popen(
        argv,
        cwd=folder / "cwd",
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=pipes.stdout_write,
        stderr=pipes.stderr_write,
        pass_fds=(pipes.channel_write,),
        start_new_session=True,
    )
    pipes.close_write_ends()
    try:
        timeouts = [b.timeout for b in spec.blocks]
        limit = sum(timeouts) + spec.proof_timeout + 60
        return wait_with_deadlines(process, pipes, timeouts, spec.proof_timeout, limit)
    finally:  # also on Ctrl-C; and after a normal exit, for what is left in the process group
        _kill_group(process)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def _result(
    session: Session,
    spec: SessionSpec,
    end: SessionEnd,
    record: SessionRecord,
    stderr: str,
    options: RunOptions,
    out_of_memory: bool,
) -> SessionResult:
    """What the channel recorded; where the session did not end as the protocol says, the crash."""
    if record.end is not None and end.returncode == 0 and not record.broken:
        result = replace(record.end, blocks=tuple(record.blocks))
        if out_of_memory:
            # cgroup v1 kills the one process that went over, not the session: the page still failed.
            message = f"a process of the session went over its memory limit of {options.memory_mb} MiB"
            killed = Failure(session.line, message + " and was killed")
            result = replace(result, failures=(*result.failures, killed))
        return result
    memory = options.memory_mb if out_of_memory else None
    return _crash(session, spec, end, record, stderr, memory)


def _crash(
    session: Session,
    spec: SessionSpec,
    end: SessionEnd,
    record: SessionRecord,
    stderr: str,
    memory_mb: int | None,
) -> SessionResult:
    """The session did not finish as the protocol says: every block keeps the outcome the channel
    recorded; the block running at the time (or the proof) gets the crash; the rest did not run."""
    why = record.broken or _why_it_ended(end, memory_mb)
    lines = [block.line for block in spec.blocks]
    done = list(record.blocks)
    running = len(done) if record.started == len(done) else None
    if record.proving:
        line = session.line
        why += " while proving torch.compile"
    elif running is not None:
        line = _faulthandler_line(stderr, spec.page_path) or lines[running]
        done.append(BlockResult(lines[running], "failed", error=BlockError(line, "Crash", why)))
    else:
        line = lines[len(done)] if len(done) < len(lines) else session.line
        why += " between blocks" if done and len(done) < len(lines) else ""
    # A fragment never runs, crash or not: it keeps its reason.
    after = spec.blocks[len(done) :]
    blocks = [
        *done,
        *(
            BlockResult(b.line, "fragment", fragment=b.fragment)
            if b.fragment
            else BlockResult(b.line, "not-run")
            for b in after
        ),
    ]
    return SessionResult(blocks=tuple(blocks), failures=(Failure(line, why),))


def _why_it_ended(end: SessionEnd, memory_mb: int | None) -> str:
    if memory_mb is not None:
        return f"the session went over its memory limit of {memory_mb} MiB (killed by the kernel)"
    if end.returncode is None and end.whole_session:
        return f"session killed after {end.overran:g} s (timeout)"
    if end.returncode is None:
        what = "proof" if end.step == PROOF else "block"
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
        return "the Python process exited with status 0 (os._exit?) before the session ended"
    return f"the Python process exited with status {end.returncode}"


def _faulthandler_line(stderr: str, page_path: str) -> int | None:
    match = re.search(rf'File "{re.escape(page_path)}", line (\d+)', stderr)
    return int(match.group(1)) if match else None
