"""The parent's side of a running session: read its pipes and enforce each block's hard deadline.

The session's stdout, stderr and result channel (session_channel.py) are pipes the parent made before
the session started; it reads them without blocking, keeps a bounded tail of the output, and records the
channel's messages as they come. Nothing inside the sandbox can make this loop wait: it opens no file,
and a pipe that stays silent only lets the clock run.

Each block's deadline starts when the channel says the block started: the child's alarm, which fires
first, gives the nicer error; this is for a block that ignores or blocks SIGALRM, or sits in C code that
never returns to Python. A step is accepted once and only in order (the record refuses the rest), so a
page cannot restart its own clock; the session's overall limit holds whatever the channel says.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from dataclasses import dataclass

from polydocs.snippets.session_channel import PROOF, SessionRecord

GRACE_SECONDS = 5.0
_POLL_SECONDS = 0.2
_READ_BYTES = 65536
TAIL_BYTES = 65536  # what is kept of each output stream: a page may print gigabytes
_DRAIN_BYTES = 4 * 1024 * 1024  # read after the session ended, from what its processes left in the pipes


@dataclass(frozen=True)
class SessionEnd:
    """How the wait ended: `returncode` None when a limit ran out (the caller kills the session)."""

    returncode: int | None
    step: str  # the last step seen: a block index, "proof", or "" before the first block
    overran: float = 0.0  # the limit that ran out: the step's timeout, or the session's
    whole_session: bool = False  # the session's overall limit ran out, not one step's


class SessionPipes:
    """The session's stdout, stderr and result channel: the parent reads them, the child inherits the
    write ends (a context manager: every end is closed on the way out)."""

    def __init__(self, record: SessionRecord) -> None:
        self.record = record
        self._open: list[int] = []
        self.stdout, self.stdout_write = self._pipe()
        self.stderr, self.stderr_write = self._pipe()
        self.channel, self.channel_write = self._pipe()
        self._tails: dict[int, bytearray] = {}

    def __enter__(self) -> SessionPipes:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for fd in list(self._open):
            self._close(fd)

    def close_write_ends(self) -> None:
        """Once the child started: only the session holds them then, so the pipes end with it."""
        for fd in (self.stdout_write, self.stderr_write, self.channel_write):
            self._close(fd)

    def output(self, fd: int) -> str:
        """The kept tail of one output stream."""
        return bytes(self._tails.get(fd, b"")).decode(errors="replace")

    def take(self, fd: int, data: bytes) -> None:
        if fd == self.channel:
            self.record.feed(data)
            return
        tail = self._tails.setdefault(fd, bytearray())
        tail += data
        del tail[:-TAIL_BYTES]

    def _pipe(self) -> tuple[int, int]:
        read, write = os.pipe()
        self._open += [read, write]
        return read, write

    def _close(self, fd: int) -> None:
        if fd in self._open:
            self._open.remove(fd)
            os.close(fd)


def wait_with_deadlines(
    process: subprocess.Popen[bytes],
    pipes: SessionPipes,
    block_timeouts: list[float],
    proof_timeout: float,
    session_limit: float,
) -> SessionEnd:
    session_deadline = time.monotonic() + session_limit
    step, step_deadline = "", float("inf")
    with selectors.DefaultSelector() as selector:
        for fd in (pipes.stdout, pipes.stderr, pipes.channel):
            os.set_blocking(fd, False)
            selector.register(fd, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select(_POLL_SECONDS):
                if not _read_once(key.fd, pipes):
                    selector.unregister(key.fd)
            returncode = process.poll()
            if returncode is not None:
                _drain(selector, pipes)
                return SessionEnd(returncode, pipes.record.step)
            now = time.monotonic()
            if pipes.record.step != step:
                step = pipes.record.step
                step_deadline = now + _step_timeout(step, block_timeouts, proof_timeout) + GRACE_SECONDS
            if now > step_deadline:
                return SessionEnd(None, step, _step_timeout(step, block_timeouts, proof_timeout))
            if now > session_deadline:
                return SessionEnd(None, step, session_limit, whole_session=True)


def _step_timeout(step: str, block_timeouts: list[float], proof_timeout: float) -> float:
    return proof_timeout if step == PROOF else block_timeouts[int(step)]


def _read_once(fd: int, pipes: SessionPipes) -> bool:
    """Read what is there; False at the end of the pipe."""
    try:
        data = os.read(fd, _READ_BYTES)
    except BlockingIOError:
        return True
    if not data:
        return False
    pipes.take(fd, data)
    return True


def _drain(selector: selectors.BaseSelector, pipes: SessionPipes) -> None:
    """What the ended session wrote and the loop has not read yet, never more than a bound: a process it
    left behind (outside a PID namespace) could write forever."""
    budget = _DRAIN_BYTES
    while budget > 0 and selector.get_map():
        ready = selector.select(0)
        if not ready:
            return
        for key, _ in ready:
            try:
                data = os.read(key.fd, _READ_BYTES)
            except BlockingIOError:
                data = b""
                selector.unregister(key.fd)
                continue
            if not data:
                selector.unregister(key.fd)
                continue
            budget -= len(data)
            pipes.take(key.fd, data)
