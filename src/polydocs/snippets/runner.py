"""Run one session in a fresh, sandboxed Python subprocess and read back what happened."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polydocs.snippets.sessions import Session
from polydocs.snippets.standins import REGISTRY, ensure_stand_ins, hub_ids_in, missing_stand_in

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
    memory_mb: int = DEFAULT_MEMORY_MB  # address-space limit; not applied on CUDA (drivers map huge areas)
    gpu: str | None = None  # the CUDA_VISIBLE_DEVICES value for this worker's sessions

    @property
    def hf_home(self) -> Path:
        return self.cache_dir / "standins" / self.profile


def run_session(session: Session, options: RunOptions) -> dict[str, Any]:
    """Run `session`; the result has page lines (`line` keys) and a `status`."""
    started = time.perf_counter()
    result = _missing_stand_ins(session) or _run_subprocess(session, options)
    result["seconds"] = round(time.perf_counter() - started, 3)
    result["gpu"] = options.gpu if options.device == "cuda" else None
    result["status"] = _status(result)
    return result


def _missing_stand_ins(session: Session) -> dict[str, Any] | None:
    problems = []
    for region in session.regions:
        for hub_id, offset in hub_ids_in(region.source):
            if hub_id not in REGISTRY:
                problems.append(missing_stand_in(str(session.path), region.start_line + 1 + offset, hub_id))
    if not problems:
        return None
    return {
        "blocks": [],
        "failures": [{"line": p.line, "message": f"{p.message}; {p.hint}"} for p in problems],
    }


def _hub_ids(session: Session) -> list[str]:
    ids = [hub_id for r in session.regions for hub_id, _ in hub_ids_in(r.source)]
    if "TrainingArguments" in session.code:
        ids.append(DEFAULT_TRAINING_MODEL)
    return ids


def _spec(session: Session, options: RunOptions, folder: Path) -> dict[str, Any]:
    timeout = DEFAULT_TIMEOUT[options.device]
    blocks = []
    for region in session.regions:
        d = region.directives
        skip = d.reason or "skipped by directive" if d.skip else ""
        if d.requires == "cuda" and options.device != "cuda":
            skip = "requires cuda"
        blocks.append(
            {
                "line": region.start_line,
                "end_line": region.end_line,
                "source": region.source,
                "skip": skip,
                "raises": d.raises,
                "timeout": d.timeout or timeout,
                "setup": [{"code": s.code, "first_line": s.first_line} for s in d.setup],
            }
        )
    return {
        "page_path": str(session.path.resolve()),
        "blocks": blocks,
        "device": options.device,
        "profile": options.profile,
        "uses_torch": session.uses_torch,
        "training_line": session.training_line(),
        "default_model": DEFAULT_TRAINING_MODEL,
        "memory_mb": 0 if options.device == "cuda" else options.memory_mb,
        "proof_timeout": PROOF_TIMEOUT[options.device],
        "result": str(folder / "result.json"),
        "progress": str(folder / "progress.txt"),
    }


def _environment(options: RunOptions) -> dict[str, str]:
    package_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env.update(
        PYTHONPATH=os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")])),
        HF_HOME=str(options.hf_home),
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        HF_HUB_DISABLE_TELEMETRY="1",
        TOKENIZERS_PARALLELISM="false",
        TORCHINDUCTOR_CACHE_DIR=str(options.cache_dir / "inductor"),
        PYTHONFAULTHANDLER="1",
        MPLBACKEND="Agg",
    )
    if options.device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""
        # On a small CPU machine a pool of compile workers costs more than it saves.
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
    elif options.gpu is not None:
        env["CUDA_VISIBLE_DEVICES"] = options.gpu
    return env


def _run_subprocess(session: Session, options: RunOptions) -> dict[str, Any]:
    ensure_stand_ins(_hub_ids(session), options.profile, options.hf_home)
    with tempfile.TemporaryDirectory(prefix="polydocs-session-") as temp:
        folder = Path(temp)
        workdir = folder / "cwd"
        workdir.mkdir()
        spec = _spec(session, options, folder)
        (folder / "spec.json").write_text(json.dumps(spec))
        limit = sum(b["timeout"] for b in spec["blocks"]) + spec["proof_timeout"] + 60
        with open(folder / "stdout.txt", "wb") as out, open(folder / "stderr.txt", "wb") as err:
            process = subprocess.Popen(
                [sys.executable, "-m", "polydocs.snippets.child", str(folder / "spec.json")],
                cwd=workdir,
                env=_environment(options),
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
            try:
                returncode: int | None = process.wait(timeout=limit)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                returncode = None
            except BaseException:  # Ctrl-C: the session runs in its own process group, end it too
                os.killpg(process.pid, signal.SIGKILL)
                raise
        stderr = (folder / "stderr.txt").read_text(errors="replace")
        stdout = (folder / "stdout.txt").read_text(errors="replace")
        result_file = folder / "result.json"
        if returncode == 0 and result_file.exists():
            result: dict[str, Any] = json.loads(result_file.read_text())
        else:
            result = _crash(session, spec, folder, returncode, limit, stderr)
        result["output_tail"] = (stdout[-_TAIL:] + stderr[-_TAIL:]).strip()
        return result


def _crash(
    session: Session, spec: dict[str, Any], folder: Path, returncode: int | None, limit: float, stderr: str
) -> dict[str, Any]:
    """The child died: blame the block it had started, at the line faulthandler saw, if any."""
    progress = (folder / "progress.txt").read_text().split() if (folder / "progress.txt").exists() else []
    last = progress[-1] if progress else "0"
    if returncode is None:
        why = f"session killed after {limit:g} s (timeout)"
    elif returncode < 0:
        why = f"the Python process crashed ({signal.Signals(-returncode).name})"
    else:
        why = f"the Python process exited with status {returncode}"
    blocks = [{"line": b["line"], "status": "not-run"} for b in spec["blocks"]]
    if last == "proof":
        line = session.line
        why += " while proving torch.compile"
    else:
        index = int(last)
        line = _faulthandler_line(stderr, spec["page_path"]) or spec["blocks"][index]["line"]
        for block in blocks[:index]:
            block["status"] = "passed"
        blocks[index].update(status="failed", error={"line": line, "type": "Crash", "message": why})
    return {"blocks": blocks, "failures": [{"line": line, "message": why}]}


def _faulthandler_line(stderr: str, page_path: str) -> int | None:
    match = re.search(rf'File "{re.escape(page_path)}", line (\d+)', stderr)
    return int(match.group(1)) if match else None


def _status(result: dict[str, Any]) -> str:
    if result.get("failures") or result.get("proof_error"):
        return "failed"
    if any(b["status"] == "failed" for b in result["blocks"]):
        return "failed"
    if any(v["problems"] for v in result.get("compile", []) + result.get("training", [])):
        return "failed"
    if result["blocks"] and all(b["status"] == "skipped" for b in result["blocks"]):
        return "skipped"
    return "passed"
