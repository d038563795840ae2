"""Local stand-ins for Hub models: a Hugging Face cache folder the library's real `from_pretrained` reads.

Building a stand-in imports torch and transformers, so it runs in a subprocess of its own
(`python -m polydocs.snippets.standins HUB_ID PROFILE HF_HOME`); the pytest process never imports them.
Image URLs have stand-ins too, served inside the session process: see `standins_web.py`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic

PROFILES = ("tiny", "full")
_BUILDER_VERSION = "2"  # bump when a stand-in's files change shape, so cached folders are rebuilt
# A string literal, so that `pipeline("image-classification", model="org/name")` finds the model id.
_ARGUMENT_SKIP = r"""(?:[^()'"]|'[^'\n]*'|"[^"\n]*")*?"""
_HUB_ID_CALL = re.compile(
    rf"""(?:from_pretrained|pipeline)\s*\((?:{_ARGUMENT_SKIP}\bmodel\s*=\s*)?\s*(?P<quote>['"])"""
    r"""(?P<id>\w[\w.-]*/\w[\w.-]*)(?P=quote)"""  # a Hub name starts with a letter or digit, not "./"
)

# What a stand-in folder holds besides config.json and model.safetensors.
Extra = Callable[[Path, Any], None]


@dataclass(frozen=True)
class StandIn:
    """A Hub id, the config of each profile, the auto class that builds it, and the files loaders need."""

    hub_id: str
    model_type: str
    configs: dict[str, dict[str, Any]]
    model_class: str  # a transformers auto class: the architecture whose random weights are saved
    extras: tuple[str, ...]  # names in _EXTRAS, saved beside the weights


def _gemma_2b() -> StandIn:
    full = dict(
        vocab_size=256000,
        hidden_size=2048,
        intermediate_size=16384,
        num_hidden_layers=18,
        num_attention_heads=8,
        num_key_value_heads=1,
        head_dim=256,
        max_position_embeddings=8192,
        dtype="bfloat16",
    )
    tiny = dict(
        full,
        vocab_size=1024,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=2,
        head_dim=32,
        max_position_embeddings=512,
        dtype="float32",
    )
    return StandIn(
        "google/gemma-2b",
        "gemma",
        {"full": full, "tiny": tiny},
        "AutoModelForCausalLM",
        ("tokenizer", "generation_config"),
    )


def _vit_base_patch16_224() -> StandIn:
    # The image and patch sizes stay real in both profiles: pages build 224x224 inputs by hand.
    full = dict(
        hidden_size=768,
        num_hidden_layers=12,
        num_attention_heads=12,
        intermediate_size=3072,
        image_size=224,
        patch_size=16,
        num_labels=1000,
        dtype="float32",
    )
    tiny = dict(full, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64)
    return StandIn(
        "google/vit-base-patch16-224",
        "vit",
        {"full": full, "tiny": tiny},
        "AutoModelForImageClassification",
        ("image_processor",),
    )


# Add a stand-in: one function returning StandIn, listed here.
REGISTRY: dict[str, Callable[[], StandIn]] = {
    "google/gemma-2b": _gemma_2b,
    "google/vit-base-patch16-224": _vit_base_patch16_224,
}
REGISTRY_FILE = "src/polydocs/snippets/standins.py"


def hub_ids_in(code: str) -> list[tuple[str, int]]:
    """Hub ids passed to `from_pretrained(...)` / `pipeline(model=...)`, with their 0-based line in `code`."""
    found = []
    for match in _HUB_ID_CALL.finditer(code):
        found.append((match.group("id"), code.count("\n", 0, match.start("id"))))
    return found


def missing_stand_in(path: str, line: int, hub_id: str) -> Diagnostic:
    return Diagnostic(
        path,
        line,
        "snippet-standin",
        f"no stand-in for {hub_id}",
        f'add one in {REGISTRY_FILE} (REGISTRY), or skip the block with <!-- polydocs: skip reason="..." -->',
        "error",
    )


def _revision(hub_id: str, profile: str) -> str:
    return hashlib.sha1(f"{hub_id}:{profile}:{_BUILDER_VERSION}".encode()).hexdigest()


def snapshot_dir(hf_home: Path, hub_id: str, profile: str) -> Path:
    repo = "models--" + hub_id.replace("/", "--")
    return hf_home / "hub" / repo / "snapshots" / _revision(hub_id, profile)


def ensure_stand_ins(hub_ids: list[str], profile: str, hf_home: Path) -> None:
    """Build the missing stand-ins (in a subprocess each, one builder at a time across workers)."""
    hf_home.mkdir(parents=True, exist_ok=True)
    with open(hf_home / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for hub_id in sorted(set(hub_ids)):
            if (snapshot_dir(hf_home, hub_id, profile) / "config.json").exists():
                continue
            env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=_package_root())
            subprocess.run(
                [sys.executable, "-m", "polydocs.snippets.standins", hub_id, profile, str(hf_home)],
                check=True,
                env=env,
                stdout=subprocess.DEVNULL,
            )


def _package_root() -> str:
    root = str(Path(__file__).resolve().parents[2])
    existing = os.environ.get("PYTHONPATH")
    return f"{root}{os.pathsep}{existing}" if existing else root


def _build(hub_id: str, profile: str, hf_home: Path) -> None:
    import torch
    import transformers
    from safetensors.torch import save_file

    transformers.logging.set_verbosity_error()  # e.g. "no torchvision, using the PIL image processor"
    stand_in = REGISTRY[hub_id]()
    snapshot = snapshot_dir(hf_home, hub_id, profile)
    partial = snapshot.with_name(snapshot.name + ".partial")
    partial.mkdir(parents=True, exist_ok=True)
    config = transformers.AutoConfig.for_model(stand_in.model_type, **stand_in.configs[profile])
    config.save_pretrained(partial)
    with torch.device("meta"):
        model = getattr(transformers, stand_in.model_class).from_config(config)
    # Random weights written straight to safetensors: initialising a 2.5B model on the CPU is slow.
    device = "cuda" if torch.cuda.is_available() else "cpu"  # a GPU draws 2.5B numbers in well under a second
    generator = torch.Generator(device).manual_seed(0)
    tensors, seen = {}, set()
    dtype = getattr(torch, str(stand_in.configs[profile].get("dtype", "float32")))
    for name, tensor in model.state_dict(keep_vars=True).items():
        if id(tensor) in seen:  # tied weights (lm_head = embed_tokens) are stored once
            continue
        seen.add(id(tensor))
        tensors[name] = (torch.randn(tensor.shape, generator=generator, device=device) * 0.02).to(dtype).cpu()
    save_file(tensors, str(partial / "model.safetensors"), metadata={"format": "pt"})
    for extra in stand_in.extras:
        _EXTRAS[extra](partial, config)
    (partial / "polydocs-stand-in.json").write_text(json.dumps({"note": "random weights, built by polydocs"}))
    partial.rename(snapshot)
    refs = snapshot.parents[1] / "refs"
    refs.mkdir(exist_ok=True)
    (refs / "main").write_text(snapshot.name)


def _save_tokenizer(folder: Path, config: Any) -> None:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    # Gemma's special ids: pad 0, eos 1, bos 2, unk 3; the rest are the 256 byte-level symbols.
    specials = ["<pad>", "<eos>", "<bos>", "<unk>"]
    alphabet = pre_tokenizers.ByteLevel.alphabet()
    vocab = {token: index for index, token in enumerate([*specials, *sorted(alphabet)])}
    if len(vocab) > config.vocab_size:
        raise ValueError(f"tokenizer needs {len(vocab)} ids but the config has {config.vocab_size}")
    tokenizer = Tokenizer(models.BPE(vocab=vocab, merges=[], unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="<bos> $A", pair="<bos> $A <bos> $B", special_tokens=[("<bos>", vocab["<bos>"])]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, bos_token="<bos>", eos_token="<eos>", pad_token="<pad>", unk_token="<unk>"
    )
    fast.save_pretrained(folder)


def _save_generation_config(folder: Path, config: Any) -> None:
    from transformers import GenerationConfig

    # The Hub repo's generation_config.json: the special ids generate() and pipelines read.
    GenerationConfig.from_model_config(config).save_pretrained(folder)


def _save_image_processor(folder: Path, config: Any) -> None:
    from transformers import ViTImageProcessor

    # preprocessor_config.json as the Hub repo has it (image_processor_type "ViTImageProcessor"); without
    # torchvision transformers builds the PIL backend from the same file.
    size = {"height": config.image_size, "width": config.image_size}
    ViTImageProcessor(size=size, image_mean=[0.5] * 3, image_std=[0.5] * 3).save_pretrained(folder)


_EXTRAS: dict[str, Extra] = {
    "tokenizer": _save_tokenizer,
    "generation_config": _save_generation_config,
    "image_processor": _save_image_processor,
}


if __name__ == "__main__":
    _build(sys.argv[1], sys.argv[2], Path(sys.argv[3]))
