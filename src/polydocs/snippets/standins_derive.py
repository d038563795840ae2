"""Which architecture a Hub id has, read from transformers itself, and a generic `tiny` configuration.

Runs in the stand-in builder's subprocess (it imports transformers). The model type comes, in order, from
the concrete class the page calls (`SegformerForSemanticSegmentation`), from the checkpoint a
configuration class's documentation names ("a similar configuration to that of the [org/name](...)"),
and from model-type words in the id (`meta-llama/Llama-3.2-1B` -> llama).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from polydocs.cache import CacheStore

_DOCUMENTED_CHECKPOINT = re.compile(r"similar configuration to that of\s+the\s+\[(?P<id>[\w.-]+/[\w.-]+)\]")
# Sizes `tiny` shrinks, by the names transformers' configurations give them (their nested ones too).
_LAYERS: tuple[str, ...] = ("num_hidden_layers", "num_layers", "n_layer", "n_layers", "encoder_layers")
_LAYERS += ("decoder_layers", "num_encoder_layers", "num_decoder_layers", "text_layers", "vision_layers")
_WIDTHS = ("hidden_size", "d_model", "n_embd", "dim", "embed_dim", "projection_dim", "text_embed_dim")
_FEED_FORWARD: tuple[str, ...] = ("intermediate_size", "ffn_dim", "encoder_ffn_dim", "decoder_ffn_dim")
_FEED_FORWARD += ("d_ff", "n_inner", "hidden_dim")  # hidden_dim: DistilBERT's
_HEADS: tuple[str, ...] = ("num_attention_heads", "n_head", "n_heads", "encoder_attention_heads")
_HEADS += ("decoder_attention_heads", "num_heads")
_TINY = {"layers": 2, "width": 64, "feed_forward": 128, "heads": 2, "head_dim": 32, "vocab": 32768}


def documented_checkpoints(store: CacheStore, version: str) -> dict[str, list[str]]:
    """Checkpoint id -> the model types whose configuration documents it (cached: it imports every one)."""
    found = store.read(f"documented-{version}", _checkpoint_index)
    if found is not None:
        return found
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING, CONFIG_MAPPING_NAMES

    index: dict[str, list[str]] = {}
    for model_type in CONFIG_MAPPING_NAMES:
        try:
            doc = CONFIG_MAPPING[model_type].__doc__ or ""
        except (ImportError, KeyError, AttributeError):  # a model whose module needs a missing backend
            continue
        match = _DOCUMENTED_CHECKPOINT.search(doc)
        if match:
            index.setdefault(match.group("id").lower(), []).append(model_type)
    store.write(f"documented-{version}", index)
    return index


def _checkpoint_index(data: Any) -> dict[str, list[str]]:
    if not isinstance(data, dict):
        raise ValueError("not a checkpoint index")
    return {str(key): [str(v) for v in value] for key, value in data.items()}


def model_type_of(hub_id: str, loader: str, documented: dict[str, list[str]]) -> tuple[str, str] | None:
    """The model type and how it was found, or None."""
    import transformers
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    config_class = getattr(getattr(transformers, loader, None), "config_class", None)
    model_type = getattr(config_class, "model_type", "")
    if model_type in CONFIG_MAPPING_NAMES:
        return model_type, f"the class {loader}"
    named = _type_in_words(hub_id, list(CONFIG_MAPPING_NAMES))
    candidates = documented.get(hub_id.lower(), [])
    if candidates:
        chosen = named if named in candidates else candidates[0]
        return chosen, f"{CONFIG_MAPPING_NAMES[chosen]}'s documentation"
    if named:
        return named, f"the word {named!r} in the id"
    return None


def _normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower())


def _type_in_words(hub_id: str, model_types: list[str]) -> str | None:
    """The longest model type that starts a word of the id's name (`flan-t5-base` -> t5)."""
    name = "-" + _normal(hub_id.rsplit("/", 1)[-1])
    best = None
    for model_type in model_types:
        word = _normal(model_type)
        at = name.find("-" + word)
        while at >= 0:
            after = name[at + 1 + len(word) : at + 2 + len(word)]
            if not after.isalpha() and (best is None or len(word) > len(_normal(best))):
                best = model_type
            at = name.find("-" + word, at + 1)
    return best


def shrink(values: dict[str, Any], level: str) -> dict[str, Any]:
    """A configuration dict made small: `tiny` shrinks layers, widths, heads and vocabulary, `shallow`
    only layers. Image, patch and audio sizes stay: pages build those inputs by hand."""
    shrunk = dict(values)
    for key, value in values.items():
        if isinstance(value, dict) and ("model_type" in value or key.endswith("_config")):
            shrunk[key] = shrink(value, level)
        elif isinstance(value, int) and not isinstance(value, bool):
            shrunk[key] = _smaller(key, value, level)
    layers = shrunk.get("num_hidden_layers")
    if isinstance(shrunk.get("layer_types"), list) and isinstance(layers, int):  # one type per layer (Qwen3)
        shrunk["layer_types"] = shrunk["layer_types"][:layers]
    if level == "tiny" and isinstance(shrunk.get("vocab_size"), int):
        _clamp_token_ids(shrunk, int(shrunk["vocab_size"]))
    return shrunk


def _smaller(key: str, value: int, level: str) -> int:
    if key in _LAYERS:
        return min(value, _TINY["layers"])
    if level != "tiny" or value <= 0:
        return value
    rules: dict[tuple[str, ...], Callable[[int], int]] = {
        _WIDTHS: lambda v: min(v, _TINY["width"]),
        _FEED_FORWARD: lambda v: min(v, _TINY["feed_forward"]),
        _HEADS: lambda v: min(v, _TINY["heads"]),
        ("num_key_value_heads",): lambda v: 1,
        ("head_dim",): lambda v: min(v, _TINY["head_dim"]),
        ("vocab_size",): lambda v: min(v, _TINY["vocab"]),
    }
    return next((rule(value) for names, rule in rules.items() if key in names), value)


def _clamp_token_ids(values: dict[str, Any], vocab: int) -> None:
    """Special token ids of a vocabulary that `tiny` cut must still be ids of the smaller one."""
    for key, value in list(values.items()):
        if key.endswith("_token_id") and isinstance(value, int) and value >= vocab:
            values[key] = vocab - 1 - value % 64
        elif key.endswith("_token_id") and isinstance(value, list):
            values[key] = [v if not isinstance(v, int) or v < vocab else vocab - 1 - v % 64 for v in value]
        elif key in ("suppress_tokens", "begin_suppress_tokens") and isinstance(value, list):
            values[key] = [v for v in value if isinstance(v, int) and v < vocab]
