"""Second round of hostile pages against the checker (issue: the sandbox and the site, attacked again).

Each family: what a page controls never reaches outside the sandbox; the checker never reads a file the
session could write; a session sees only what it needs (no socket files, no checkout, no `.git`); and a
verdict is what the child recorded, never inferred after a crash. Real `polydocs check` runs, real
bubblewrap.
"""

import json
import re
import socket
import tempfile
import uuid
from pathlib import Path

import pytest

from polydocs.diagnostics import Diagnostic
from polydocs.snippets.directives import Directives, parse_comment
from polydocs.snippets.sandbox import SandboxSpec
from polydocs.snippets.sandbox_probe import masked_paths, probe_sandbox

from .test_sandbox import (
    TOKEN,
    _block_statuses,
    _check_options,
    _start_check,
    _start_with_the_module,
    _started_together,
)

SUPPORT = probe_sandbox(False)
pytestmark = pytest.mark.skipif(
    SUPPORT.kind != "bubblewrap",
    reason="; ".join(p.why for p in SUPPORT.protections if not p.on) or "bubblewrap does not work here",
)
# A page that blocks the checker would run to the session's limit (its timeouts + 660 s): far past this.
HANG_SECONDS = 120


def _check(tmp_path, pages, extra_env=None, cache=None, timeout=HANG_SECONDS):
    """`polydocs check docs` on `pages` ({name: text}); returns (the completed process, the report)."""
    return _start(tmp_path, pages, extra_env, cache).finish(timeout)


def _start(tmp_path, pages, extra_env=None, cache=None):
    """`_check`'s run, started: `finish(timeout)` waits for it."""
    return _start_check(tmp_path, pages, extra_env, _options(tmp_path, cache))


def _options(tmp_path, cache):
    options = _check_options(tmp_path)
    return options if cache is None else [*options, "--cache-dir", str(cache)]


def _blocks(report):
    return [
        (b["status"], (b.get("error") or {}).get("message", ""))
        for s in report["sessions"]
        for b in s["blocks"]
    ]


def _page_blocks(tmp_path, page):
    """`polydocs check` on one page: its blocks' (status, error message), and the report."""
    _done, report = _check(tmp_path, {"page.md": page})
    return _blocks(report), report


# --- Nothing the page controls reaches anything outside the sandbox ---------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "LD_PRELOAD",
        "LD_LIBRARY_PATH",
        "LD_AUDIT",
        "GCONV_PATH",
        "GLIBC_TUNABLES",
        "PYTHONSTARTUP",
        "BASH_ENV",
    ],
)
def test_variables_that_change_how_programs_load_are_refused_at_their_line(name):
    problems: list[Diagnostic] = []
    parse_comment(f"<!-- polydocs: env={name}=/tmp/x -->", "es/page.md", 12, Directives(), problems)
    assert [(p.path, p.line, p.code) for p in problems] == [("es/page.md", 12, "snippet-directive")]
    assert f"cannot set {name}: it changes how programs or libraries load" in problems[0].message


def test_a_preloaded_library_from_the_compile_cache_never_runs(tmp_path):
    """The reported attack: one session builds a library into the inductor cache, a second preloads it."""
    build = """
        ```py
        import os, pathlib, subprocess

        cache = pathlib.Path(os.environ["TORCHINDUCTOR_CACHE_DIR"])
        source = cache / "evil.c"
        source.write_text('__attribute__((constructor)) static void f(void) { }')
        (cache / "evil.so").write_bytes(b"\\x7fELF not really")
        ```
        """
    preload = f"""
        <!-- polydocs: env=LD_PRELOAD={tmp_path}/cache/compiled/evil.so -->
        ```py
        print("PRELOAD" + "-RAN")
        ```
        """
    done, _report = _check(tmp_path, {"build.md": build, "preload.md": preload})
    assert done.returncode == 1
    assert "docs/preload.md:2: snippet-directive `env` cannot set LD_PRELOAD" in done.stdout
    assert "PRELOAD-RAN" not in done.stdout


def test_what_one_session_writes_in_its_compile_caches_no_other_session_sees(tmp_path):
    marker = uuid.uuid4().hex
    write = f"""
        ```py
        import os, pathlib

        for variable in ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR"):
            pathlib.Path(os.environ[variable], "{marker}.so").write_text("planted")
        ```
        """
    read = f"""
        ```py
        import os

        for variable in ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR"):
            folder = os.environ[variable]
            assert "{marker}.so" not in os.listdir(folder), folder
            assert not os.path.exists(os.path.join(os.path.dirname(folder), "..", "{marker}.so"))
        ```
        """
    done, report = _check(tmp_path, {"a_write.md": write, "b_read.md": read})
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed", "passed"]


def test_the_pages_variables_are_set_in_the_session_but_not_in_its_launchers(tmp_path):
    marker = uuid.uuid4().hex
    done, report = _check(
        tmp_path,
        {
            "page.md": f"""
            <!-- polydocs: env=PAGE_MARKER={marker} -->
            ```py
            import os

            assert os.environ["PAGE_MARKER"] == "{marker}"
            # PID 1 of the session's namespace is bubblewrap's: the launcher's environment.
            assert b"{marker}" not in open("/proc/1/environ", "rb").read()
            assert b"{marker}" not in open(f"/proc/{{os.getppid()}}/environ", "rb").read()
            ```
            """
        },
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


# --- The host side never trusts files the sandbox could write ---------------------------------------

_SESSION_FILES = ("stdout.txt", "stderr.txt", "result.json", "progress.txt", "spec.json")


@pytest.mark.parametrize("target", ["/proc/self/environ", "secret"])
def test_links_in_the_session_folder_never_make_the_checker_print_what_they_point_to(tmp_path, target):
    (tmp_path / "secret").write_text(f"HOST-SECRET {TOKEN}")
    target = str(tmp_path / "secret") if target == "secret" else target
    done, report = _check(
        tmp_path,
        {
            "page.md": f"""
            ```py
            import os

            for name in {_SESSION_FILES!r}:
                path = os.path.join("..", name)
                if os.path.lexists(path):
                    os.remove(path)
                os.symlink("{target}", path)
            ```
            """
        },
    )
    assert TOKEN not in done.stdout + done.stderr + json.dumps(report)
    assert _block_statuses(report) == ["passed"], done.stdout


_FIFO_PLACES = ["progress.txt", "result.json", "stdout.txt"]


def _page_with_a_fifo_at(where):
    return f"""
        <!-- polydocs: timeout=2 -->
        ```py
        import os, signal, time

        path = os.path.join("..", "{where}")
        if os.path.lexists(path):
            os.remove(path)
        os.mkfifo(path)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        while True:
            time.sleep(1)
        ```
        """


# The hang that `test_a_hang_after_a_missing_module_never_turns_the_import_into_a_pass` checks.
_PAGE_HANGING_AFTER_A_MISSING_MODULE = """
    ```py
    import json
    ```

    ```py
    import polydocs_no_such_module
    ```

    <!-- polydocs: timeout=2 -->
    ```py
    import signal, time

    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    time.sleep(1000)
    ```
    """


@pytest.fixture(scope="module")
def checks_killed_at_their_timeout(tmp_path_factory):
    """The runs of this file whose block the checker kills at its timeout plus its 5 s grace, all started
    at once (`_started_together`), by key: each place of a fifo, and "hang"."""
    pages = {where: _page_with_a_fifo_at(where) for where in _FIFO_PLACES}
    pages["hang"] = _PAGE_HANGING_AFTER_A_MISSING_MODULE
    with _started_together(tmp_path_factory, pages, _start_page) as started:
        yield started


@pytest.fixture(scope="module", autouse=True)
def _timeout_runs_start_with_the_module(request):
    """Their waits then overlap this module's other tests, not only each other."""
    _start_with_the_module(request, "checks_killed_at_their_timeout")


def _start_page(tmp_path, page):
    return _start(tmp_path, {"page.md": page})


@pytest.mark.parametrize("where", _FIFO_PLACES)
def test_a_fifo_in_the_session_folder_cannot_stop_the_hard_timeout(checks_killed_at_their_timeout, where):
    done, report = checks_killed_at_their_timeout[where].finish(HANG_SECONDS)
    assert done.returncode == 1
    # At the line faulthandler saw running when the checker killed the session, in the loop.
    assert re.search(r"docs/page\.md:1[12]: snippet-failed timed out after 2 s", done.stdout), done.stdout
    assert _block_statuses(report) == ["failed"]


@pytest.mark.parametrize(
    "forgery",
    [
        'os.write(CHANNEL, b"not json\\n")',
        "os.write(CHANNEL, b'{\"end\": {}}\\n')",
        'os.write(CHANNEL, b\'{"block": {"line": 9, "status": "passed"}}\\n\')',
        "os.write(CHANNEL, b'x' * (17 * 1024 * 1024))",
    ],
    ids=["garbage", "early-end", "forged-result", "flood"],
)
def test_what_the_page_writes_on_the_result_channel_never_becomes_a_pass(tmp_path, forgery):
    done, report = _check(
        tmp_path,
        {
            "page.md": f"""
            ```py
            import json, os, sys

            CHANNEL = json.load(open(sys.argv[1]))["channel_fd"]
            {forgery}
            ```

            ```py
            raise RuntimeError("a later block must not pass either")
            ```
            """
        },
    )
    assert done.returncode == 1, done.stdout
    assert "result channel carried what the checker does not accept" in done.stdout
    assert _block_statuses(report) == ["failed", "not-run"]


# --- Only the files a session needs are visible -----------------------------------------------------


@pytest.fixture
def short_cache():
    """A cache folder with a short path: a Unix socket's path holds at most 107 bytes."""
    with tempfile.TemporaryDirectory(prefix="pd-") as folder:
        yield Path(folder)


@pytest.fixture
def unix_listener(short_cache):
    """A Unix socket listening on a path the session can read (in the stand-in Hub cache)."""
    folder = short_cache / "standins" / "tiny" / "hub"
    folder.mkdir(parents=True)
    path = folder / "docker.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen()
        server.setblocking(False)
        yield path
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected


def test_a_socket_file_on_a_readable_path_cannot_be_connected_to(tmp_path, short_cache, unix_listener):
    done, report = _check(
        tmp_path,
        {
            "page.md": f"""
            ```py
            import _socket, os, socket

            path = "{unix_listener}"
            assert os.path.isdir(os.path.dirname(path))  # the folder is shown, the socket is not
            for make in (socket.socket, _socket.socket):
                client = make(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    client.connect(path)
                except OSError:
                    continue
                raise AssertionError("connected to " + path)
            ```
            """
        },
        cache=short_cache,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


def test_an_abstract_socket_of_the_machine_cannot_be_reached(tmp_path):
    name = f"\0polydocs-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(name)
        server.listen()
        server.setblocking(False)
        done, report = _check(
            tmp_path,
            {
                "page.md": f"""
                ```py
                import socket

                client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    client.connect({name!r})
                except OSError:
                    pass
                else:
                    raise AssertionError("connected")
                ```
                """
            },
        )
        with pytest.raises(BlockingIOError):
            server.accept()
    assert _block_statuses(report) == ["passed"], done.stdout


def test_socket_files_and_private_system_files_are_masked_wherever_the_session_is_shown(short_cache):
    tmp_path = short_cache
    deep = tmp_path / "shown" / "a" / "b"
    deep.mkdir(parents=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(deep / "agent.sock"))
        spec = SandboxSpec(("true",), Path("/"), readable=(tmp_path / "shown",))
        masked = masked_paths(spec)
    assert deep / "agent.sock" in masked
    private = [p for p in Path("/etc").rglob("*") if p.exists() and not p.stat().st_mode & 0o004]
    assert private, "this machine's /etc has no private file to test with"
    assert set(private) <= set(masked)


def test_the_checked_repositorys_git_and_the_rest_of_its_checkout_are_not_there(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text(f"[http]\n\textraheader = AUTHORIZATION: basic {TOKEN}\n")
    (tmp_path / "secrets.env").write_text(TOKEN)
    done, report = _check(
        tmp_path,
        {
            "other.md": "Another page of the tree.\n",
            "page.md": f"""
            ```py
            import os

            for path in ("{tmp_path}/.git", "{tmp_path}/secrets.env", "{tmp_path}/docs/other.md"):
                assert not os.path.exists(path), path
            assert os.path.exists("{tmp_path}/docs/page.md")  # its own page, read-only
            ```
            """,
        },
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


# --- A verdict is what the child recorded, never an inference after a crash --------------------------

_PASSING = "```py\nimport json\n```\n"
_FAILING = '```py\nraise ValueError("the page\'s own error")\n```\n'
# Each way a session's process can end without the child's word on its running block, by what the verdict
# must say (the os._exit, SIGKILL, a crash in a C extension, abort), each after a failing and a
# passing block; hangs are `test_a_hang_after_a_missing_module_never_turns_the_import_into_a_pass`'s.
_CRASHES = {
    "exit": ("import os\nos._exit(0)", "exited with status 0"),
    "sigkill": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)", "crashed (SIGKILL)"),
    "segfault": ("import ctypes\nctypes.string_at(0)", "crashed (SIGSEGV)"),
    "abort": ("import os\nos.abort()", "crashed (SIGABRT)"),
}


@pytest.mark.parametrize(
    ("first", "crash", "why"),
    [(first, crash, why) for crash, why in _CRASHES.values() for first in (_FAILING, _PASSING)],
    ids=[f"{kind}-after-{after}" for kind in _CRASHES for after in ("failure", "pass")],
)
def test_a_crash_keeps_every_recorded_verdict_and_blames_the_block_that_was_running(
    tmp_path, first, crash, why
):
    page = f"{first}\n```py\n{crash}\n```\n\n```py\nprint('after')\n```\n"
    _done, report = _check(tmp_path, {"page.md": page})
    (before, crashed, after) = _blocks(report)
    assert before == (("failed", "ValueError: the page's own error") if first == _FAILING else ("passed", ""))
    assert crashed[0] == "failed" and why in crashed[1], crashed
    assert after == ("not-run", "")


def test_a_hang_after_a_missing_module_never_turns_the_import_into_a_pass(checks_killed_at_their_timeout):
    """The reported case: a block killed at its timeout made every earlier block "passed" at 0.0 s."""
    _done, report = checks_killed_at_their_timeout["hang"].finish(HANG_SECONDS)
    statuses = _block_statuses(report)
    assert statuses[0] == "passed" and statuses[2] == "failed", statuses
    assert statuses[1] in ("failed", "blocked"), statuses
    assert "No module named 'polydocs_no_such_module'" in json.dumps(report["sessions"][0]["blocks"][1])
