"""The names of the benchmarked models and the decimals shown per figure; the section's words are in the
language catalog (`bench.*` keys of `sources/strings/`)."""

from __future__ import annotations

MODEL_NAMES = {
    "vit-base": "ViT-base",
    "convnext-tiny": "ConvNeXt-tiny",
    "resnet-50": "ResNet-50",
    "detr-resnet-50": "DETR (ResNet-50)",
    "segformer-b0": "SegFormer-B0",
    "gemma-2b": "Gemma-2B",
}


def model_name(name: str) -> str:
    """The name a benchmarked model is shown by (the same in every language)."""
    return MODEL_NAMES.get(name, name)


def latency_digits(milliseconds: float) -> int:
    """Decimals shown for a latency: three significant figures or more."""
    if milliseconds < 1:
        return 3
    if milliseconds < 10:
        return 2
    if milliseconds < 100:
        return 1
    return 0
