"""Models built from their configurations with random weights (nothing is downloaded), and their inputs.

Timing does not depend on weight values, so a randomly initialised model of the right architecture
measures what the pretrained checkpoint would. `smoke=True` gives tiny versions for a CPU check.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

# Input image side per model, as their image processors produce (DETR resizes the short side to 800).
IMAGE_SIZES = {
    "vit-base": 224,
    "convnext-tiny": 224,
    "resnet-50": 224,
    "detr-resnet-50": 800,
    "segformer-b0": 512,
}
SMOKE_IMAGE_SIZE = 64
PROMPT_TOKENS = 128
NEW_TOKENS = 128
SMOKE_TOKENS = 8


def _detr_config(transformers: Any, smoke: bool) -> Any:
    backbone = transformers.ResNetConfig(out_features=["stage4"])
    if smoke:
        backbone = transformers.ResNetConfig(
            embedding_size=8, hidden_sizes=[8, 16, 16, 16], depths=[1, 1, 1, 1], out_features=["stage4"]
        )
    options: dict[str, Any] = {"backbone_config": backbone}
    # Older transformers releases default to a timm backbone with pretrained weights; newer ones dropped
    # these switches. Set them only where they exist, so that nothing is ever downloaded.
    parameters = inspect.signature(transformers.DetrConfig.__init__).parameters
    if "use_timm_backbone" in parameters:
        options["use_timm_backbone"] = False
    if "use_pretrained_backbone" in parameters:
        options["use_pretrained_backbone"] = False
    if smoke:
        options.update(
            d_model=16,
            encoder_layers=1,
            decoder_layers=1,
            encoder_ffn_dim=32,
            decoder_ffn_dim=32,
            encoder_attention_heads=2,
            decoder_attention_heads=2,
            num_queries=10,
        )
    return transformers.DetrConfig(**options)


def _vision_model(name: str, smoke: bool) -> Any:
    transformers: Any = importlib.import_module("transformers")

    if name == "vit-base":
        tiny: dict[str, Any] = {
            "hidden_size": 32,
            "num_hidden_layers": 1,
            "num_attention_heads": 2,
            "intermediate_size": 64,
        }
        config = transformers.ViTConfig(
            image_size=SMOKE_IMAGE_SIZE if smoke else 224, **(tiny if smoke else {})
        )
        return transformers.ViTForImageClassification(config)
    if name == "convnext-tiny":
        tiny = {"hidden_sizes": [8, 16, 16, 16], "depths": [1, 1, 1, 1]}
        return transformers.ConvNextForImageClassification(
            transformers.ConvNextConfig(**(tiny if smoke else {}))
        )
    if name == "resnet-50":
        tiny = {"embedding_size": 8, "hidden_sizes": [8, 16, 16, 16], "depths": [1, 1, 1, 1]}
        return transformers.ResNetForImageClassification(transformers.ResNetConfig(**(tiny if smoke else {})))
    if name == "detr-resnet-50":
        return transformers.DetrForObjectDetection(_detr_config(transformers, smoke))
    if name == "segformer-b0":
        tiny = {"hidden_sizes": [8, 8, 16, 16], "depths": [1, 1, 1, 1], "decoder_hidden_size": 16}
        config = transformers.SegformerConfig(**(tiny if smoke else {}))
        return transformers.SegformerForSemanticSegmentation(config)
    raise ValueError(f"unknown vision model {name!r}")


def _gemma_2b_config(transformers: Any, smoke: bool) -> Any:
    # The same published google/gemma-2b configuration the snippet checker's stand-in uses.
    from polydocs.snippets.standins.models import REGISTRY

    settings = REGISTRY["google/gemma-2b"]().configs["tiny" if smoke else "full"]
    return transformers.GemmaConfig(**{key: value for key, value in settings.items() if key != "dtype"})


def build_model(name: str, device: str, dtype_name: str, smoke: bool) -> Any:
    """A model in eval mode on `device` in `dtype_name`, with random weights."""
    import torch

    transformers: Any = importlib.import_module("transformers")
    torch.manual_seed(0)
    # Initialise on the target device: filling a 2.5B-parameter model on the CPU takes far longer.
    with torch.device(device):
        if name == "gemma-2b":
            model = transformers.GemmaForCausalLM(_gemma_2b_config(transformers, smoke))
        else:
            model = _vision_model(name, smoke)
    return model.to(dtype=getattr(torch, dtype_name)).eval()


def model_inputs(name: str, batch: int, device: str, dtype_name: str, smoke: bool) -> dict[str, Any]:
    """Random inputs of the shape the model's preprocessing would give."""
    import torch

    generator = torch.Generator(device="cpu").manual_seed(1)
    if name == "gemma-2b":
        tokens = SMOKE_TOKENS if smoke else PROMPT_TOKENS
        vocab = 1000 if smoke else 256000
        input_ids = torch.randint(3, vocab, (batch, tokens), generator=generator)
        return {"input_ids": input_ids.to(device), "attention_mask": torch.ones_like(input_ids).to(device)}
    side = SMOKE_IMAGE_SIZE if smoke else IMAGE_SIZES[name]
    pixels = torch.randn(batch, 3, side, side, generator=generator)
    return {"pixel_values": pixels.to(device=device, dtype=getattr(torch, dtype_name))}


def new_tokens(smoke: bool) -> int:
    return SMOKE_TOKENS if smoke else NEW_TOKENS


def describe_model(name: str, smoke: bool) -> dict[str, Any]:
    """What the results file says about a model's inputs."""
    if name == "gemma-2b":
        tokens = SMOKE_TOKENS if smoke else PROMPT_TOKENS
        return {"prompt_tokens": tokens, "new_tokens": new_tokens(smoke)}
    side = SMOKE_IMAGE_SIZE if smoke else IMAGE_SIZES[name]
    return {"image_size": side}
