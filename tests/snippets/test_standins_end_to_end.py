"""Stand-ins end to end on sample pages (tiny profile): the library's real loading code, offline."""

import json

import pytest

from polydocs.guide import guide_url

from .sample_runs import check_sample_pages

pytest.importorskip("PIL")

STAND_INS_GUIDE = guide_url("checking.md", "Hub stand-ins")


PAGES = (
    "vision.md",
    "text_generation.md",
    "no_stand_in.md",
    "mixed.md",
    "fine_tuned.md",
    "unnamed_images.md",
    "adapters.md",
)


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every sample page checked in one run, as a tree is: the stand-ins of all of them are built before
    the first session runs, in one builder process. Returns the stand-in cache, each page's item outcome
    and session (from the JSON report), and the Hub ids each builder process was asked for."""
    root = tmp_path_factory.mktemp("standin-pages")
    cache, outcomes, sessions, _, builds = check_sample_pages(root, "standins", PAGES, _keys, ["-q"])
    return cache, outcomes, {page.removeprefix("en/"): session for page, session in sessions.items()}, builds


def _keys(requests):
    return sorted(request.key for request in requests)


def _check(checked, page):
    _, outcomes, sessions, _ = checked
    return outcomes[page], sessions[page]


def test_the_stand_ins_of_every_page_of_a_run_are_built_by_one_builder_process(checked):
    _, outcomes, _, builds = checked
    assert set(outcomes) == set(PAGES)
    assert len(builds) == 1, builds
    assert {"google/vit-base-patch16-224", "google/gemma-2b", "ybelkada/opt-350m-lora"} <= set(builds[0])


def _snapshot_files(cache, hub_id):
    snapshots = cache / "standins" / "tiny" / "hub" / ("models--" + hub_id.replace("/", "--")) / "snapshots"
    (snapshot,) = snapshots.iterdir()
    return {path.name for path in snapshot.iterdir()}


def test_vit_processor_model_pipeline_and_image_urls_load_offline(checked):
    outcome, session = _check(checked, "vision.md")
    assert outcome == "passed"
    assert [block["status"] for block in session["blocks"]] == ["passed", "passed"]
    assert {"config.json", "model.safetensors", "preprocessor_config.json"} <= _snapshot_files(
        checked[0], "google/vit-base-patch16-224"
    )


def test_text_generation_pipeline_loads_the_gemma_stand_in_with_its_generation_config(checked):
    outcome, _ = _check(checked, "text_generation.md")
    assert outcome == "passed"
    assert {"tokenizer.json", "generation_config.json"} <= _snapshot_files(checked[0], "google/gemma-2b")


def test_a_url_without_stand_in_blocks_its_block_at_its_line_and_says_where_to_add_one(checked):
    outcome, session = _check(checked, "no_stand_in.md")
    assert outcome == "skipped"
    assert session["status"] == "blocked" and session["blocked_reasons"] == ["offline resource"]
    assert session["blocked"] == [
        "docs_src/en/no_stand_in.md:6: snippet-blocked (offline resource) needs "
        "https://example.com/imagenet-labels.json, which is not available offline; add a stand-in for it "
        f"({STAND_INS_GUIDE}), or skip the block"
    ]


def test_a_page_mixing_registered_derived_underivable_ids_and_a_dataset_blocks_only_what_cannot_run(checked):
    outcome, session = _check(checked, "mixed.md")
    assert outcome == "failed"  # the page's own AttributeError, reported as before
    statuses = [(block["line"], block["status"]) for block in session["blocks"]]
    assert statuses == [
        (5, "passed"),
        (14, "passed"),
        (24, "blocked"),
        (28, "blocked"),
        (34, "passed"),
        (43, "blocked"),
        (49, "failed"),
    ]
    reasons = {block["line"]: block["blocked"] for block in session["blocks"] if "blocked" in block}
    assert reasons[24]["reason"] == "missing stand-in" and reasons[24]["line"] == 25
    assert reasons[24]["message"].startswith("no stand-in for acme/zzqx-private-model: its architecture")
    assert reasons[28] == {
        "line": 29,
        "reason": "after a blocked block",
        "message": "`unknown` would have been defined by the blocked block at line 24",
        "hint": "unblock that block first",
    }
    assert reasons[43]["line"] == 44 and reasons[43]["reason"] == "missing stand-in"
    assert reasons[43]["message"] == (
        "no stand-in for the dataset acme/zzqx-private-dataset: no stand-in describes it"
    )
    assert "datasets: {acme/zzqx-private-dataset: ...}" in reasons[43]["hint"]
    # The rotten_tomatoes stand-in the block read: its real labels, 1000 rows (every feature is text).
    from datasets import Dataset

    (train,) = (checked[0] / "standins" / "tiny" / "datasets" / "rotten_tomatoes").glob(
        "default/*/*/*-train.arrow"
    )
    rows = Dataset.from_file(str(train))
    assert rows.features["label"].names == ["neg", "pos"] and rows.num_rows == 1000
    assert session["failures"] == [
        "docs_src/en/mixed.md:50: snippet-failed AttributeError: "
        + session["blocks"][-1]["error"]["message"].removeprefix("AttributeError: ")
    ]
    assert _snapshot_files(checked[0], "distilbert/distilbert-base-uncased") >= {
        "config.json",
        "model.safetensors",
        "tokenizer.json",
    }


def test_a_model_the_page_fine_tunes_into_a_name_stands_in_for_that_name_on_the_hub(checked):
    outcome, session = _check(checked, "fine_tuned.md")
    assert outcome == "passed"
    assert [block["status"] for block in session["blocks"]] == ["passed", "passed"]
    note = checked[0] / "standins" / "tiny" / "hub" / "models--someone--my_awesome_zzqx_model" / "snapshots"
    (snapshot,) = note.iterdir()
    assert json.loads((snapshot / "polydocs-stand-in.json").read_text())["model_type"] == "distilbert"


def test_urls_without_an_image_suffix_are_images_where_the_page_opens_them_as_images_only(checked):
    # Image.open(requests.get(url).raw), a vision pipeline (its load_image asks) and load_image get an
    # image; the course's ImageNet labels (https://git.io/JJkYN, read as text) stay an offline resource.
    _, session = _check(checked, "unnamed_images.md")
    assert [block["status"] for block in session["blocks"]] == ["passed", "blocked"]
    assert session["blocked"] == [
        "docs_src/en/unnamed_images.md:18: snippet-blocked (offline resource) needs https://git.io/JJkYN, "
        f"which is not available offline; add a stand-in for it ({STAND_INS_GUIDE}), or skip the block"
    ]


def test_peft_adapters_are_made_on_the_stand_in_of_the_model_they_are_loaded_onto(checked):
    # PeftModel.from_pretrained(base_model, id) onto the page's OPT; AutoPeftModelForCausalLM with the
    # base its adapter config names (derived from the adapter's id: llama).
    _, session = _check(checked, "adapters.md")
    assert [block["status"] for block in session["blocks"]] == ["passed"], session["blocks"]
    assert {"adapter_config.json", "adapter_model.safetensors", "tokenizer.json"} <= _snapshot_files(
        checked[0], "ybelkada/opt-350m-lora"
    )
