"""The parent's hard deadline for each block of a session, which no signal handler in the child can undo.

The child writes the index of each block it starts (and `proof` before proving torch.compile) to its
progress file. The parent polls that file and stops waiting when the step it last saw has run past its
own timeout plus a grace period: the child's alarm, which fires first, gives the nicer error; this is
for a block that ignores or blocks SIGALRM, or sits in C code that never returns to Python.

The progress file is writable by the page's code, so what it says is not trusted: each step is accepted
once and only in order, so a page cannot restart its own clock; the session's overall limit still holds.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

GRACE_SECONDS = 5.0
_POLL_SECONDS = 0.2
_TAIL_BYTES = 64
PROOF_STEP = "proof"


@dataclass(frozen=True)
class SessionEnd:
    """How the wait ended: `returncode` None when a limit ran out (the caller kills the session)."""

    returncode: int | None
    step: str  # the last step seen: a block index, "proof", or "" before the first block
    overran: float = 0.0  # the limit that ran out: the step's timeout, or the session's
    whole_session: bool = False  # the session's overall limit ran out, not one step's


def wait_with_deadlines(
    process: subprocess.Popen[bytes],
    progress: Path,
    block_timeouts: list[float],
    proof_timeout: float,
    session_limit: float,
) -> SessionEnd:
    session_deadline = time.monotonic() + session_limit
    step, step_deadline = "", float("inf")
    while True:
        try:
            return SessionEnd(process.wait(timeout=_POLL_SECONDS), step)
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        seen = _latest_step(progress)
        if seen is not None and _comes_after(seen, step, len(block_timeouts)):
            step = seen
            timeout = proof_timeout if step == PROOF_STEP else block_timeouts[int(step)]
            step_deadline = now + timeout + GRACE_SECONDS
        if now > step_deadline:
            limit = proof_timeout if step == PROOF_STEP else block_timeouts[int(step)]
            return SessionEnd(None, step, limit)
        if now > session_deadline:
            return SessionEnd(None, step, session_limit, whole_session=True)


def _latest_step(progress: Path) -> str | None:
    """The last complete line of the progress file, read from its end (a page may have made it huge)."""
    try:
        with open(progress, "rb") as file:
            file.seek(max(0, os.fstat(file.fileno()).st_size - _TAIL_BYTES))
            tail = file.read(_TAIL_BYTES)
    except OSError:
        return None
    lines = tail.split(b"\n")
    return lines[-2].decode(errors="replace").strip() if len(lines) > 1 else None


def _comes_after(seen: str, current: str, blocks: int) -> bool:
    if current == PROOF_STEP:
        return False
    if seen == PROOF_STEP:
        return True
    if not (seen.isascii() and seen.isdigit()) or int(seen) >= blocks:
        return False
    return current == "" or int(seen) > int(current)
