"""Tiny Gemma stand-in end to end, and the user's seed pages (each defect at its page and line)."""

import json
import shutil
from pathlib import Path

import pytest

from .golden import CASES
from .test_pytest_plugin import PLUGIN_ARGS

pytest_plugins = ["pytester"]

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "es"


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One cache for the module, as across the runs of a check: both load the Gemma stand-in, built once."""
    return tmp_path_factory.mktemp("snippets-cache")


def test_a_compiled_model_the_page_never_calls_is_called_with_a_config_input(pytester, cache):
    shutil.copytree(CASES / "gemma", pytester.path / "docs_src")
    args = [*PLUGIN_ARGS, "--snippets-cache", str(cache), "--snippets-report-json", "report.json"]
    result = pytester.runpytest_inprocess("docs_src", "--rootdir", str(pytester.path), *args)
    result.assert_outcomes(passed=1)
    (session,) = json.loads((pytester.path / "report.json").read_text())["sessions"]
    (proof,) = session["compile"]
    assert proof["line"] == 8 and not proof["called_by_page"]
    assert proof["frames_compiled"] >= 1 and proof["problems"] == []
    assert proof["relative_error"] <= proof["tolerance"]
    snapshot = next(
        (cache / "standins" / "tiny" / "hub" / "models--google--gemma-2b" / "snapshots").iterdir()
    )
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= {p.name for p in snapshot.iterdir()}
    # google/gemma-2b has an override: its build never indexed every configuration's documentation.
    assert not list((cache / "standins" / "tiny" / "outcomes").glob("documented-*"))


def test_seed_pages_fail_at_each_defect(pytester, cache):
    if not SEEDS.is_dir():
        pytest.skip("the shared seeds are not beside the repository")
    shutil.copytree(SEEDS, pytester.path / "es")
    args = [*PLUGIN_ARGS, "--snippets-cache", str(cache), "-rs"]
    result = pytester.runpytest_inprocess("es", "--rootdir", str(pytester.path), *args)
    # The training guide's one block passes `...` for TrainingArguments' other arguments: a fragment (it
    # cannot run by itself, and is never counted as verified), not the TypeError it raised when run.
    result.assert_outcomes(failed=1, skipped=1)
    text = result.stdout.str()
    for line in (11, 31, 42):
        assert (
            f"es/perf_torch_compile.md:{line}: snippet-failed NameError: name 'torch' is not defined" in text
        )
    assert "es/torch_compile.md:26: snippet-fragment `...` stands for code the reader writes" in text
