"""The subprocess that runs one page session: `python -m polydocs.snippets.child SPEC.json`.

It runs inside the sandbox (sandbox.py), which is what actually holds a hostile page. What happens here
makes ordinary failures readable: the per-process memory limit, `NetworkRefused` at the page's line
instead of the kernel's "Network is unreachable", the per-block alarm (the parent's watchdog kills the
session if the alarm is ignored), the Hub login's stand-in (standins/login.py) and the torch.compile
recorder. Each block's outcome goes to the parent on the result channel as the block ends
(session_channel.py), so a crash loses nothing already known. The page's `env=` variables are set here,
inside the sandbox, before anything of the page's libraries is imported.
"""

from __future__ import annotations

import ast
import faulthandler
import fcntl
import json
import os
import resource
import signal
import socket
import struct
import sys
import time
import traceback
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from polydocs.snippets.blocking import (
    AFTER_BLOCKED,
    OFFLINE_RESOURCE,
    after_blocked,
    after_file,
    blocked_by,
    bound_by_statements_before,
    defined_names,
    follow_unbound,
    generated_rows,
    names_read_at,
    no_accelerator,
    offline,
    offline_refusal,
    placeholder_id_at,
)
from polydocs.snippets.generated_rows import EMPTY_SELECTION, follow_generated
from polydocs.snippets.protocol import (
    Blocked,
    BlockError,
    BlockResult,
    BlockSpec,
    Failure,
    SessionResult,
    SessionSpec,
    Verdict,
)
from polydocs.snippets.session_channel import ChannelWriter
from polydocs.snippets.shell_fences import make_as_the_shell_would
from polydocs.snippets.standins.login import OfflineLogin, names_a_login
from polydocs.snippets.standins.web import OfflineWeb
from polydocs.snippets.standins.web_images import opened_as_images
from polydocs.snippets.written_files import page_functions, read_path, written_paths
from polydocs.typed_json import load


class SnippetTimeout(BaseException):
    """Raised by the alarm; a BaseException so `except Exception` in a snippet does not swallow it."""


class NetworkRefused(ConnectionRefusedError):
    pass


def _refuse_network(web_stand_ins: tuple[str, int]) -> None:
    """Refuse every socket connection but local ones and the web stand-ins' proxy (see standins/web.py)."""
    original_connect = socket.socket.connect

    def connect(self: socket.socket, address: Any) -> None:
        if self.family == getattr(socket, "AF_UNIX", None) or tuple(address[:2]) == web_stand_ins:
            return original_connect(self, address)
        raise NetworkRefused(f"network access is disabled while checking snippets (connect to {address!r})")

    def connect_ex(self: socket.socket, address: Any) -> int:
        connect(self, address)
        return 0

    socket.socket.connect = connect  # type: ignore[method-assign,assignment]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign,assignment]


def _bring_up_loopback() -> None:
    """A fresh network namespace made by `unshare` has `lo` down; the web stand-ins' proxy needs it.

    bubblewrap brings `lo` up itself; outside any namespace it is already up and nothing changes."""
    get_flags, set_flags, up = 0x8913, 0x8914, 0x1  # SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP (linux/sockios.h)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        request = struct.pack("16sH14x", b"lo", 0)
        try:
            flags = struct.unpack("16sH14x", fcntl.ioctl(probe, get_flags, request))[1]
            if not flags & up:
                fcntl.ioctl(probe, set_flags, struct.pack("16sH14x", b"lo", flags | up))
        except OSError:
            pass  # no permission: the proxy's bind reports the problem


def _limit_memory(megabytes: int) -> None:
    if megabytes > 0:
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@contextmanager
def _alarm(seconds: float):  # type: ignore[no-untyped-def]
    def expire(signum: int, frame: Any) -> None:
        raise SnippetTimeout(f"timed out after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    # If the page ignores the alarm, the parent kills the session a few seconds later; this dump (from a
    # thread that needs no signal and no GIL) tells it which page line was running.
    faulthandler.dump_traceback_later(seconds + 1, exit=False)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _error(error: BaseException, page_path: str, fallback_line: int) -> BlockError:
    """The exception, located at the deepest traceback frame that lies in the page."""
    line = fallback_line
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == page_path:
            line = lineno
    if isinstance(error, SyntaxError) and error.filename == page_path and error.lineno:
        line = error.lineno
    text = "".join(traceback.format_exception_only(type(error), error)).strip()
    return BlockError(line, type(error).__name__, text)


def _raised_expected(error: BaseException, expected: str) -> bool:
    return any(cls.__name__ == expected.rsplit(".", 1)[-1] for cls in type(error).__mro__)


def _run_code(code: str, first_line: int, page_path: str, namespace: dict[str, Any]) -> None:
    # Padding puts every statement at its line in the page, so tracebacks point at the doc.
    compiled = compile("\n" * (first_line - 1) + code, page_path, "exec")
    exec(compiled, namespace)


def run_blocks(
    spec: SessionSpec,
    channel: ChannelWriter,
    namespace: dict[str, Any],
    recorder: Any = None,
    web: OfflineWeb | None = None,
) -> list[BlockResult]:
    """Run every block in order, telling the parent each outcome as it is known."""
    results: list[BlockResult] = []

    def record(result: BlockResult) -> None:
        results.append(result)
        channel.block(result)

    # Later blocks still run after a failure or a blocked block, so each defect of a page is reported at
    # its own line, and each block that can run here does.
    # Names a blocked block would have bound -> its line: a later failure reading one of them follows
    # from the blocked block (an empty list it would have filled, a builtin it would have shadowed), and
    # a later completion after reading one is no pass (it ran on what the page does not mean).
    unbound: dict[str, int] = {}
    # The same for files: the paths a blocked block would have written, and what the page's shell fences
    # make (the checker runs no shell command) -> the block's or the fence's line.
    unwritten: dict[str, int] = {}
    shell_lines = {made.line for made in spec.shell_made}
    shell_due = list(spec.shell_made)
    functions = page_functions(b.source for b in spec.blocks)
    generated: dict[str, str] = {}  # names holding a dataset stand-in's generated rows -> its Hub id
    for index, block in enumerate(spec.blocks):
        while shell_due and shell_due[0].line < block.line:
            made = shell_due.pop(0)
            if not make_as_the_shell_would(made):
                unwritten[made.path] = made.line
        if block.skip:
            record(BlockResult(block.line, "skipped"))
            continue
        if block.fragment:  # decided by reading the session (fragments.py); what it binds stays unbound
            record(BlockResult(block.line, "fragment", fragment=block.fragment))
            continue
        if block.blocked:
            record(BlockResult(block.line, "blocked", blocked=block.blocked))
            would_bind = defined_names(block.source) - _imported_already(block.source, namespace)
            unbound.update(dict.fromkeys(would_bind, block.line))
            unwritten.update(dict.fromkeys(written_paths(block.source, functions), block.line))
            continue
        channel.start(index)
        misses = len(web.misses) if web else 0
        started = time.perf_counter()
        bound_before = {name: id(value) for name, value in namespace.items()}
        error, exception = _run_block(block, spec.page_path, namespace, recorder)
        seconds = round(time.perf_counter() - started, 3)
        missed = web.misses[misses:] if web else []
        # What it bound before the failing statement is real, unless bound from a blocked block's names.
        assigned = {n for n, v in namespace.items() if bound_before.get(n) != id(v)}
        still_unbound = dict(unbound)
        failed_at = error.line - block.line if error is not None else None
        # One rule for both outcomes: what a blocked block would have made, read up to where the block
        # ended. A failure follows from it when its failing statement reads it (below); a completion
        # when any statement did (it ran on what the page did not mean: no pass is inferred from it).
        read_unmade = follow_unbound(block.source, still_unbound, failed_at, unwritten)
        blocked = _blocked(
            error, exception, spec.device, _read_unbound(block, error, still_unbound), missed, shell_lines
        )
        if blocked is None and error is not None and exception is not None:
            blocked = _read_unwritten(block, error, exception, unwritten, shell_lines)
        follow_generated(block.source, generated, failed_at)
        if blocked is None and error is not None and isinstance(exception, EMPTY_SELECTION):
            blocked = _selected_from_generated(block, error, generated)
        if blocked is None and error is not None and exception is not None:
            blocked = no_accelerator(
                exception, block.source, error.line - block.line, error.line, spec.device
            )
        if (
            blocked is not None
            and error is not None
            and _refused_placeholder(block, error, exception, blocked)
        ):
            blocked = None  # `push_to_hub("your-name/...")`: no Hub holds the reader's placeholder
        if blocked is None and error is None and read_unmade is not None:
            blocked = read_unmade.blocked(block.line, shell_lines)
        # What it bound up to where it ended is real, unless bound from a blocked block's names
        # (`dataset = dataset.with_format(...)`).
        unbound.clear()
        unbound.update(still_unbound)
        if blocked is not None:
            if web:  # reported as this block's reason, not again as a failure of the session
                del web.misses[misses:]
            record(BlockResult(block.line, "blocked", error=error, seconds=seconds, blocked=blocked))
            if error is not None:  # the rest of what it binds, it would have bound
                ran = bound_by_statements_before(block.source, error.line - block.line)
                ran |= _imported_already(block.source, namespace)
                unbound.update(dict.fromkeys(defined_names(block.source) - assigned - ran, block.line))
            unwritten.update(dict.fromkeys(written_paths(block.source, functions), block.line))
            continue
        record(BlockResult(block.line, "failed" if error else "passed", error=error, seconds=seconds))
    return results


def _run_block(
    block: BlockSpec, page_path: str, namespace: dict[str, Any], recorder: Any
) -> tuple[BlockError | None, BaseException | None]:
    """Run one block (after its setup code): the error that fails it, if any, and its exception."""
    try:
        with _alarm(block.timeout):
            for setup in block.setup:
                _run_code(setup.code, setup.first_line, page_path, namespace)
            _run_code(block.source, block.line + 1, page_path, namespace)
    except (Exception, SnippetTimeout) as error:  # the snippet's own failure, reported at its line
        if not (block.raises and _raised_expected(error, block.raises)):
            return _error(error, page_path, block.line), error
        if recorder is not None:  # what this block compiled failed on purpose: nothing to prove
            recorder.forget_between(block.line, block.end_line)
        return None, None
    if block.raises:
        message = f"expected {block.raises} (raises= directive) but nothing was raised"
        return BlockError(block.line, "DidNotRaise", message), None
    return None, None


def _blocked(
    error: BlockError | None,
    exception: BaseException | None,
    device: str,
    unbound: dict[str, int],
    misses: list[tuple[int, str]],
    shell_lines: set[int],
) -> Blocked | None:
    """Whether the block's failure is the environment's: a URL without stand-in it asked for, an error
    `blocking.blocked_by` recognises, or a name that only a blocked block would have defined."""
    if error is None:
        return None
    if misses:
        return offline(
            misses[0][0] or error.line, misses[0][1].split(";")[0].removeprefix("no stand-in for ")
        )
    if exception is None or isinstance(exception, SnippetTimeout):
        return None
    found = blocked_by(exception, error.line, device)
    if found is not None:
        return found
    if isinstance(exception, NameError):
        name = str(exception.name or "")
        return after_blocked(error.line, name, unbound[name], shell_lines) if name in unbound else None
    read = sorted(unbound)  # the names the failing statement reads, of those a blocked block would bind
    return after_blocked(error.line, read[0], unbound[read[0]], shell_lines) if read else None


def _refused_placeholder(
    block: BlockSpec, error: BlockError, exception: BaseException | None, blocked: Blocked
) -> bool:
    """The offline refusal of a statement that passes a placeholder Hub id (`push_to_hub("username/
    my_dataset")`): the page's failure, whether the Hub was refused or the statement also reads a name
    a blocked block would have bound (the real Hub refuses the placeholder all the same)."""
    if blocked.reason == AFTER_BLOCKED and not (exception is not None and offline_refusal(exception)):
        return False
    if blocked.reason not in (OFFLINE_RESOURCE, AFTER_BLOCKED):
        return False
    return placeholder_id_at(block.source, error.line - block.line) is not None


def _selected_from_generated(
    block: BlockSpec, error: BlockError, generated: dict[str, str]
) -> Blocked | None:
    """An empty selection (`StopIteration`, `IndexError`) from a name that holds a dataset stand-in's
    generated rows: the real rows may hold what the page looks for."""
    read = sorted(names_read_at(block.source, error.line - block.line) & generated.keys())
    return generated_rows(error.line, read[0], generated[read[0]]) if read else None


# What a missing file raises, where the library says so in its own words (transformers' `from_pretrained`
# of a folder that is not there takes it for a Hub id; a glob that found nothing leaves an empty list).
_MISSING_FILE_ERRORS = (OSError, ValueError, IndexError, StopIteration, KeyError)


def _read_unwritten(
    block: BlockSpec,
    error: BlockError,
    exception: BaseException,
    unwritten: dict[str, int],
    shell_lines: set[int],
) -> Blocked | None:
    """A failure of a statement that reads a file only a blocked block or a shell fence would have made
    (`PreTrainedTokenizerFast(tokenizer_file="tokenizer.json")`, `from_pretrained("./stable-diffusion")`
    after `git clone` in a bash fence)."""
    if not unwritten or not isinstance(exception, _MISSING_FILE_ERRORS):
        return None
    path = read_path(block.source, error.line - block.line, unwritten)
    return after_file(error.line, path, unwritten[path], shell_lines) if path is not None else None


def _imported_already(code: str, namespace: dict[str, Any]) -> set[str]:
    """The names the top-level imports of `code` bind that the session already holds, bound to the very
    object that import gives (`from datasets import load_dataset` again, in a block that is blocked or
    fails before it): the block would have bound them to what they are, so nothing depends on it."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    same: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            module = sys.modules.get(statement.module)
            pairs = [(a.asname or a.name, getattr(module, a.name, _ABSENT)) for a in statement.names]
        elif isinstance(statement, ast.Import):
            pairs = [
                (a.asname, sys.modules.get(a.name, _ABSENT))
                if a.asname
                else (a.name.split(".")[0], sys.modules.get(a.name.split(".")[0], _ABSENT))
                for a in statement.names
            ]
        else:
            continue
        same.update(name for name, value in pairs if name in namespace and namespace[name] is value)
    return same


_ABSENT = object()  # what a module not imported (or a name it lacks) gives: never a namespace's value


def _read_unbound(block: BlockSpec, error: BlockError | None, unbound: dict[str, int]) -> dict[str, int]:
    """The names of `unbound` the failing statement reads (for a NameError: the missing name's entry)."""
    if error is None or not unbound:
        return {}
    read = names_read_at(block.source, error.line - block.line)
    if error.type == "NameError":
        return unbound
    return {name: line for name, line in unbound.items() if name in read}


def _prove(
    spec: SessionSpec, channel: ChannelWriter, namespace: dict[str, Any], recorder: Any
) -> SessionResult:
    """The torch.compile evaluator's verdicts, after every block passed."""
    from polydocs.snippets.compile_proof import prove_compilation, prove_training

    channel.proof()
    compiled: list[dict[str, Any]] = []
    trained: list[dict[str, Any]] = []
    proof_error = None
    try:
        with _alarm(spec.proof_timeout):
            compiled = prove_compilation(recorder, spec.device)
            trained = prove_training(namespace, spec, recorder)
    except (Exception, SnippetTimeout) as error:
        line = recorder.records[0].line if recorder.records else spec.blocks[0].line
        proof_error = _error(error, spec.page_path, line)
    return SessionResult(
        compile=tuple(map(Verdict.from_evaluator, compiled)),
        training=tuple(map(Verdict.from_evaluator, trained)),
        proof_error=proof_error,
    )


def _code(spec: SessionSpec) -> str:
    return "".join(setup.code for b in spec.blocks for setup in b.setup) + "".join(
        b.source for b in spec.blocks
    )


def main(spec_path: str) -> int:
    spec = load(SessionSpec, json.loads(Path(spec_path).read_text()))
    os.environ.update(dict(spec.environment))
    channel = ChannelWriter(spec.channel_fd)
    _bring_up_loopback()
    _limit_memory(spec.memory_mb)
    faulthandler.enable(file=sys.stderr)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    with ExitStack() as stack:
        images = opened_as_images(b.source for b in spec.blocks if not b.skip)
        web = stack.enter_context(OfflineWeb(Path(spec.work) / "web", spec.page_path, images))
        _refuse_network(web.address)
        if names_a_login(_code(spec)):  # no token, no network: the login is skipped, saying so
            stack.enter_context(OfflineLogin())
        recorder = None
        if spec.uses_torch:
            from polydocs.snippets.compile_proof import CompileRecorder

            recorder = stack.enter_context(CompileRecorder(spec.page_path))
        blocks = tuple(run_blocks(spec, channel, namespace, recorder, web))
        proof = SessionResult()
        if recorder is not None and all(b.status != "failed" for b in blocks):
            proof = _prove(spec, channel, namespace, recorder)
        # A web miss also failed its block, with a less telling error from whatever read the answer.
        first = spec.blocks[0].line
        failures = tuple(Failure(at or first, message) for at, message in web.misses)
    channel.end(replace(proof, failures=failures))
    return 0


if __name__ == "__main__":
    status = main(sys.argv[1])
    sys.stdout.flush()
    sys.stderr.flush()
    # Not SystemExit: a thread the page left running would keep the interpreter waiting at exit, and the
    # sandbox ends whatever processes are left.
    os._exit(status)
