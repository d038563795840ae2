"""The sandbox against hostile pages: real `polydocs check` runs, real bubblewrap, real processes.

Each page asserts inside the sandbox what it must not be able to do (its session passes only if every
assertion held); the test then checks from outside that nothing got through.
"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from polydocs.diagnostics import Diagnostic
from polydocs.snippets.directives import Directives, parse_comment
from polydocs.snippets.sandbox import SandboxSpec, bwrap_command
from polydocs.snippets.sandbox_probe import interpreter_paths, probe_sandbox

from .test_pytest_plugin import PLUGIN_ARGS

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[2]
SUPPORT = probe_sandbox(False)
pytestmark = pytest.mark.skipif(
    SUPPORT.kind != "bubblewrap",
    reason="; ".join(p.why for p in SUPPORT.protections if not p.on) or "bubblewrap does not work here",
)
CHECK_SECONDS = 300  # a generous cap: a sandbox that fails to kill must fail the test, not hang it
TOKEN = "hf_" + uuid.uuid4().hex


def _check(tmp_path, page, extra_env=None, arguments=()):
    """Run `polydocs check` on `page` in a fresh process; returns (the completed process, the report)."""
    return _start_page(tmp_path, page, extra_env, arguments).finish()


def _start_page(tmp_path, page, extra_env=None, arguments=()):
    """`_check`'s run, started: `finish()` waits for it."""
    return _start_check(tmp_path, {"page.md": page}, extra_env, [*_check_options(tmp_path), *arguments])


def _start_check(tmp_path, pages, extra_env, options):
    """Start `polydocs check docs` on `pages` ({name: text}) in `tmp_path`; `finish()` waits for it."""
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    for name, text in pages.items():
        (tmp_path / "docs" / name).write_text(textwrap.dedent(text))
    # Unnamed files, not pipes: runs started together never wait on a full pipe that nobody reads yet.
    stdout, stderr = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    process = subprocess.Popen(
        [sys.executable, "-m", "polydocs", "check", "docs", *options],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, extra_env),
        stdout=stdout,
        stderr=stderr,
        text=True,
    )
    return _StartedCheck(tmp_path, process, stdout, stderr)


@dataclass(frozen=True)
class _StartedCheck:
    """A `polydocs check` run under way (`_start_check`); `finish()` gives what `subprocess.run` would."""

    folder: Path
    process: subprocess.Popen[str]
    stdout: IO[str]
    stderr: IO[str]

    def finish(self, timeout=CHECK_SECONDS):
        """Wait for the run: (the completed process, the report); past `timeout` it is killed and raises."""
        try:
            self.process.wait(timeout)
            done = subprocess.CompletedProcess(
                self.process.args, self.process.returncode, _all_of(self.stdout), _all_of(self.stderr)
            )
        finally:
            self.stop()
        report_file = self.folder / "report.json"
        report = json.loads(report_file.read_text()) if report_file.exists() else {"sessions": []}
        return done, report

    def stop(self):
        """Kill the run if it still runs (its test failed before `finish`) and close its output files."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.stdout.close()
        self.stderr.close()


def _all_of(output):
    output.seek(0)
    return output.read()


def _start_with_the_module(request, fixture):
    """Set up the module-scoped `fixture` as its module starts, if a test selected in this run uses it (a
    `-k` run of another test starts nothing)."""
    module = request.module
    if any(getattr(i, "module", None) is module and fixture in i.fixturenames for i in request.session.items):
        request.getfixturevalue(fixture)


@contextmanager
def _started_together(tmp_path_factory, pages, start):
    """`start(folder, page)` for each of `pages` ({key: page}), each in a fresh folder of its own (its own
    cache and session folders as `_check` gives it), all before the first is waited for: runs that mostly
    wait out a timeout then wait at the same time. What a failed test left running is killed on the way out.
    """
    started = {key: start(tmp_path_factory.mktemp("check"), page) for key, page in pages.items()}
    try:
        yield started
    finally:
        for check in started.values():
            check.stop()


def _check_options(tmp_path):
    return ["--cache-dir", str(tmp_path / "cache"), "--report-json", str(tmp_path / "report.json")]


def _checker_environment(tmp_path, extra_env):
    # TMPDIR puts the session folders under tmp_path: the child's command line names this test.
    return {
        **os.environ,
        "PYTHONPATH": str(REPO / "src"),
        "TMPDIR": str(tmp_path / "tmp"),
        "HF_TOKEN": TOKEN,
        "AWS_SECRET_ACCESS_KEY": TOKEN,
        **(extra_env or {}),
    }


def _block_statuses(report):
    return [block["status"] for session in report["sessions"] for block in session["blocks"]]


def _processes_with(marker):
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if marker.encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
        except OSError:
            pass  # ended while we looked
    return found


def _wait_until(condition, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_tokens_and_keys_of_the_checkers_environment_do_not_reach_the_page(tmp_path):
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import glob, os

        assert "HF_TOKEN" not in os.environ and "AWS_SECRET_ACCESS_KEY" not in os.environ
        for name in glob.glob("/proc/[0-9]*/environ") + glob.glob("/proc/[0-9]*/cmdline"):
            try:
                data = open(name, "rb").read()
            except OSError:
                continue
            assert b"{TOKEN}" not in data, name
        assert os.environ["HOME"].startswith(os.path.dirname(os.getcwd()))
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]
    assert TOKEN not in done.stdout


def test_env_directive_sets_a_value_and_takes_the_checkers_only_when_the_run_allows_it(tmp_path):
    page = f"""
        <!-- polydocs: env=GREETING="hello world" env=HF_TOKEN -->
        ```py
        import os

        assert os.environ["GREETING"] == "hello world"
        assert os.environ["HF_TOKEN"] == "{TOKEN}"
        ```
        """
    refused, _ = _check(tmp_path, page)
    assert refused.returncode == 1
    assert "docs/page.md:3: snippet-failed `env=HF_TOKEN` asks for the checker's HF_TOKEN" in refused.stdout
    assert "POLYDOCS_PASS_ENV=HF_TOKEN" in refused.stdout
    allowed, report = _check(tmp_path, page, {"POLYDOCS_PASS_ENV": "HF_TOKEN"})
    assert allowed.returncode == 0, allowed.stdout
    assert _block_statuses(report) == ["passed"]


@pytest.mark.parametrize(
    ("directive", "problem"),
    [
        ("env=HOME=/root", "`env` cannot set HOME: the checker sets it for every session"),
        ("env=HF_HUB_OFFLINE=0", "`env` cannot set HF_HUB_OFFLINE"),
        ("env=1NAME", "`env` needs a variable name"),
        ("env", "`env` needs a variable name"),
    ],
)
def test_env_directive_refuses_bad_names_and_the_checkers_own_variables(directive, problem):
    problems: list[Diagnostic] = []
    parse_comment(f"<!-- polydocs: {directive} -->", "page.md", 7, Directives(), problems)
    assert [(p.line, p.code) for p in problems] == [(7, "snippet-directive")]
    assert problem in problems[0].message


def test_env_directives_add_up_across_keys_and_comments():
    problems: list[Diagnostic] = []
    first = parse_comment("<!-- polydocs: env=A=1 env=B -->", "page.md", 1, Directives(), problems)
    both = parse_comment("<!-- polydocs: env=C=x=y -->", "page.md", 2, first, problems)
    assert problems == []
    assert both.env == (("A", "1"), ("B", None), ("C", "x=y"))


def test_writes_outside_the_working_directory_fail_and_leave_nothing(tmp_path):
    marker = f"polydocs-sandbox-{uuid.uuid4().hex}"
    targets = [
        REPO / marker,
        REPO / "src" / marker,
        Path.home() / ".ssh" / marker,
        Path("/etc") / marker,
        Path(sys.prefix) / marker,
    ]
    # A checkout under /tmp (as CI may clone) lies in the session's private /tmp: a write there may
    # succeed, and must not reach the real one (checked below, as for every target).
    refused = [t for t in targets if not t.is_relative_to("/tmp")]
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import os
        from pathlib import Path

        Path("in-cwd.txt").write_text("fine")
        Path(os.environ["HOME"], ".ssh").mkdir()
        Path(os.environ["HOME"], ".ssh", "authorized_keys").write_text("a private home: fine")
        targets = {[str(t) for t in refused]!r} + [os.path.join(os.environ["HF_HOME"], "{marker}")]
        for target in targets:
            try:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                open(target, "w").write("escaped")
            except OSError:
                continue
            raise AssertionError("wrote " + target)
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]
    assert not [t for t in [*targets, tmp_path / "cache" / "standins" / "tiny" / marker] if t.exists()]


def test_tmp_is_private_to_the_session(tmp_path):
    marker = uuid.uuid4().hex
    (tmp_path / "host-file.txt").write_text("the checker's")
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import os

        assert not os.path.exists("{tmp_path / "host-file.txt"}")
        open("/tmp/{marker}", "w").write("private")
        os.makedirs("{tmp_path / "made-inside"}")
        open("{tmp_path / "made-inside" / marker}", "w").write("private")
        assert open("/tmp/{marker}").read() == "private"
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]
    assert not Path("/tmp", marker).exists()
    assert not (tmp_path / "made-inside").exists()


def test_the_checkers_home_the_checkout_and_its_git_folder_are_not_there(tmp_path):
    assert (REPO / ".git" / "HEAD").exists()
    home = Path.home()
    # What the home holds besides the Python installation the session runs (which stays visible).
    private = [str(home / e) for e in os.listdir(home) if not _holds_the_interpreter(home / e)]
    checkout = [str(REPO / name) for name in (".git", "README.md", "Makefile", "tests", "docs_src")]
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import os

        assert [path for path in {checkout!r} if os.path.exists(path)] == []
        assert [path for path in {private!r} if os.path.exists(path)] == []
        assert not os.path.exists("/run") and not os.path.exists("/var") and not os.path.exists("/home")
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


def _holds_the_interpreter(path):
    return any(p.resolve().is_relative_to(path) for p in interpreter_paths() if p.exists())


@pytest.fixture
def listening_server():
    """A TCP server of the checker's machine that nobody inside a sandbox may reach."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.setblocking(False)
        yield server
        with pytest.raises(BlockingIOError):
            server.accept()  # no connection came in


def _only_lo_and_no_raw_connect(port: int) -> str:
    """Snippet lines (indented as the pages below) that fail unless `lo` is the only interface and a raw
    `_socket` cannot connect to the test's server on `port`."""
    return textwrap.indent(
        textwrap.dedent(
            f"""\
            import _socket, socket

            assert [name for _, name in socket.if_nameindex()] == ["lo"]
            raw = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
            try:
                raw.connect(("127.0.0.1", {port}))
            except OSError:
                pass
            else:
                raise AssertionError("connected")"""
        ),
        " " * 8,
    ).lstrip()


def test_raw_sockets_cannot_reach_the_checkers_machine_and_only_lo_exists(tmp_path, listening_server):
    port = listening_server.getsockname()[1]
    done, report = _check(
        tmp_path,
        f"""
        ```py
        {_only_lo_and_no_raw_connect(port)}
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


def test_a_subprocess_of_the_page_cannot_reach_the_network(tmp_path, listening_server):
    port = listening_server.getsockname()[1]
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import os
        import subprocess

        # Without the session's proxy variables: straight to the checker machine's server.
        code = "import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}/', timeout=10)"
        run = subprocess.run(["python3", "-c", code], env={{"PATH": os.environ["PATH"]}}, capture_output=True)
        assert run.returncode != 0 and b"Connection refused" in run.stderr, run.stderr
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


def test_processes_the_page_starts_end_with_its_session(tmp_path):
    popened, daemon = f"popened-{uuid.uuid4().hex}", f"daemon-{uuid.uuid4().hex}"
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import glob, os, subprocess, sys, time

        def running(marker):
            for name in glob.glob("/proc/[0-9]*/cmdline"):
                try:
                    if marker in open(name, "rb").read():
                        return True
                except OSError:
                    pass
            return False

        sleeper = [sys.executable, "-c", "import time; time.sleep(1000)"]
        child = subprocess.Popen([*sleeper, "{popened}"], start_new_session=True)
        if os.fork() == 0:  # the classic daemon: fork, setsid, fork again, the first child exits
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [*sleeper, "{daemon}"])
            os._exit(0)
        deadline = time.monotonic() + 60
        while not running(b"{daemon}"):
            assert time.monotonic() < deadline, "the daemon did not start"
            time.sleep(0.1)
        assert child.poll() is None
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]
    assert _wait_until(lambda: not _processes_with(popened) and not _processes_with(daemon))


_ALARM_DEFEATS = [
    "signal.signal(signal.SIGALRM, signal.SIG_IGN)",
    "signal.setitimer(signal.ITIMER_REAL, 0)",
    "signal.signal(signal.SIGALRM, lambda *_: None)",
]


def _page_defeating_its_alarm(defeat_the_alarm):
    # The block waits rather than spins: how it defeats its alarm is what varies, and the kill does not
    # depend on what it does meanwhile (a spinning block burnt its timeout and the 5 s grace in CPU, three
    # times). The block that swallows the timeout, below, spins.
    return f"""
        <!-- polydocs: timeout=2 -->
        ```py
        import signal, time

        {defeat_the_alarm}
        while True: time.sleep(0.05)
        ```

        ```py
        print("never")
        ```
        """


_PAGE_SWALLOWING_THE_TIMEOUT = """
    <!-- polydocs: timeout=2 -->
    ```py
    spins = 0
    while True:
        try:
            while True:
                spins += 1
        except BaseException:
            pass
    ```
    """


@pytest.fixture(scope="module")
def checks_killed_at_their_timeout(tmp_path_factory):
    """The runs of this file whose block the checker kills at its timeout plus its 5 s grace, all started
    at once (`_started_together`), by key: each alarm defeat, and "swallow"."""
    pages = {defeat: _page_defeating_its_alarm(defeat) for defeat in _ALARM_DEFEATS}
    pages["swallow"] = _PAGE_SWALLOWING_THE_TIMEOUT
    with _started_together(tmp_path_factory, pages, _start_page) as started:
        yield started


@pytest.fixture(scope="module", autouse=True)
def _timeout_runs_start_with_the_module(request):
    """Their waits then overlap this module's other tests, not only each other."""
    _start_with_the_module(request, "checks_killed_at_their_timeout")


@pytest.mark.parametrize("defeat_the_alarm", _ALARM_DEFEATS)
def test_a_block_that_defeats_its_alarm_is_killed_at_its_own_timeout_and_reported_at_its_line(
    checks_killed_at_their_timeout, defeat_the_alarm
):
    done, report = checks_killed_at_their_timeout[defeat_the_alarm].finish()
    assert done.returncode == 1
    assert "docs/page.md:7: snippet-failed timed out after 2 s (the block kept running past its alarm" in (
        done.stdout
    )
    assert _block_statuses(report) == ["failed", "not-run"]


def test_a_block_that_swallows_the_timeout_is_killed_all_the_same(checks_killed_at_their_timeout):
    done, report = checks_killed_at_their_timeout["swallow"].finish()
    assert done.returncode == 1
    # At whichever line of the loops faulthandler caught it running.
    reported = re.search(
        r"docs/page\.md:(\d+): snippet-failed timed out after 2 s \(the block kept", done.stdout
    )
    assert reported and 4 <= int(reported.group(1)) <= 10, done.stdout
    assert _block_statuses(report) == ["failed"]


@pytest.mark.parametrize("bwrap", [None, ""], ids=["bubblewrap", "unshare"])
def test_killing_the_checker_kills_the_session(tmp_path, monkeypatch, bwrap):
    if bwrap is not None:
        monkeypatch.setenv("POLYDOCS_BWRAP", bwrap)
        if probe_sandbox.__wrapped__(False).kind != "unshare":
            pytest.skip("unshare does not work here")
    marker = f"orphan-{uuid.uuid4().hex}"
    (tmp_path / "docs").mkdir()
    (tmp_path / "tmp").mkdir()
    (tmp_path / "docs" / "page.md").write_text(
        textwrap.dedent(
            f"""
            ```py
            import subprocess, sys, time

            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1000)", "{marker}"])
            time.sleep(1000)
            ```
            """
        )
    )
    checker = subprocess.Popen(
        [sys.executable, "-m", "polydocs", "check", "docs", *_check_options(tmp_path)],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, None),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert _wait_until(lambda: _processes_with(marker), CHECK_SECONDS), "the page never ran"
        session = _processes_with(f"{tmp_path}/tmp/polydocs-session-")
        assert session, "the session's child process is not where the test looks for it"
    finally:
        checker.send_signal(signal.SIGKILL)
        checker.wait()
    assert _wait_until(lambda: not _processes_with(marker) and not _processes_with(str(tmp_path / "tmp")))


def test_the_page_cannot_make_a_user_namespace_to_regain_capabilities(tmp_path):
    done, report = _check(
        tmp_path,
        """
        ```py
        import subprocess

        nested = subprocess.run(["unshare", "--user", "--map-root-user", "true"], capture_output=True)
        assert nested.returncode != 0, "made a user namespace"
        status = open("/proc/self/status").read()
        assert "CapEff:\\t0000000000000000" in status, status
        ```
        """,
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]


def test_a_masked_path_is_covered_and_what_the_session_needs_beside_it_is_there(tmp_path):
    shown = tmp_path / "shown"
    (shown / "private").mkdir(parents=True)
    (shown / "private" / "token").write_text(TOKEN)
    (shown / "key").write_text(TOKEN)
    (shown / "module.py").write_text("VALUE = 1\n")
    listing = "import os, sys; print(sorted(os.listdir(sys.argv[1])), os.listdir(sys.argv[1] + '/private'))"
    spec = SandboxSpec(
        (sys.executable, "-c", listing + "; print(repr(open(sys.argv[1] + '/key').read()))", str(shown)),
        workdir=Path("/"),
        readable=(shown, Path(sys.prefix), Path(sys.base_prefix)),
        masked=(shown / "private", shown / "key"),
    )
    done = subprocess.run(
        bwrap_command(spec, str(SUPPORT.launcher.bwrap)), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["['key', 'module.py', 'private'] []", "''"]


def test_without_bubblewrap_the_run_says_once_what_is_off_and_still_hides_tokens(tmp_path):
    done, report = _check(
        tmp_path,
        """
        ```py
        import os

        assert "HF_TOKEN" not in os.environ
        ```

        <!-- polydocs: fresh -->
        ```py
        import os

        assert "AWS_SECRET_ACCESS_KEY" not in os.environ
        ```
        """,
        {"POLYDOCS_BWRAP": ""},
        ["-n", "2"],
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed", "passed"]
    off = [line for line in done.stdout.splitlines() if line.startswith("sandbox OFF: ")]
    assert off[:2] == [
        "sandbox OFF: only the files the session needs, read-only (no homes, no checkout, no .git), "
        "private /tmp: bubblewrap not found at POLYDOCS_BWRAP= (Debian: apt-get install bubblewrap); "
        "the session sees the machine's files as the checker's user does",
        "sandbox OFF: no socket files of the machine (Docker, systemd, X): bubblewrap not found at "
        "POLYDOCS_BWRAP= (Debian: apt-get install bubblewrap); a socket file on any readable path can be "
        "connected to",
    ]


def test_without_bubblewrap_unshare_still_cuts_the_network_and_ends_the_process_tree(
    tmp_path, listening_server, monkeypatch
):
    monkeypatch.setenv("POLYDOCS_BWRAP", "")
    if probe_sandbox.__wrapped__(False).kind != "unshare":
        pytest.skip("unshare does not work here either")
    port, daemon = listening_server.getsockname()[1], f"daemon-{uuid.uuid4().hex}"
    done, report = _check(
        tmp_path,
        f"""
        ```py
        import subprocess, sys

        {_only_lo_and_no_raw_connect(port)}
        sleeper = [sys.executable, "-c", "import time; time.sleep(1000)", "{daemon}"]
        subprocess.Popen(sleeper, start_new_session=True)
        ```
        """,
        {"POLYDOCS_BWRAP": ""},
    )
    assert done.returncode == 0, done.stdout
    assert _block_statuses(report) == ["passed"]
    assert "sandbox: unshare; on: environment allowlist, page variables" in done.stdout
    assert "compile caches kept per session code, no network (kernel)" in done.stdout
    assert _wait_until(lambda: not _processes_with(daemon))


def test_with_bubblewrap_the_summary_names_what_is_on(tmp_path):
    done, _ = _check(tmp_path, "```py\npass\n```\n")
    assert done.returncode == 0, done.stdout
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("sandbox: ")]
    assert line.startswith("sandbox: bubblewrap; on: environment allowlist, page variables set inside")
    assert "results read from pipes, never from files the session can write" in line
    assert "only the files the session needs, read-only (no homes, no checkout, no .git)" in line
    assert "no socket files of the machine (Docker, systemd, X), no network (kernel)" in line
    assert "process tree ends with the session" in line


@pytest.mark.skipif(
    SUPPORT.memory.folder is None, reason=f"no cgroup memory limit here: {SUPPORT.memory.why_not}"
)
def test_the_memory_limit_holds_for_the_whole_process_tree(pytester, tmp_path):
    # Three processes of 200 MiB each: every one is under the per-process limit, the tree is not. The
    # kernel kills as soon as the tree goes over (cgroup v2: the whole session; v1: the process that went
    # over), so the page waits only until one child has ended, then ends the others: without that kill
    # all three would hold their memory the full 8 s and the page would pass.
    (pytester.path / "docs").mkdir()
    (pytester.path / "docs" / "page.md").write_text(
        textwrap.dedent(
            """
            ```py
            import subprocess, sys, time

            hold = "import time; block = b'x' * (200 * 1024 * 1024); time.sleep(8)"
            children = [subprocess.Popen([sys.executable, "-c", hold]) for _ in range(3)]
            while all(child.poll() is None for child in children):
                time.sleep(0.05)
            for child in children:
                child.kill()
                child.wait()
            ```
            """
        )
    )
    args = [*PLUGIN_ARGS, "--snippets-cache", str(tmp_path), "--snippets-memory-mb", "400"]
    result = pytester.runpytest_inprocess("docs", "--rootdir", str(pytester.path), *args)
    result.assert_outcomes(failed=1)
    assert "went over its memory limit of 400 MiB" in result.stdout.str()
