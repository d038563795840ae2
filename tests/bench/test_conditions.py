"""What else ran: another benchmark process on the host is seen and recorded; this process, its wrapping
`timeout` and its own children are not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from polydocs.bench.conditions import other_bench_processes, read_conditions

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def another_benchmark() -> Iterator[subprocess.Popen[bytes]]:
    """A process whose command line reads like a benchmark's; it waits on its stdin until closed. It is
    handed over once it says it runs: until its exec, /proc shows the command line of the pytest it
    was forked from (the test failed that way on a loaded machine)."""
    code = "import sys; print('running', flush=True); sys.stdin.read()"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "polydocs.bench compile", "--out", "x.json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdout.readline() == b"running\n"
    yield process
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=30)
    process.stdout.close()


def test_another_benchmark_process_is_seen(another_benchmark: subprocess.Popen[bytes]) -> None:
    seen = other_bench_processes()
    found = [line for line in seen if line.startswith(f"{another_benchmark.pid} ")]
    assert found, f"pid {another_benchmark.pid} (exit status {another_benchmark.poll()}) not in {seen}"
    conditions = read_conditions(gpu=False)
    assert not conditions.alone
    assert len(conditions.load_avg) == 3 and conditions.cpu_count >= 1


def test_alone_when_no_other_benchmark_runs() -> None:
    conditions = read_conditions(gpu=False)
    assert conditions.other_bench_processes == [] and conditions.alone
    assert conditions.to_json()["alone"] is True


def _smoke_run(out: Path) -> dict:
    # Under `timeout`, as scripts/bench_remeasure.sh runs it: the wrapper is no other benchmark.
    command = ["timeout", "300", sys.executable, "-m", "polydocs.bench", "compile", "--out", str(out)]
    command += [
        "--device",
        "cpu",
        "--smoke",
        "--only",
        "vit-base/forward/b1/float32/eager",
        "--processes",
        "1",
    ]
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    subprocess.run(command, check=True, env=environment, capture_output=True, timeout=300)
    return json.loads(out.read_text())


def test_a_run_records_its_command_and_what_else_ran(
    tmp_path: Path, another_benchmark: subprocess.Popen[bytes]
) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    data = _smoke_run(tmp_path / "results.json")
    run = data["runs"][-1]
    assert run["command"].startswith("python -m polydocs.bench compile --out ")
    assert "--only vit-base/forward/b1/float32/eager" in run["command"]
    assert set(run["environment_variables"]) >= {"CUDA_VISIBLE_DEVICES", "TORCHINDUCTOR_COMPILE_THREADS"}
    (record,) = data["results"]
    conditions = record["conditions"]
    assert conditions["alone"] is False
    assert [line.split()[0] for line in conditions["other_bench_processes"]] == [str(another_benchmark.pid)]
    assert record["run"] == run["date"]
