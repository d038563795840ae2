"""Stand-ins for diffusers repositories: tiny pipelines of the family an id names, run in real sandboxed
sessions through diffusers' own `from_pretrained`, offline."""

import importlib.util
import json

import pytest

from polydocs.snippets.standins import models
from polydocs.snippets.standins.diffusers import (
    GUESSED,
    family_of,
    is_diffusers_repository,
    unsupported_family,
)

from .sample_runs import check_sample_pages

SD = "stable-diffusion-v1-5/stable-diffusion-v1-5"


PAGES = ("text_to_image.md", "image_to_image.md", "guessed.md", "kandinsky.md", "offload.md")


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every diffusers sample page checked in one run, as a tree is (the stand-ins of all of them built
    before the first session runs): the stand-in cache, each page's item outcome, its session (from the
    JSON report), the lines the run printed, and the Hub ids each builder process was asked for."""
    if importlib.util.find_spec("diffusers") is None:  # not imported here: the checker never imports torch
        pytest.skip("diffusers is not installed (the `check` extra installs it)")
    root = tmp_path_factory.mktemp("diffusers-pages")
    return check_sample_pages(
        root, "diffusers", PAGES, lambda requests: [request.hub_id for request in requests]
    )


def test_a_pipeline_page_runs_in_fp16_with_its_scheduler_and_unet_loaded_from_subfolders(checked):
    cache, outcomes, sessions, _, _ = checked
    assert outcomes["text_to_image.md"] == "passed"
    session = sessions["en/text_to_image.md"]
    assert [block["status"] for block in session["blocks"]] == ["passed", "passed"]
    assert session["notes"] == []
    snapshots = cache / "standins" / "tiny" / "hub" / ("models--" + SD.replace("/", "--")) / "snapshots"
    (snapshot,) = snapshots.iterdir()
    assert json.loads((snapshot / "model_index.json").read_text())["_class_name"] == "StableDiffusionPipeline"
    assert (snapshot / "unet" / "diffusion_pytorch_model.fp16.safetensors").exists()
    assert (snapshot / "tokenizer" / "tokenizer.json").exists()


def test_a_second_page_on_the_same_repository_reuses_its_stand_in(checked):
    _, outcomes, sessions, _, builds = checked
    assert outcomes["text_to_image.md"] == outcomes["image_to_image.md"] == "passed"
    assert sessions["en/image_to_image.md"]["status"] == "passed"
    # Both pages load it; it was built once, before either session ran, for the whole run.
    assert [hub_id for batch in builds for hub_id in batch].count(SD) == 1, builds


def test_an_id_that_names_no_family_runs_on_the_default_one_and_says_it_was_guessed(checked):
    _, outcomes, sessions, printed, _ = checked
    assert outcomes["guessed.md"] == "passed"
    (note,) = sessions["en/guessed.md"]["notes"]
    assert note.startswith(f"docs_src/en/guessed.md:6: stand-in-guessed acme/zzqx-house-style: {GUESSED}")
    assert "Stable Diffusion 1.x/2.x" in note
    assert any(line.startswith("docs_src/en/guessed.md:6: stand-in-guessed") for line in printed)


def test_a_family_without_stand_ins_blocks_its_block_instead_of_running_on_another(checked):
    _, outcomes, sessions, _, _ = checked
    assert outcomes["kandinsky.md"] == "skipped"
    (blocked,) = sessions["en/kandinsky.md"]["blocked"]
    assert "(missing stand-in) no stand-in for kandinsky-community/kandinsky-2-2-decoder" in blocked
    assert "polydocs makes no stand-in for Kandinsky pipelines yet" in blocked
    assert "model_type" not in blocked  # a pipeline has no model type to name in polydocs.yml
    assert blocked.endswith(models.DIFFUSERS_HINT)


@pytest.mark.parametrize(
    ("hub_id", "loaders", "family", "by_class"),
    [
        ("stabilityai/stable-diffusion-xl-base-1.0", ("DiffusionPipeline",), "sdxl", False),
        ("stabilityai/sdxl-turbo", ("AutoPipelineForText2Image",), "sdxl", False),
        ("stabilityai/stable-diffusion-3-medium-diffusers", ("DiffusionPipeline",), "sd3", False),
        ("black-forest-labs/FLUX.1-dev", ("FluxPipeline",), "flux", False),
        ("stabilityai/stable-diffusion-2-1", ("DiffusionPipeline",), "sd", False),
        ("lllyasviel/sd-controlnet-canny", ("ControlNetModel",), "sd", False),
        ("diffusers/controlnet-canny-sdxl-1.0", ("ControlNetModel",), "sdxl", False),
        ("nitrosocke/Ghibli-Diffusion", ("StableDiffusionImg2ImgPipeline",), "sd", True),
        ("acme/house-style", ("StableDiffusionXLPipeline",), "sdxl", True),
        # The page's own mistake (diffusers' callback guide): the SD 1.5 stand-in lets diffusers refuse it.
        (SD, ("StableDiffusionXLPipeline",), "sd", False),
        ("google/ddpm-cat-256", ("DiffusionPipeline",), "ddpm", False),
    ],
)
def test_the_family_comes_from_the_id_then_the_pipeline_class(hub_id, loaders, family, by_class):
    found, how, named_by_class = family_of(hub_id, loaders)
    assert (found.name, named_by_class) == (family, by_class)
    assert not how.startswith(GUESSED)


def test_only_diffusers_classes_or_pipeline_ids_make_a_diffusers_repository():
    assert is_diffusers_repository("stabilityai/sd-vae-ft-mse", ("AutoencoderKL",))
    assert is_diffusers_repository(SD, ("CLIPTextModel",))  # subfolder="text_encoder" of the pipeline
    assert not is_diffusers_repository("openai-community/gpt2-xl", ("AutoModelForCausalLM",))
    assert not is_diffusers_repository("google/flan-t5-xl", ("DecisionTransformerModel",))
    assert not is_diffusers_repository("", ("pipeline",))
    assert (
        unsupported_family("kandinsky-community/kandinsky-2-2-prior", ("DiffusionPipeline",)) == "Kandinsky"
    )
    assert unsupported_family(SD, ("StableDiffusionPipeline",)) == ""


def test_without_diffusers_no_stand_in_is_requested_so_the_pages_import_says_what_is_missing(monkeypatch):
    from pathlib import Path

    from polydocs.snippets.standins.loads import HubLoad

    monkeypatch.setattr(models.importlib.util, "find_spec", lambda name: None)
    requests: dict = {}
    models._add_request(requests, HubLoad(SD, "DiffusionPipeline", 0), Path("x.md"), "tiny")
    models._add_request(
        requests, HubLoad("google/vit-base-patch16-224", "AutoModel", 1), Path("x.md"), "tiny"
    )
    assert list(requests) == ["google/vit-base-patch16-224"]


def test_offloading_or_a_cuda_device_map_on_a_cpu_is_a_gpu_need_not_a_failure_of_the_page(checked):
    # diffusers refuses `enable_model_cpu_offload()` without an accelerator: the GPU check runs it.
    _, outcomes, sessions, _, _ = checked
    assert outcomes["offload.md"] == "skipped"
    offload, device_map = sessions["en/offload.md"]["blocked"]
    assert offload.startswith(
        "docs_src/en/offload.md:8: snippet-blocked (needs cuda) needs a CUDA GPU (`enable_"
    )
    # `device_map="cuda"`, refused inside AutoPipeline's `from_pretrained(pretrained_model_or_path, ...)`.
    assert device_map.startswith(
        "docs_src/en/offload.md:14: snippet-blocked (needs cuda) needs a CUDA GPU (cuda "
    )
