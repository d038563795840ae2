"""The messages between the checker and a session's child process: what to run, and what happened.

The spec travels as a JSON file the checker writes before the session starts; what happened comes back
as messages on a pipe (session_channel.py); both are `dataclasses.asdict` out, `typed_json.load` in.
Every page line is a field marked `PAGE_LINE`, so `moved` can carry a result over to another page with
the same session (the result cache) without knowing which keys hold lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from polydocs.snippets.directives import SetupCode

PAGE_LINE = {"page_line": True}
BlockStatus = Literal["passed", "failed", "blocked", "fragment", "skipped", "not-run"]
SessionStatus = Literal["passed", "failed", "blocked", "fragment", "skipped"]
Record = TypeVar("Record")


@dataclass(frozen=True)
class Blocked:
    """Why a block cannot run here (the environment, not the page); `reason` is in `blocking.REASONS`."""

    line: int = field(metadata=PAGE_LINE)
    reason: str
    message: str
    hint: str


@dataclass(frozen=True)
class Fragment:
    """Why a block cannot run by itself (fragments.py); `reason` is in `fragments.REASONS`."""

    line: int = field(metadata=PAGE_LINE)
    reason: str
    message: str


@dataclass(frozen=True)
class BlockSpec:
    """One code block as the child runs it: `source` starts at page line `line + 1` (after the fence)."""

    line: int
    end_line: int
    source: str
    skip: bool  # by directive, or `requires=` a device this run lacks
    raises: str  # the exception the block must raise (`raises=`); empty: none
    timeout: float
    setup: tuple[SetupCode, ...] = ()
    blocked: Blocked | None = None  # known before it runs (a stand-in that cannot be derived)
    fragment: Fragment | None = None  # not run: it cannot run by itself (fragments.py)


@dataclass(frozen=True)
class ShellMade:
    """A path a shell fence of the page makes before the session's blocks (the checker runs no shell
    command): the child makes what it can as the command would, from where its files are known."""

    line: int  # the shell fence's
    path: str
    repository: str = ""  # the Hub repository a clone or a download fills it with
    made_from: str = ""  # a folder holding that repository's files (its stand-in); empty: none
    empty_folder: bool = False  # `mkdir`: an empty folder


@dataclass(frozen=True)
class SessionSpec:
    """Everything the child needs to run one session, and where it tells what happened."""

    page_path: str
    blocks: tuple[BlockSpec, ...]
    device: str
    uses_torch: bool
    training_line: int
    default_model: str
    memory_mb: int
    proof_timeout: float
    channel_fd: int  # the write end of the result channel (session_channel.py), inherited
    work: str  # the session's own writable folder (the web stand-ins' certificates live there)
    # The page's `env=` variables, set by the child inside the sandbox, never in the launchers' env.
    environment: tuple[tuple[str, str], ...] = ()
    # What the page's shell fences before the session's blocks make (`git clone`, `mkdir`).
    shell_made: tuple[ShellMade, ...] = ()


@dataclass(frozen=True)
class BlockError:
    """An exception, at the deepest page line its traceback reached."""

    line: int = field(metadata=PAGE_LINE)
    type: str
    message: str


@dataclass(frozen=True)
class BlockResult:
    line: int = field(metadata=PAGE_LINE)
    status: BlockStatus
    error: BlockError | None = None
    seconds: float = 0.0
    blocked: Blocked | None = None
    fragment: Fragment | None = None


@dataclass(frozen=True)
class Failure:
    """A problem of the session that is not one block's exception (a crash, a missing stand-in, ...)."""

    line: int = field(metadata=PAGE_LINE)
    message: str


@dataclass(frozen=True)
class StandInNote:
    """What a reader of a verdict must know about a stand-in the session ran on (its family was guessed)."""

    line: int = field(metadata=PAGE_LINE)
    message: str


@dataclass(frozen=True)
class Verdict:
    """What the torch.compile evaluator found about one compile call or one training run."""

    line: int = field(metadata=PAGE_LINE)
    problems: tuple[str, ...]
    measured: dict[str, Any]  # options, timings and counts, published in the report as they are
    # Dynamo reused the graph of an earlier compile call of the same class, at this line.
    reused_compilation_from_line: int | None = field(default=None, metadata=PAGE_LINE)

    @property
    def speedup(self) -> float | None:
        value = self.measured.get("speedup")
        return float(value) if isinstance(value, int | float) else None

    @classmethod
    def from_evaluator(cls, verdict: dict[str, Any]) -> Verdict:
        """The evaluator's dict (compile_proof.py) with its line, problems and reused line as fields."""
        measured = dict(verdict)
        line, problems = measured.pop("line"), measured.pop("problems")
        reused = measured.pop("reused_compilation_from_line", None)
        return cls(line, tuple(problems), measured, reused)

    def to_report(self) -> dict[str, Any]:
        """The report's form, the evaluator's dict as it was."""
        reused = self.reused_compilation_from_line
        return {
            "line": self.line,
            "problems": list(self.problems),
            **self.measured,
            **({"reused_compilation_from_line": reused} if reused is not None else {}),
        }


@dataclass(frozen=True)
class SessionResult:
    """What happened in a session. The child fills the first five fields, the parent the rest."""

    blocks: tuple[BlockResult, ...] = ()
    compile: tuple[Verdict, ...] = ()
    training: tuple[Verdict, ...] = ()
    proof_error: BlockError | None = None
    failures: tuple[Failure, ...] = ()
    output_tail: str = ""
    seconds: float = 0.0
    gpu: str | None = None
    notes: tuple[StandInNote, ...] = ()

    @property
    def blocked_reasons(self) -> tuple[str, ...]:
        """Each reason that blocked a block, once, in order."""
        return tuple(dict.fromkeys(b.blocked.reason for b in self.blocks if b.blocked))

    @property
    def status(self) -> SessionStatus:
        if self.failures or self.proof_error or any(b.status == "failed" for b in self.blocks):
            return "failed"
        if any(v.problems for v in (*self.compile, *self.training)):
            return "failed"
        if any(b.status == "blocked" for b in self.blocks):
            return "blocked"
        ran = [b for b in self.blocks if b.status != "skipped"]
        if ran and all(b.status == "fragment" for b in ran):
            return "fragment"  # nothing of it ran: no verdict on the page either way
        if self.blocks and not ran:
            return "skipped"
        return "passed"


def moved(record: Record, move: Callable[[int], int]) -> Record:
    """`record` with every `PAGE_LINE` field, however deep, replaced by `move(line)`."""
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        return record
    changes: dict[str, Any] = {}
    for item in dataclasses.fields(record):
        value = getattr(record, item.name)
        if item.metadata.get("page_line") and isinstance(value, int):
            changes[item.name] = move(value)
        elif isinstance(value, tuple):
            changes[item.name] = tuple(moved(part, move) for part in value)
        elif dataclasses.is_dataclass(value):
            changes[item.name] = moved(value, move)
    return dataclasses.replace(record, **changes)  # type: ignore[type-var]
