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


class DocumentedCheckpoints:
    """`documented_checkpoints`, read or built on the first lookup: a build whose every id has an
    override, names its model's class or is a diffusers pipeline never imports every configuration."""

    def __init__(self, store: CacheStore, version: str) -> None:
        self._store = store
        self._version = version
        self._index: dict[str, list[str]] | None = None

    def get(self, hub_id: str, default: list[str]) -> list[str]:
        if self._index is None:
            self._index = documented_checkpoints(self._store, self._version)
        return self._index.get(hub_id, default)


def _checkpoint_index(data: Any) -> dict[str, list[str]]:
    if not isinstance(data, dict):
        raise ValueError("not a checkpoint index")
    return {str(key): [str(v) for v in value] for key, value in data.items()}


def model_type_of(hub_id: str, loader: str, documented: DocumentedCheckpoints) -> tuple[str, str] | None:
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
    """The longest model type that starts a word of the id's name (`flan-t5-base` -> t5), else the longest
    of four letters or more that ends one (`distilgpt2` -> gpt2, `TinyLlama-1.1B` -> llama, `herbert` ->
    bert: a compound names its base architecture last; shorter types end too many plain words: `led` in
    `distilled`, `bit` in `orbit`)."""
    name = "-" + _normal(hub_id.rsplit("/", 1)[-1])
    starting, ending = None, None
    for model_type in model_types:
        word = _normal(model_type)
        at = name.find(word)
        while at >= 0:
            after = name[at + len(word) : at + len(word) + 1]
            if not after.isalpha():
                if name[at - 1] == "-" and (starting is None or len(word) > len(_normal(starting))):
                    starting = model_type
                elif name[at - 1].isalpha() and len(word) >= 4:
                    if ending is None or len(word) > len(_normal(ending)):
                        ending = model_type
            at = name.find(word, at + 1)
    return starting or ending


def shrink(values: dict[str, Any], level: str) -> dict[str, Any]:
    """A configuration dict made small: `tiny` shrinks layers, widths, heads and vocabulary, `shallow`
    only layers. Image, patch and audio sizes stay: pages build those inputs by hand."""
    shrunk = dict(values)
    for key, value in values.items():
        if isinstance(value, dict) and ("model_type" in value or key.endswith("_config")):
            shrunk[key] = shrink(value, level)
        elif isinstance(value, int) and not isinstance(value, bool):
            shrunk[key] = _smaller(key, value, level)
    for key in _LAYERS:
        if isinstance(values.get(key), int) and shrunk[key] < values[key]:
            _keep_layers(shrunk, key, values[key])
    if level == "tiny" and isinstance(shrunk.get("vocab_size"), int):
        _clamp_token_ids(shrunk, int(shrunk["vocab_size"]))
    return shrunk


def _keep_layers(values: dict[str, Any], key: str, before: int) -> None:
    """Make everything said per layer agree with the fewer layers `values[key]` now counts.

    Per layer are the lists as long as the layers were (`layer_types`, `mlp_layer_types`, an
    `intermediate_size` per layer), the dicts keyed by layer index (`per_layer_config`) and the stages a
    backbone outputs (`out_indices`, into `stage_names`: 'stem', 'stage1', ...). The layers kept are one of
    each kind the lists name (a full-attention layer among sliding ones, a dense MLP among sparse ones),
    then the first ones, in their order; the layer count grows to hold every kind and every output stage.
    """
    lists = [k for k, v in values.items() if isinstance(v, list) and len(v) == before and k != "stage_names"]
    indexed = [k for k, v in values.items() if "layer" in k and _keyed_by_layer(v, before)]
    kinds = [k for k in lists if all(isinstance(item, str | bool) or item is None for item in values[k])]
    rows = [tuple(values[k][i] for k in kinds) for i in range(before)]
    kept = sorted({rows.index(row) for row in rows})  # the first layer of each kind
    outputs = values.get("out_indices")
    outputs = list(outputs) if isinstance(outputs, list) else []
    stages = sorted({i for i in outputs if isinstance(i, int) and i > 0})
    count = max(values[key], len(kept), len(stages))
    kept = sorted(kept + [i for i in range(before) if i not in kept][: count - len(kept)])
    values[key] = len(kept)
    for name in lists:
        values[name] = [values[name][i] for i in kept]
    for name in indexed:
        width = len(next(iter(values[name])))
        values[name] = {
            f"{kept.index(int(k)):0{width}d}" if isinstance(k, str) else kept.index(k): v
            for k, v in values[name].items()
            if int(k) in kept
        }
    if stages and isinstance(values.get("stage_names"), list) and len(values["stage_names"]) == before + 1:
        # The output stages keep their order, on the last of the layers kept (the stem stays the stem).
        mapped = {s: len(kept) - len(stages) + 1 + n for n, s in enumerate(stages)}
        values["out_indices"] = [mapped.get(i, 0) if isinstance(i, int) else i for i in outputs]
        values["stage_names"] = ["stem", *(f"stage{i}" for i in range(1, len(kept) + 1))]
        values["out_features"] = [values["stage_names"][i] for i in values["out_indices"]]


def _keyed_by_layer(value: Any, layers: int) -> bool:
    """A non-empty dict whose keys are layer indices (ints, or digits as `per_layer_config` writes them)."""
    return (
        isinstance(value, dict) and bool(value) and all(str(k).isdigit() and int(k) < layers for k in value)
    )


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
