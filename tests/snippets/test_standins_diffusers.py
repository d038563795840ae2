"""Stand-ins for diffusers repositories: tiny pipelines of the family an id names, run in real sandboxed
sessions through diffusers' own `from_pretrained`, offline."""

import importlib.util
import json
import shutil

import pytest

from polydocs.snippets.standins import models
from polydocs.snippets.standins.diffusers import (
    GUESSED,
    family_of,
    is_diffusers_repository,
    unsupported_family,
)

from .golden import CASES
from .test_pytest_plugin import PLUGIN_ARGS

pytest_plugins = ["pytester"]
SD = "stable-diffusion-v1-5/stable-diffusion-v1-5"


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One stand-in cache for the module, as across the pages and runs of a check."""
    return tmp_path_factory.mktemp("snippets-cache")


@pytest.fixture
def builds(monkeypatch):
    """The Hub ids each stand-in build of the checker was asked for."""
    asked: list[str] = []
    build = models._build

    def counting(requests, profile, hf_home):
        asked.extend(request.hub_id for request in requests)
        return build(requests, profile, hf_home)

    monkeypatch.setattr(models, "_build", counting)
    return asked


def _check(pytester, cache, *pages):
    if importlib.util.find_spec("diffusers") is None:  # not imported here: the checker never imports torch
        pytest.skip("diffusers is not installed (the `check` extra installs it)")
    (pytester.path / "docs_src" / "en").mkdir(parents=True, exist_ok=True)
    for page in pages:
        shutil.copy(CASES / "diffusers" / "en" / page, pytester.path / "docs_src" / "en" / page)
    args = [*PLUGIN_ARGS, "--snippets-cache", str(cache), "--snippets-report-json", "report.json"]
    result = pytester.runpytest_inprocess("docs_src", "--rootdir", str(pytester.path), *args)
    sessions = json.loads((pytester.path / "report.json").read_text())["sessions"]
    return result, {session["page"]: session for session in sessions}


def test_a_pipeline_page_runs_in_fp16_with_its_scheduler_and_unet_loaded_from_subfolders(pytester, cache):
    result, sessions = _check(pytester, cache, "text_to_image.md")
    result.assert_outcomes(passed=1)
    session = sessions["en/text_to_image.md"]
    assert [block["status"] for block in session["blocks"]] == ["passed", "passed"]
    assert session["notes"] == []
    snapshots = cache / "standins" / "tiny" / "hub" / ("models--" + SD.replace("/", "--")) / "snapshots"
    (snapshot,) = snapshots.iterdir()
    assert json.loads((snapshot / "model_index.json").read_text())["_class_name"] == "StableDiffusionPipeline"
    assert (snapshot / "unet" / "diffusion_pytorch_model.fp16.safetensors").exists()
    assert (snapshot / "tokenizer" / "tokenizer.json").exists()


def test_a_second_page_on_the_same_repository_reuses_its_stand_in(pytester, cache, builds):
    _check(pytester, cache, "text_to_image.md")  # builds it, unless an earlier test of the module did
    assert builds.count(SD) <= 1
    builds.clear()
    result, sessions = _check(pytester, cache, "text_to_image.md", "image_to_image.md")
    result.assert_outcomes(passed=2)
    assert sessions["en/image_to_image.md"]["status"] == "passed"
    assert SD not in builds


def test_an_id_that_names_no_family_runs_on_the_default_one_and_says_it_was_guessed(pytester, cache):
    result, sessions = _check(pytester, cache, "guessed.md")
    result.assert_outcomes(passed=1)
    (note,) = sessions["en/guessed.md"]["notes"]
    assert note.startswith(f"docs_src/en/guessed.md:6: stand-in-guessed acme/zzqx-house-style: {GUESSED}")
    assert "Stable Diffusion 1.x/2.x" in note
    assert any(line.startswith("docs_src/en/guessed.md:6: stand-in-guessed") for line in result.outlines)


def test_a_family_without_stand_ins_blocks_its_block_instead_of_running_on_another(pytester, cache):
    result, sessions = _check(pytester, cache, "kandinsky.md")
    result.assert_outcomes(skipped=1)
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


def test_offloading_or_a_cuda_device_map_on_a_cpu_is_a_gpu_need_not_a_failure_of_the_page(pytester, cache):
    # diffusers refuses `enable_model_cpu_offload()` without an accelerator: the GPU check runs it.
    result, sessions = _check(pytester, cache, "offload.md")
    result.assert_outcomes(skipped=1)
    offload, device_map = sessions["en/offload.md"]["blocked"]
    assert offload.startswith(
        "docs_src/en/offload.md:8: snippet-blocked (needs cuda) needs a CUDA GPU (`enable_"
    )
    # `device_map="cuda"`, refused inside AutoPipeline's `from_pretrained(pretrained_model_or_path, ...)`.
    assert device_map.startswith(
        "docs_src/en/offload.md:14: snippet-blocked (needs cuda) needs a CUDA GPU (cuda "
    )
