"""Build stand-ins: `python -m polydocs.snippets.standins.build REQUESTS.json PROFILE HF_HOME OUTCOMES.json`.

For each request: the model type (an override, else `derive.model_type_of`), the configuration
(`full`: the configuration class's defaults; `tiny`: shrunk, less if the smallest fails), random weights
saved with `save_pretrained`, the tokenizer and processors (`files.py`), then a check: the
folder loads through the real `from_pretrained` and runs one forward pass. Only then is it renamed into
place. Each outcome (built, or why not) goes to OUTCOMES.json.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from polydocs.snippets.standins.adapters import build_adapter
from polydocs.snippets.standins.derive import DocumentedCheckpoints, model_type_of, shrink
from polydocs.snippets.standins.diffusers import is_diffusers_repository
from polydocs.snippets.standins.diffusers_build import build_diffusers
from polydocs.snippets.standins.files import SAVERS
from polydocs.snippets.standins.loads import loads_an_adapter, names_a_model
from polydocs.snippets.standins.models import Outcome, StandInRequest, outcome_store, snapshot_dir
from polydocs.typed_json import load


class CannotBuild(Exception):
    """Why a stand-in cannot be made (shown to the page's author as the block's reason)."""


def build_all(requests: list[StandInRequest], profile: str, hf_home: Path) -> dict[str, Outcome]:
    import transformers

    transformers.logging.set_verbosity_error()  # token-id and "no torchvision" warnings of every config
    store = outcome_store(hf_home)
    documented = DocumentedCheckpoints(store, transformers.__version__)
    outcomes = {}
    # Models before adapters: an adapter is made on its base's stand-in, saved with the page's classes.
    for request in sorted(requests, key=lambda r: any(map(loads_an_adapter, r.loaders))):
        try:
            outcomes[request.key] = _build_one(request, profile, hf_home, documented)
        except CannotBuild as cannot:
            outcomes[request.key] = Outcome(request.hub_id or request.task, str(cannot))
        except Exception as error:  # one odd architecture must not cost the other stand-ins of the session
            raised = f"building it raised {type(error).__name__}: {str(error)[:200]}"
            outcomes[request.key] = Outcome(request.hub_id or request.task, raised)
    return outcomes


def _build_one(request: StandInRequest, profile: str, hf_home: Path, documented: Any) -> Outcome:
    hub_id, pinned, loaders = request.hub_id, "", request.loaders
    if any(map(loads_an_adapter, loaders)):
        return build_adapter(
            request, profile, hf_home, lambda base: _build_one(base, profile, hf_home, documented)
        )
    if hub_id and is_diffusers_repository(hub_id, loaders):
        return build_diffusers(request, profile, hf_home)
    if not hub_id:
        hub_id, pinned, loaders = _pipeline_default(request.task)
    found = _model_type(hub_id, request, loaders, documented)
    model_type, derived_from = found
    snapshot = snapshot_dir(hf_home, hub_id, profile)
    if not (snapshot / "config.json").exists():
        _make(snapshot, hub_id, model_type, request.override, loaders, profile)
    refs = snapshot.parents[1] / "refs"
    refs.mkdir(exist_ok=True)
    for name in {"main", pinned} - {""}:  # a pipeline's default is loaded at the revision transformers pins
        (refs / name).write_text(snapshot.name)
    return Outcome(hub_id, "", derived_from)


def _model_type(
    hub_id: str, request: StandInRequest, loaders: tuple[str, ...], documented: Any
) -> tuple[str, str]:
    if request.override:
        return str(request.override["model_type"]), "an override"
    if request.fine_tuned_from:  # the page says what this model is: the checkpoint it fine-tunes into it
        for loader in (*loaders, ""):
            found = model_type_of(request.fine_tuned_from, loader, documented)
            if found is not None:
                return found[0], f"the page fine-tunes {request.fine_tuned_from} into it ({found[1]})"
    for loader in (*loaders, ""):
        found = model_type_of(hub_id, loader, documented)
        if found is not None:
            return found
    if _loads_a_causal_lm(loaders, request.task):
        default = _pipeline_default("text-generation")[0]
        found = model_type_of(default, "", documented)
        if found is not None:
            return found[0], f"any causal LM: the page loads it as one ({default}'s architecture stands in)"
    raise CannotBuild(
        "its architecture cannot be derived (no configuration class documents it,"
        " and no model type is a word of it)"
    )


def _loads_a_causal_lm(loaders: tuple[str, ...], task: str) -> bool:
    """Whether the page loads the id as a causal LM: `AutoModelForCausalLM` or a text-generation pipeline.

    Then any causal LM's stand-in runs what the page runs (tokens in, logits and `generate` out, the
    tokenizer and chat template of the stand-in), so one whose architecture nothing names
    (`EleutherAI/pythia-160m`, `HuggingFaceH4/zephyr-7b-beta`) gets the architecture of transformers' own
    text-generation default instead of blocking the page."""
    if "AutoModelForCausalLM" in loaders:
        return True
    if "pipeline" not in loaders or not task:
        return False
    from transformers.pipelines import check_task

    try:
        return bool(check_task(task)[0] == "text-generation")
    except (KeyError, ValueError):
        return False


def _pipeline_default(task: str) -> tuple[str, str, tuple[str, ...]]:
    from transformers.pipelines import check_task

    try:
        _, targeted, _ = check_task(task)
    except (KeyError, ValueError) as error:
        raise CannotBuild(f"pipeline task {task!r} is unknown ({error})") from None
    default = targeted.get("default", {}).get("model")
    if isinstance(default, dict):
        default = default.get("pt")
    if not default:
        raise CannotBuild(f"pipeline task {task!r} has no default model; the page must name one")
    classes = targeted.get("pt", ())
    return default[0], default[1], tuple(c.__name__ for c in classes)


def _make(
    snapshot: Path, hub_id: str, model_type: str, override: dict, loaders: tuple[str, ...], profile: str
) -> None:
    import transformers

    partial = snapshot.with_name(snapshot.name + ".partial")
    levels = ("exact",) if override.get("exact") else ("tiny", "shallow") if profile == "tiny" else ("full",)
    problems = []
    for level in levels:
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        try:
            config = _config(transformers, model_type, dict(override.get("config", {})), level)
            model_class = _model_class(transformers, override.get("model_class", ""), loaders, config)
            saved = _save(partial, config, model_class, model_type, profile)
            _check(partial, model_class, saved)
        except Exception as error:  # whatever transformers raises for an odd architecture: try smaller/bigger
            problems.append(
                f"{level}: {type(error).__name__}: {str(error).splitlines()[0][:200] if str(error) else ''}"
            )
            continue
        note = {"note": "random weights, built by polydocs", "model_type": model_type, "level": level}
        (partial / "polydocs-stand-in.json").write_text(json.dumps({**note, "files": saved}))
        shutil.rmtree(snapshot, ignore_errors=True)
        partial.rename(snapshot)
        return
    shutil.rmtree(partial, ignore_errors=True)
    raise CannotBuild(f"the derived {model_type} stand-in does not run ({'; '.join(problems)})")


def _config(transformers: Any, model_type: str, values: dict[str, Any], level: str) -> Any:
    config = transformers.AutoConfig.for_model(model_type, **values)
    settings = config.to_dict()
    for key in ("use_timm_backbone", "use_pretrained_backbone"):  # timm is not installed; nothing downloads
        if key in settings:
            settings[key] = False
    if importlib.util.find_spec("timm") is None:
        _transformers_backbones(transformers, settings)
    if level in ("tiny", "shallow"):
        settings = shrink(settings, level)
    return type(config).from_dict(settings)


def _transformers_backbones(transformers: Any, settings: dict[str, Any]) -> None:
    """DETR-like models default to a timm backbone; without timm, transformers' own ResNet stands in."""
    for key, value in settings.items():
        if isinstance(value, dict) and value.get("model_type") == "timm_backbone":
            stages = value.get("out_indices") or [1, 2, 3, 4]
            settings[key] = transformers.ResNetConfig(out_indices=stages, depths=[1] * 4).to_dict()
            if "backbone" in settings:
                settings["backbone"] = None
        elif isinstance(value, dict):
            _transformers_backbones(transformers, value)


def _model_class(transformers: Any, chosen: str, loaders: tuple[str, ...], config: Any) -> Any:
    """The class whose weights are saved: the override's, else the first model class the page loads it
    with (any head loads from them: missing heads start random), else the model type's base model."""
    for name in (chosen, *loaders):
        model_class = getattr(transformers, name, None) if name else None
        if model_class is not None and names_a_model(name):
            if not model_class.__name__.startswith("Auto"):
                return model_class
            # transformers' private part, in its adapter (checked against the installed version there).
            from polydocs.transformers_private import auto_class_has_head

            if auto_class_has_head(model_class, config):
                return model_class
    return transformers.AutoModel


def _save(folder: Path, config: Any, model_class: Any, model_type: str, profile: str) -> list[str]:
    import torch

    def construct() -> Any:
        # Auto classes build from a config with `from_config`; concrete classes take the config itself.
        auto = model_class.__name__.startswith("Auto")
        return model_class.from_config(config) if auto else model_class(config)

    with torch.device("meta"):
        large = construct().num_parameters() > 1_000_000_000
    torch.manual_seed(0)
    # Initialised where it will run: a GPU draws billions of random numbers in a second, a CPU in minutes.
    with torch.device("cuda" if torch.cuda.is_available() else "cpu"):
        model = construct()
    if large:  # the real checkpoints of billion-parameter models are half precision
        model = model.to(torch.bfloat16)
    model.save_pretrained(folder)
    saved = ["config", "weights"]
    for saver in SAVERS:
        try:
            what = saver(folder, model.config, model_type)
        except Exception:  # a registered class this environment cannot make: the page's load is then blocked
            what = ""
        if what:
            saved.append(what)
    return saved


def _check(folder: Path, model_class: Any, saved: list[str]) -> None:
    """Load the folder through the real `from_pretrained` and run one forward pass."""
    import torch
    from transformers import AutoTokenizer

    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = model_class.from_pretrained(folder, device_map=device).eval()
    if "tokenizer" in saved:
        AutoTokenizer.from_pretrained(folder)("Hello world")
    problems = []
    with torch.no_grad():
        for inputs in forward_inputs(model, device):
            try:
                model(**inputs)
                return
            except Exception as error:  # try the next input set; report them all if none fits
                problems.append(f"{sorted(inputs)}: {type(error).__name__}: {str(error)[:120]}")
    raise CannotBuild("no forward pass ran: " + "; ".join(problems))


def forward_inputs(model: Any, device: str) -> list[dict[str, Any]]:
    """Input sets to try, from the config: tokens, pixels, audio, and both for multimodal models."""
    import torch

    config = model.config
    text = config.get_text_config()
    vision = getattr(config, "vision_config", None) or config
    size = getattr(vision, "image_size", None) or 224
    size = tuple(size)[-2:] if isinstance(size, list | tuple) else (int(size), int(size))
    channels = getattr(vision, "num_channels", 3)
    vocab = int(getattr(text, "vocab_size", 0) or 100)
    tokens = {"input_ids": torch.randint(5, max(6, min(vocab, 200)), (1, 8), device=device)}
    pixels = {"pixel_values": torch.randn(1, channels, *size, device=device, dtype=model.dtype)}
    audio = {"input_values": torch.randn(1, 16000, device=device, dtype=model.dtype)}
    mels = getattr(config, "num_mel_bins", None)
    frames = 2 * int(getattr(config, "max_source_positions", 1500) or 1500)
    # A multiple-choice head takes (batch, choices, tokens): the same tokens as two choices.
    choices = {"input_ids": tokens["input_ids"].unsqueeze(1).expand(-1, 2, -1)}
    sets: list[dict[str, Any]] = {
        "input_ids": [tokens, {**tokens, **pixels}, choices],
        "pixel_values": [pixels, {**tokens, **pixels}],
        "input_values": [audio],
        "input_features": [
            {"input_features": torch.randn(1, mels or 80, frames, device=device, dtype=model.dtype)}
        ],
    }.get(model.main_input_name, [tokens, pixels, audio])
    if getattr(config, "is_encoder_decoder", False):
        start = int(getattr(config, "decoder_start_token_id", None) or 0)
        decoder = {"decoder_input_ids": torch.full((1, 4), start, device=device)}
        sets = [{**inputs, **decoder} for inputs in sets] + sets
    return sets


def main(requests_file: str, profile: str, hf_home: str, outcomes_file: str) -> int:
    requests = [load(StandInRequest, item) for item in json.loads(Path(requests_file).read_text())]
    outcomes = build_all(requests, profile, Path(hf_home))
    Path(outcomes_file).write_text(json.dumps({key: asdict(o) for key, o in outcomes.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
