"""Figures across independent processes: what a record publishes from them, the order and plan of a
series, a real series on the CPU rendered on the page, and pinning to one CPU."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.bench.command import register
from polydocs.bench.matrix import full_matrix
from polydocs.bench.plan import (
    WARM_COMPILE_FRACTION,
    estimate_seconds,
    plan_series,
    rotated,
    warm_compile_fraction,
)
from polydocs.bench.processes import ProcessTag, add_process, spread_of
from polydocs.bench.render import render_placeholder
from polydocs.bench.results import load_results
from polydocs.sources import language_of

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "docs_src" / "_data" / "benchmarks" / "torch_compile_h200.json"
VIT_EAGER = "vit-base/forward/b1/float32/eager"
VIT_DEFAULT = "vit-base/forward/b1/float32/default"


def _measured(median: float, alone: bool = True) -> dict:
    return {
        "id": "m/forward/b1/float16/eager",
        "model": "m",
        "status": "ok",
        "median_ms": median,
        "p10_ms": median * 0.9,
        "p90_ms": median * 1.1,
        "repeats": 10,
        "compile_s": median,
        "conditions": {"alone": alone},
    }


def test_a_record_publishes_the_median_of_its_process_medians_with_their_range() -> None:
    legacy = {**_measured(9.0, alone=False)}  # one process, contended: replaced, never mixed in
    record = legacy
    for process, median in enumerate((4.4, 7.1, 4.6), start=1):
        record = add_process(record, _measured(median), ProcessTag("s1", process))
    assert [entry["median_ms"] for entry in record["processes"]] == [4.4, 7.1, 4.6]
    assert record["median_ms"] == 4.6 and record["range_ms"] == [4.4, 7.1]
    assert record["compile_s"] == 4.4  # the first process's: the caches as the run found them
    assert record["p90_ms"] == pytest.approx(4.6 * 1.1)  # the spread of the process nearest the median
    assert record["conditions"]["alone"] is True
    # One process not alone makes the figure not alone; --rerun (fresh) drops other series' processes.
    record = add_process(record, _measured(5.0, alone=False), ProcessTag("s1", 4))
    assert record["conditions"]["alone"] is False
    fresh = add_process(record, _measured(6.0), ProcessTag("s2", 1, fresh=True))
    assert len(fresh["processes"]) == 1 and fresh["median_ms"] == 6.0 and spread_of(fresh) is None


def test_a_failing_process_keeps_the_figures_of_the_others() -> None:
    record = add_process(None, _measured(3.0), ProcessTag("s", 1))
    failed = {"id": record["id"], "status": "failed", "error": "RuntimeError: boom"}
    record = add_process(record, failed, ProcessTag("s", 2))
    assert record["status"] == "ok" and record["median_ms"] == 3.0
    assert [entry["status"] for entry in record["processes"]] == ["ok", "failed"]


@pytest.mark.parametrize("length", [2, 3, 4, 5, 7, 22])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_no_configuration_runs_in_two_processes_back_to_back(length: int, count: int) -> None:
    configs = full_matrix()[:length]
    orders = [rotated(configs, process, count) for process in range(1, count + 1)]
    assert all(sorted(c.id for c in order) == sorted(c.id for c in configs) for order in orders)
    assert all(orders[k][-1] != orders[k + 1][0] for k in range(count - 1))


def test_the_plan_leaves_whole_configurations_out_and_warm_processes_cost_less() -> None:
    results = load_results(COMMITTED)
    assert results is not None
    configs = [c for c in full_matrix() if c.model == "resnet-50" and c.mode != "max-autotune"]
    default = next(c for c in configs if c.mode == "default")
    assert estimate_seconds(default, results.records, warm=True) < estimate_seconds(
        default, results.records, warm=False
    )
    unlimited = plan_series(configs, {}, 3, results.records, None)
    assert len(unlimited.processes) == 3 and not unlimited.left
    assert unlimited.seconds[0] > unlimited.seconds[1]
    budget = unlimited.total_seconds / 2
    halved = plan_series(configs, {}, 3, results.records, budget)
    assert halved.total_seconds <= budget and halved.left
    # A configuration is in every process or in none.
    planned = [{c.id for c in order} for order in halved.processes]
    assert planned[0] == planned[1] == planned[2]
    assert not planned[0] & {c.id for c in halved.left}


def test_a_configuration_no_later_process_compiled_takes_the_share_measured_on_the_others() -> None:
    results = load_results(COMMITTED)
    assert results is not None
    share = warm_compile_fraction(results.records)
    # The committed H200 runs: later processes compiled in 8-35 % of the first one's time.
    assert 0.05 < share < 0.35 and share != WARM_COMPILE_FRACTION
    assert warm_compile_fraction({}) == WARM_COMPILE_FRACTION
    autotuned = next(c for c in full_matrix() if c.id == "resnet-50/forward/b64/float16/max-autotune")
    cold = estimate_seconds(autotuned, results.records, warm=False)
    warm = estimate_seconds(autotuned, results.records, warm=True)
    first_call = results.records[autotuned.id]["first_call_s"]
    assert warm == pytest.approx(cold - first_call * (1 - share))


def _bench(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["bench", *argv])
    return int(args.run(args))


def test_a_series_of_real_processes_on_the_cpu_is_recorded_and_rendered_with_its_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    out = tmp_path / "data" / "series.json"
    arguments = ["compile", "--out", str(out), "--device", "cpu", "--smoke", "--processes", "3"]
    code = _bench(*arguments, "--rerun", VIT_EAGER, "--rerun", VIT_DEFAULT)
    assert code == 0
    results = load_results(out)
    assert results is not None and set(results.records) == {VIT_EAGER, VIT_DEFAULT}
    assert len(results.runs) == 3  # three processes, each with its command and conditions
    for record in results.records.values():
        medians = [entry["median_ms"] for entry in record["processes"]]
        assert [entry["process"] for entry in record["processes"]] == [1, 2, 3]
        assert record["median_ms"] == pytest.approx(sorted(medians)[1], abs=1e-4)
        assert record["range_ms"] == [min(medians), max(medians)]
        assert len({entry["series"] for entry in record["processes"]}) == 1
    printed = capsys.readouterr().out
    assert "process 3: 2 configurations" in printed and "across processes" in printed
    # No configuration's processes followed each other directly.
    order = {
        process: sorted(results.records, key=lambda key: _finished(results.records[key], process))
        for process in (1, 2, 3)
    }
    assert order[1][-1] != order[2][0] and order[2][-1] != order[3][0]

    # A resumed series with nothing left to do says so instead of measuring again.
    selection = ["--model", "vit-base", "--skip", "reduce-overhead", "--skip", "max-autotune"]
    assert _bench(*arguments, *selection, "--list") == 0
    assert "planned: 0 processes" in capsys.readouterr().out
    html = render_placeholder(None, language_of("pt"), out.parent, "page.md", 1)
    low, high = results.records[VIT_EAGER]["range_ms"]
    shown = f"{_pt(low)}\u2013{_pt(high)}"
    assert f'title="intervalo das medianas de 3 processos">{shown}</span>' in html
    assert "3 processos, " in html and "mediana das medianas de 3 processos" in html


def _finished(record: dict, process: int) -> str:
    return next(e["finished"] for e in record["processes"] if e["process"] == process)


def _pt(value: float) -> str:
    digits = 3 if value < 1 else 2 if value < 10 else 1 if value < 100 else 0
    return f"{value:.{digits}f}".replace(".", ",")


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_pinning_runs_the_process_on_one_cpu_and_records_it(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    cpu = sorted(os.sched_getaffinity(0))[-1]
    out = tmp_path / "pinned.json"
    command = [sys.executable, "-m", "polydocs.bench", "compile", "--out", str(out), "--device", "cpu"]
    command += ["--smoke", "--processes", "1", "--rerun", VIT_EAGER]
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    completed = subprocess.run(
        [*command, "--pin-cpu", str(cpu)], env=environment, capture_output=True, text=True, timeout=300
    )
    assert completed.returncode == 0, completed.stderr
    assert f"pinned to CPU {cpu}" in completed.stdout
    data = json.loads(out.read_text())
    assert data["results"][0]["conditions"]["cpu_affinity"] == [cpu]
    assert data["runs"][0]["pinned_cpu"] == cpu
    refused = subprocess.run(
        [*command, "--pin-cpu", "100000"], env=environment, capture_output=True, text=True, timeout=300
    )
    assert refused.returncode == 1 and "bench-pin" in refused.stderr


def test_a_model_that_fails_to_build_does_not_leave_the_previous_model_half_forgotten(monkeypatch):
    from polydocs.bench import measure_one, models

    built = []

    def build(name, device, dtype, smoke):
        if name == "broken":
            raise RuntimeError("cannot build")
        built.append(name)
        return f"model {name}"

    monkeypatch.setattr(models, "build_model", build)
    cache = measure_one.ModelCache(device="cpu", smoke=True)
    assert cache.get("resnet-50", "float16") == "model resnet-50"
    with pytest.raises(RuntimeError):
        cache.get("broken", "float16")
    assert cache.get("resnet-50", "float16") == "model resnet-50"
    assert built == ["resnet-50", "resnet-50"]
