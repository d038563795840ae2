"""`polydocs bench compile` end to end on the CPU with tiny models: records, resume, failures, merging."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from installed import requires
from polydocs.bench.command import register
from polydocs.bench.matrix import BenchConfig, full_matrix, shard
from polydocs.bench.measure_one import describe_config
from polydocs.bench.results import STARTED, ResultsFile, load_results, save_results
from polydocs.bench.runner import RunOptions, run_benchmarks

pytestmark = requires("torch", "transformers")

VIT_EAGER = "vit-base/forward/b1/float32/eager"
VIT_DEFAULT = "vit-base/forward/b1/float32/default"


def _bench(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["bench", *argv])
    return int(args.run(args))


def _records(path: Path) -> dict[str, dict]:
    return {record["id"]: record for record in json.loads(path.read_text())["results"]}


# torch's own CPU compile path imports a module that warns about its deprecated torch.jit use.
@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")
def test_smoke_run_measures_eager_and_compiled_and_records_the_environment(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    only = "vit-base/forward/b1/"
    code = _bench(
        "compile",
        "--out",
        str(out),
        "--device",
        "cpu",
        "--smoke",
        "--only",
        only,
        "--git-rev",
        "feedbeef",
        "--processes",
        "1",
    )
    assert code == 0
    data = json.loads(out.read_text())
    assert data["environment"]["git_rev"] == "feedbeef"
    assert data["environment"]["torch"] and data["environment"]["transformers"]
    records = _records(out)
    assert set(records) == {
        f"{only}float32/{mode}" for mode in ("eager", "default", "reduce-overhead", "max-autotune")
    }
    for key in records:
        assert records[key]["status"] == "ok"
        assert records[key]["median_ms"] > 0 and records[key]["repeats"] == 1
    assert records[VIT_EAGER]["compile_s"] is None
    assert records[VIT_DEFAULT]["compile_s"] > 0


def test_resume_skips_what_is_recorded_and_marks_unfinished_as_failed(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    configs = [c for c in full_matrix() if c.model == "vit-base" and c.batch == 1 and c.mode == "eager"]
    options = RunOptions(device="cpu", smoke=True)
    first = run_benchmarks(configs, out, options, log=lambda _: None)
    assert first.measured == [configs[0].id]
    measured = _records(out)[configs[0].id]

    # A process killed during a configuration leaves it "started": the next run records it as failed.
    results = load_results(out)
    assert results is not None
    killed = BenchConfig("resnet-50", "image-classification", "forward", 1, "float16", "eager")
    results.record({**describe_config(killed, smoke=True), "status": STARTED})
    save_results(out, results)

    lines: list[str] = []
    second = run_benchmarks(configs, out, options, log=lines.append)
    assert second.skipped_done == [configs[0].id] and second.measured == []
    records = _records(out)
    assert records[configs[0].id] == measured
    assert records[killed.id]["status"] == "failed"
    assert "did not finish" in records[killed.id]["error"]
    assert any(killed.id in line for line in lines)


def test_resume_measures_again_what_did_not_finish_or_was_not_run_but_not_real_failures() -> None:
    results = ResultsFile()
    statuses = {
        "measured": {"status": "ok"},
        "raised": {"status": "failed", "error": "RuntimeError: boom"},
        "killed": {"status": "failed", "error": "did not finish: still compiling when the time ran out"},
        "not-run": {"status": "not_run", "error": "not run: no time"},
        "started": {"status": STARTED},
    }
    for key, record in statuses.items():
        results.record({"id": key, **record})
    assert [key for key in statuses if not results.done(key)] == ["killed", "not-run", "started"]
    assert not results.done("absent")


def test_rerun_measures_again_only_the_matching_configurations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.json"
    results = ResultsFile()
    for config_id in (VIT_EAGER, VIT_DEFAULT):
        results.record({"id": config_id, "status": "ok", "median_ms": 999.0})
    save_results(out, results)
    code = _bench(
        "compile", "--out", str(out), "--device", "cpu", "--smoke", "--rerun", VIT_EAGER, "--processes", "1"
    )
    assert code == 0
    records = _records(out)
    assert set(records) == {VIT_EAGER, VIT_DEFAULT}
    assert records[VIT_EAGER]["median_ms"] != 999.0 and records[VIT_EAGER]["status"] == "ok"
    assert records[VIT_DEFAULT]["median_ms"] == 999.0
    # Without --rerun a measured configuration is skipped; with it, it is planned again.
    capsys.readouterr()
    assert (
        _bench("compile", "--out", str(out), "--smoke", "--only", VIT_DEFAULT, "--list", "--processes", "1")
        == 0
    )
    assert VIT_DEFAULT not in capsys.readouterr().out
    assert (
        _bench("compile", "--out", str(out), "--smoke", "--rerun", VIT_DEFAULT, "--list", "--processes", "1")
        == 0
    )
    assert capsys.readouterr().out.split()[0] == VIT_DEFAULT


def test_a_failing_configuration_is_recorded_with_its_error_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    bad = BenchConfig("vit-base", "image-classification", "forward", 1, "float32", "no-such-mode")
    good = BenchConfig("vit-base", "image-classification", "forward", 1, "float32", "eager")
    summary = run_benchmarks([bad, good], out, RunOptions(device="cpu", smoke=True), log=lambda _: None)
    assert summary.failed == [bad.id] and summary.measured == [good.id]
    record = _records(out)[bad.id]
    assert record["status"] == "failed"
    assert "no-such-mode" in record["error"]
    assert record["error"].startswith("RuntimeError")


def test_merge_prefers_measured_records_and_marks_the_rest_not_run(tmp_path: Path) -> None:
    config = full_matrix()[0]
    base = describe_config(config, smoke=False)
    failed, measured = tmp_path / "a.json", tmp_path / "b.json"
    failed.write_text(json.dumps({"schema": 1, "results": [{**base, "status": "failed", "error": "boom"}]}))
    measured.write_text(
        json.dumps(
            {"schema": 1, "environment": {"gpu": "X"}, "results": [{**base, "status": "ok", "median_ms": 1}]}
        )
    )
    out = tmp_path / "merged.json"
    assert _bench("merge", "--out", str(out), str(measured), str(failed), "--mark-not-run", "no time") == 0
    records = _records(out)
    assert records[config.id]["status"] == "ok"
    assert len(records) == len(full_matrix())
    assert {r["status"] for key, r in records.items() if key != config.id} == {"not_run"}
    assert list(records) == [c.id for c in full_matrix()]


def test_shards_split_the_matrix_exactly_and_keep_the_llm_together() -> None:
    configs = full_matrix()
    parts = [shard(configs, index, 2) for index in range(2)]
    assert sorted(c.id for part in parts for c in part) == sorted(c.id for c in configs)
    assert sum(any(c.model == "gemma-2b" for c in part) for part in parts) == 1
