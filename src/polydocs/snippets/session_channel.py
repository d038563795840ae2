"""The one way a session tells the checker what happened: JSON lines on a pipe the checker opened.

The checker makes the pipe before the session starts and keeps only its read end; the child inherits
the write end (its number is in the spec). It writes, in order, `{"start": i}` before it runs block
`i` (not before a skipped, fragment or blocked one it never runs), `{"block": BlockResult}` as each
block ends (skipped and blocked ones too; a block that ran can end blocked, with or without an error),
`{"proof": true}` before proving torch.compile and `{"end": SessionResult}` (without blocks) last. The
checker never opens a file the session could have written: no link, FIFO or huge file in the session
folder can redirect, block or flood it.

What the channel carries is recorded as it arrives (`SessionRecord`), so a crash or a kill loses nothing
already known: a block is "passed" only when its own result arrived. The page runs in the process that
writes the channel and can write to it too; the record accepts only messages in protocol order, and
anything else ends the record (`broken`), which the checker reports as a failure, never as a pass.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any

from polydocs.snippets.protocol import BlockResult, SessionResult
from polydocs.typed_json import JsonShapeError, load

MESSAGE_BYTES = 16 * 1024 * 1024  # far above any real message; a longer line breaks the record
PROOF = "proof"


class ChannelWriter:
    """The child's end: one message a line, written whole."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def start(self, index: int) -> None:
        self._send({"start": index})

    def block(self, result: BlockResult) -> None:
        self._send({"block": asdict(result)})

    def proof(self) -> None:
        self._send({PROOF: True})

    def end(self, result: SessionResult) -> None:
        self._send({"end": asdict(result)})

    def _send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message, default=str) + "\n").encode()
        while data:
            data = data[os.write(self._fd, data) :]


@dataclass
class SessionRecord:
    """What the parent has heard, checked against the blocks it asked for (their page lines, in order)."""

    lines: tuple[int, ...]
    blocks: list[BlockResult] = field(default_factory=list)
    started: int | None = None  # the block the child last said it started
    proving: bool = False
    end: SessionResult | None = None
    broken: str = ""  # why the record stopped accepting messages
    _pending: bytearray = field(default_factory=bytearray)

    @property
    def step(self) -> str:
        """What the child is doing: "" before any block, a block's index, or `PROOF`."""
        if self.proving:
            return PROOF
        return "" if self.started is None else str(self.started)

    def feed(self, data: bytes) -> None:
        """Take bytes read from the pipe; complete lines are messages."""
        if self.broken:
            return
        self._pending += data
        while not self.broken and b"\n" in self._pending:
            line, _, rest = bytes(self._pending).partition(b"\n")
            self._pending = bytearray(rest)
            self._take(line)
        if len(self._pending) > MESSAGE_BYTES:
            self._break(f"a message longer than {MESSAGE_BYTES} bytes")

    def _take(self, line: bytes) -> None:
        try:
            message = json.loads(line)
            if not isinstance(message, dict) or len(message) != 1:
                raise ValueError("not one message")
            ((kind, value),) = message.items()
            self._accept(kind, value)
        except (ValueError, JsonShapeError) as error:
            self._break(f"{line[:80]!r}: {error}")

    def _accept(self, kind: str, value: Any) -> None:
        if self.end is not None:
            raise ValueError("a message after the session's end")
        if kind == "start":
            expected = len(self.blocks)
            if value != expected or self.started == expected or self.proving:
                raise ValueError(f"block {value} started out of order")
            self.started = value
        elif kind == "block":
            self._accept_block(load(BlockResult, value))
        elif kind == PROOF:
            if self.proving or len(self.blocks) != len(self.lines):
                raise ValueError("the proof started before every block ended")
            self.proving = True
        elif kind == "end":
            if len(self.blocks) != len(self.lines):
                raise ValueError("the session ended before every block ended")
            self.end = load(SessionResult, value)
        else:
            raise ValueError(f"unknown message {kind!r}")

    def _accept_block(self, result: BlockResult) -> None:
        index = len(self.blocks)
        if index >= len(self.lines) or result.line != self.lines[index]:
            raise ValueError(f"a result for line {result.line}, where block {index} was next")
        ran = result.status in ("passed", "failed") or result.error is not None
        # blocked before it runs (a stand-in, a blocked block's consequence) or after it ran
        may_have_run = ran or result.status == "blocked"
        started = self.started == index
        if (ran and not started) or (started and not may_have_run):
            raise ValueError(f"the result of block {index} does not follow its start")
        self.blocks.append(result)

    def _break(self, why: str) -> None:
        self.broken = f"the session's result channel carried what the checker does not accept ({why})"
