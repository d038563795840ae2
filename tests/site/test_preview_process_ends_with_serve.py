"""A page preview that `polydocs serve` builds in a process of its own ends when serve ends, however serve
is stopped (here SIGKILL, which no handler of serve can see): it never goes on building for a server that
is gone. A real preview process of a course page, started by a real parent process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

COURSE = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "course-docs"

PARENT = """
import sys
from pathlib import Path
from polydocs.site.preview_process import preview_in_new_process
preview_in_new_process(Path(sys.argv[1]), "en", ["chapter1/1.md"], Path(sys.argv[2]), None)
"""


def _processes_naming(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in command and b"-m\0polydocs.site.preview_process\0" in command:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not COURSE.is_dir(), reason="the corpus tree course-docs (../shared/corpus) is absent")
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads processes from /proc")
def test_the_preview_process_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    out = tmp_path / "preview-out"
    environment = {**os.environ, "POLYDOCS_CACHE": str(tmp_path / "cache")}  # cold: seconds of work
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(COURSE), str(out)], env=environment)
    try:
        deadline = time.monotonic() + 60
        while not (children := _processes_naming(str(out))) and time.monotonic() < deadline:
            assert parent.poll() is None, "the parent ended before its preview process started"
            time.sleep(0.02)
        assert children, "no preview process started"
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 15
    while _processes_naming(str(out)) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _processes_naming(str(out))
    for pid in left:  # leave nothing behind, even on failure
        os.kill(pid, signal.SIGKILL)
    assert not left, "the preview process went on after serve ended"
    assert not (out / "chapter1" / "1" / "index.html").exists(), "the preview was built to its end"
