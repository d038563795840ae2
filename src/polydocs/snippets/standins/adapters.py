"""Stand-ins for peft adapters: an adapter repository made on the stand-in of its base model.

Runs in the stand-in builder's subprocess (it imports torch, transformers and peft). A page loads an
adapter onto a model (`PeftModel.from_pretrained(base_model, "org/adapter")`, `model.load_adapter(...)`)
or with its base (`AutoPeftModelForCausalLM.from_pretrained("org/adapter")`, which reads the adapter's
`base_model_name_or_path`). The base is the model the page loaded it onto; else a stand-in derived from
the adapter's own id (`ybelkada/opt-350m-lora` -> opt), saved under `<adapter id>.base`. The adapter is
a LoRA on every linear layer of that base (peft's `target_modules="all-linear"`), of the task type of the
peft class the page names, saved with peft's own `save_pretrained`, with the base's tokenizer files beside
it (adapter repositories carry them), then loaded back onto the base and run once.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from polydocs.snippets.standins.loads import derived_base
from polydocs.snippets.standins.models import Outcome, StandInRequest, snapshot_dir

_MODEL_FILES = ("config.json", "generation_config.json", "polydocs-stand-in.json")


def build_adapter(
    request: StandInRequest, profile: str, hf_home: Path, build_base: Callable[[StandInRequest], Outcome]
) -> Outcome:
    try:
        import peft
    except ImportError:
        return Outcome(request.hub_id, "module peft is not installed (the `check` extra installs it)")
    task_type, base_class = _peft_task(peft, request.loaders)
    base_id = request.adapter_of or derived_base(request.hub_id)
    base = build_base(StandInRequest(base_id, (base_class,) if base_class else ()))
    if base.problem:
        return Outcome(request.hub_id, f"its base model {base_id} has no stand-in: {base.problem}")
    snapshot = snapshot_dir(hf_home, request.hub_id, profile)
    if not (snapshot / "adapter_config.json").exists():
        _make(peft, snapshot, snapshot_dir(hf_home, base.hub_id, profile), base_id, task_type)
    refs = snapshot.parents[1] / "refs"
    refs.mkdir(exist_ok=True)
    (refs / "main").write_text(snapshot.name)
    # An adapter repository has no config.json: the Hub cache's own record of files a revision lacks
    # (`.no_exist/`) lets offline loaders (AutoTokenizer reads the config first) know it, as online.
    missing = snapshot.parents[1] / ".no_exist" / snapshot.name
    missing.mkdir(parents=True, exist_ok=True)
    for name in _MODEL_FILES[:2]:
        (missing / name).touch()
    return Outcome(request.hub_id, "", f"a LoRA adapter on the stand-in of {base_id}")


def _peft_task(peft: Any, loaders: tuple[str, ...]) -> tuple[str | None, str]:
    """The task type and base model class of the first peft class the page names (`AutoPeftModelForCausalLM`:
    CAUSAL_LM on `AutoModelForCausalLM`); none for `PeftModel` and `load_adapter`."""
    by_class = {cls: task for task, cls in peft.MODEL_TYPE_TO_PEFT_MODEL_MAPPING.items()}
    for loader in loaders:
        found = getattr(peft, loader, None)
        target = getattr(found, "_target_peft_class", None) or found
        if target in by_class:
            base_class = getattr(found, "_target_class", None)
            return by_class[target], base_class.__name__ if base_class is not None else ""
    return None, ""


def _make(peft: Any, snapshot: Path, base_folder: Path, base_id: str, task_type: str | None) -> None:
    import torch
    import transformers

    # The class whose weights the base's stand-in saved: the one the page loads it with.
    architectures = json.loads((base_folder / "config.json").read_text()).get("architectures") or [
        "AutoModel"
    ]
    model_class = getattr(transformers, architectures[0], transformers.AutoModel)
    partial = snapshot.with_name(snapshot.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    torch.manual_seed(0)
    config = peft.LoraConfig(r=8, lora_alpha=16, target_modules="all-linear", task_type=task_type)
    model = peft.get_peft_model(model_class.from_pretrained(base_folder), config)
    model.save_pretrained(partial)
    written = json.loads((partial / "adapter_config.json").read_text())
    written["base_model_name_or_path"] = base_id  # where the page's own loading finds the base
    (partial / "adapter_config.json").write_text(json.dumps(written, indent=2))
    for file in base_folder.iterdir():
        if file.is_file() and file.name not in _MODEL_FILES and file.suffix != ".safetensors":
            shutil.copy(file, partial / file.name)
    # Here, not at the top: build.py imports this module.
    from polydocs.snippets.standins.build import CannotBuild, forward_inputs

    loaded = peft.PeftModel.from_pretrained(model_class.from_pretrained(base_folder), partial).eval()
    problems = []
    with torch.no_grad():  # the inputs the base takes: tokens, or a speech model's features (Whisper)
        for inputs in forward_inputs(loaded.get_base_model(), "cpu"):
            try:
                loaded(**inputs)
                break
            except Exception as error:  # try the next input set; report them all if none fits
                problems.append(f"{sorted(inputs)}: {type(error).__name__}: {str(error)[:120]}")
        else:
            raise CannotBuild("the adapter ran no forward pass: " + "; ".join(problems))
    shutil.rmtree(snapshot, ignore_errors=True)
    partial.rename(snapshot)
