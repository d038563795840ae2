"""The reproduction check: a second run's medians compared with the published ones, printed, and written
into the published records; `scripts/bench_remeasure.sh` end to end on the CPU."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.bench.command import _selected, register
from polydocs.bench.matrix import BenchConfig, matching
from polydocs.bench.measure_one import describe_config
from polydocs.bench.reproduce import default_sample
from polydocs.bench.results import ResultsFile, load_results, save_results

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "docs_src" / "_data" / "benchmarks" / "torch_compile_h200.json"
SMALL = Path(__file__).parent / "fixtures" / "torch_compile_small.json"
VIT_EAGER = "vit-base/forward/b1/float32/eager"


def _bench(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["bench", *argv])
    return int(args.run(args))


def _results(path: Path, medians: dict[str, float]) -> Path:
    results = ResultsFile()
    for key, median in medians.items():
        results.record({"id": key, "status": "ok", "median_ms": median})
    save_results(path, results)
    return path


def test_compare_prints_each_median_and_marks_those_outside_the_tolerance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _results(tmp_path / "first.json", {"a/b1": 10.0, "b/b1": 4.0, "c/b1": 2.0})
    second = _results(tmp_path / "second.json", {"a/b1": 10.8, "b/b1": 2.0})
    assert _bench("compare", str(first), str(second), "--tolerance", "0.10", "--record") == 4
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("a/b1") and "+8.0%" in line and "agrees" in line for line in lines)
    assert any(line.startswith("b/b1") and "-50.0%" in line and "OUTSIDE ±10%" in line for line in lines)
    assert "1 of 2 agree within ±10%; 1 outside" in "\n".join(lines)
    records = json.loads(first.read_text())["results"]
    checked = {record["id"]: record.get("reproduction") for record in records}
    assert checked["a/b1"]["agrees"] is True and checked["a/b1"]["median_ms"] == 10.8
    assert checked["b/b1"]["agrees"] is False and checked["b/b1"]["relative_difference"] == -0.5
    assert checked["c/b1"] is None  # not measured again: nothing claimed
    # Within the tolerance everywhere: exit status 0, and FIRST is left alone without --record.
    assert _bench("compare", str(first), str(second), "--tolerance", "0.6") == 0


def test_the_default_sample_is_one_forward_configuration_per_model_and_mode_at_the_smallest_batch() -> None:
    results = load_results(COMMITTED)
    assert results is not None
    sample = default_sample(results)
    pairs = [(key.split("/")[0], key.split("/")[-1]) for key in sample]
    assert len(pairs) == len(set(pairs))
    assert {mode for _, mode in pairs} == {"eager", "default", "reduce-overhead"}
    assert {model for model, _ in pairs} == {r["model"] for r in results.records.values()}
    assert all("/forward/b1/" in key for key in sample)


def test_a_whole_id_picks_that_configuration_and_a_part_of_one_every_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The second run of a sample that named ResNet-50's max-autotune id also autotuned DETR-ResNet-50's
    (six minutes cold): `--sample` and the `--rerun` it passes on take a whole id for that id alone."""
    resnet = "resnet-50/forward/b1/float16/max-autotune"
    assert matching([resnet, f"detr-{resnet}"], [resnet]) == [resnet]
    assert matching([resnet, f"detr-{resnet}"], ["b1/float16/max"]) == [resnet, f"detr-{resnet}"]

    def listed(*texts: str) -> set[str]:
        argv = ["reproduce", "--results", str(COMMITTED), "--out", "unused.json", "--list"]
        assert _bench(*argv, *(arg for text in texts for arg in ("--sample", text))) == 0
        return {line.strip() for line in capsys.readouterr().out.splitlines() if line.startswith("  ")}

    assert listed(resnet) == {resnet}
    assert listed("b1/float16/eager") >= {
        "resnet-50/forward/b1/float16/eager",
        "detr-resnet-50/forward/b1/float16/eager",
    }
    # `compile --rerun` with a whole id selects that configuration alone.
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["bench", "compile", "--out", "unused.json", "--rerun", resnet])
    assert [config.id for config in _selected(args)] == [resnet]


def test_reproduce_measures_the_sample_in_a_new_process_and_records_the_comparison(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    published = tmp_path / "published.json"
    config = BenchConfig("vit-base", "image-classification", "forward", 1, "float32", "eager")
    results = ResultsFile()
    results.record({**describe_config(config, smoke=True), "status": "ok", "median_ms": 1.0})
    save_results(published, results)
    monkeypatch.setenv("PYTHONPATH", str(REPO / "src"))
    second = tmp_path / "second.json"
    code = _bench(
        "reproduce",
        "--results",
        str(published),
        "--out",
        str(second),
        "--device",
        "cpu",
        "--smoke",
        "--processes",
        "2",
    )
    again = load_results(second)
    assert again is not None and set(again.records) == {VIT_EAGER}
    measured = again.records[VIT_EAGER]
    assert measured["conditions"]["alone"] is True
    # Two processes of its own measured the sample; the comparison is with their median of medians.
    medians = sorted(entry["median_ms"] for entry in measured["processes"])
    assert len(medians) == 2 and measured["range_ms"] == medians
    assert measured["median_ms"] == pytest.approx(sum(medians) / 2, abs=1e-4)
    record = json.loads(published.read_text())["results"][0]
    assert record["reproduction"]["median_ms"] == measured["median_ms"]
    assert record["reproduction"]["processes"] == 2 and record["reproduction"]["range_ms"] == medians
    assert code == (0 if record["reproduction"]["agrees"] else 4)
    assert f"{VIT_EAGER}  " in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("timeout") is None, reason="coreutils timeout is missing")
def test_the_remeasure_script_plans_measures_in_processes_checks_and_merges(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    python = Path(os.environ.get("VIRTUAL_ENV") or Path(sys.executable).parent.parent) / "bin"
    environment = {
        **os.environ,
        "PATH": f"{python}:{os.environ['PATH']}",
        "MODELS": "vit-base",
        "PROCESSES": "2",
        "RESULTS": str(SMALL),
        "CACHE_DIR": str(tmp_path / "cache"),
        "BENCH_ARGS": "--device cpu --smoke --skip default --skip reduce-overhead",
        "REPRODUCE_ARGS": "--device cpu --smoke",
    }
    out = tmp_path / "out"
    script = str(REPO / "scripts" / "bench_remeasure.sh")

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [script, str(out), *arguments], env=environment, capture_output=True, text=True, timeout=600
        )

    planned = run("--list")
    assert planned.returncode == 0, planned.stderr
    assert "process 2: 1 configurations" in planned.stdout and "planned: 2 processes" in planned.stdout
    assert not (out / "remeasure.json").exists()  # a dry run measures nothing

    measured = run()
    assert measured.returncode == 0, measured.stderr
    remeasured = load_results(out / "remeasure.json")
    assert remeasured is not None and set(remeasured.records) == {VIT_EAGER}
    assert [entry["process"] for entry in remeasured.records[VIT_EAGER]["processes"]] == [1, 2]
    assert "across processes" in measured.stdout

    checked = run("reproduce")
    assert checked.returncode in (0, 4), checked.stderr
    assert f"{VIT_EAGER}  " in checked.stdout and "reproduce done" in checked.stdout
    merged = load_results(out / "torch_compile_h200.json")
    assert merged is not None and "reproduction" in merged.records[VIT_EAGER]
    assert merged.records[VIT_EAGER]["reproduction"]["processes"] == 2
    small = json.loads(SMALL.read_text())["results"]
    assert {record["id"] for record in small} < set(merged.records)
