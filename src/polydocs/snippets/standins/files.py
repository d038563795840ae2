"""The files a stand-in holds besides its config and weights, made from the model type's registered classes:
a fast tokenizer (built locally), image processor, feature extractor, processor and generation config.

Runs in the stand-in builder's subprocess. Each saver writes into the snapshot folder being built and
returns what it saved (empty when the model type has no such class).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

# A chat template for every tokenizer: chat pages call `apply_chat_template` on any model.
CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>\n"
    "{% if message['content'] is string %}{{ message['content'] }}{% else %}"
    "{% for part in message['content'] %}{{ part.get('text', '') }}{% endfor %}{% endif %}"
    "{{ eos_token }}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)
_SPECIAL_ROLES = ("pad_token", "bos_token", "eos_token", "unk_token", "sep_token", "cls_token", "mask_token")
_GENERIC_SPECIALS = {"pad_token": "<pad>", "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>"}


def _registered(mapping: dict[str, Any], model_type: str) -> str:
    """The class name a transformers auto mapping registers for `model_type` (the PIL variant of image
    processors: torchvision is not among the checker's libraries)."""
    entry = mapping.get(model_type)
    if isinstance(entry, dict):
        entry = entry.get("pil") or next(iter(entry.values()), None)
    if isinstance(entry, tuple | list):
        entry = next((name for name in reversed(entry) if name), None)
    return entry or ""


def _class(name: str) -> Any:
    import transformers

    return getattr(transformers, name, None) if name else None


def _special_tokens(tokenizer_class: Any) -> dict[str, str]:
    """The special tokens the model's own tokenizer class uses by default (`[CLS]`, `<|endoftext|>`)."""
    try:
        parameters = inspect.signature(tokenizer_class.__init__).parameters
    except (TypeError, ValueError):
        return dict(_GENERIC_SPECIALS)
    found = {
        role: parameters[role].default
        for role in _SPECIAL_ROLES
        if role in parameters and isinstance(parameters[role].default, str)
    }
    return found or dict(_GENERIC_SPECIALS)


def save_tokenizer(folder: Path, config: Any, model_type: str) -> str:
    """A tokenizer of the kind the model's own tokenizer class builds (characters for the CTC speech
    models' class, a Unigram for XLNet or T5, else a byte-level BPE), with the model's special tokens at
    the config's ids, inside its vocabulary, returning the inputs the class returns (`token_type_ids`
    for BERT, not for DistilBERT: its `model_input_names`), a pair's second segment typed 1."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast
    from transformers.models.auto.tokenization_auto import TOKENIZER_MAPPING_NAMES

    text = config.get_text_config() if hasattr(config, "get_text_config") else config
    vocab_size = int(getattr(text, "vocab_size", 0) or 0)
    name = _registered(TOKENIZER_MAPPING_NAMES, model_type)
    if _reads_one_json_vocabulary(_class(name)):
        return _save_character_tokenizer(folder, _class(name), text, vocab_size)
    specials = _special_tokens(_class(name)) if name else dict(_GENERIC_SPECIALS)
    # A class that builds a Unigram reads `vocab` as (piece, score) pairs: a BPE's dict would not load.
    unigram = getattr(_class(name), "model", None) is models.Unigram
    alphabet = _UNIGRAM_ALPHABET if unigram else pre_tokenizers.ByteLevel.alphabet()
    vocab = _vocabulary(specials, text, alphabet)
    if vocab_size and max(vocab.values()) >= vocab_size:
        return ""  # the vocabulary does not fit; the page's tokenizer load is then blocked
    if unigram:
        by_id = {index: token for token, index in vocab.items()}
        pieces = [(by_id.get(i, f"<unused{i}>"), -1.0 - i / 100) for i in range(max(by_id) + 1)]
        unknown = vocab.get(specials.get("unk_token", ""), None)
        tokenizer = Tokenizer(models.Unigram(pieces, unk_id=unknown, byte_fallback=False))
        tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
        tokenizer.decoder = decoders.Metaspace()
    else:
        tokenizer = Tokenizer(models.BPE(vocab=vocab, merges=[], unk_token=specials.get("unk_token")))
        tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tokenizer.decoder = decoders.ByteLevel()
    if "cls_token" in specials and "sep_token" in specials:
        cls, sep = specials["cls_token"], specials["sep_token"]
        tokenizer.post_processor = processors.TemplateProcessing(
            single=f"{cls} $A {sep}",
            pair=f"{cls} $A {sep} $B:1 {sep}:1",
            special_tokens=[(cls, vocab[cls]), (sep, vocab[sep])],
        )
    inputs = getattr(_class(name), "model_input_names", None) if name else None
    if inputs:
        specials_and_inputs: dict[str, Any] = {**specials, "model_input_names": list(inputs)}
    else:
        specials_and_inputs = dict(specials)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, **specials_and_inputs)
    fast.chat_template = CHAT_TEMPLATE
    if getattr(text, "max_position_embeddings", None):
        fast.model_max_length = int(text.max_position_embeddings)
    fast.save_pretrained(folder)
    return "tokenizer"


# The characters of a character-level stand-in: what English CTC checkpoints (wav2vec2) transcribe.
_CHARACTERS = [*(chr(c) for c in range(ord("A"), ord("Z") + 1)), "'"]


def _reads_one_json_vocabulary(tokenizer_class: Any) -> bool:
    """A Python tokenizer class whose only file is a JSON token -> id map: a character vocabulary
    (`Wav2Vec2CTCTokenizer`, which wav2vec2, HuBERT, WavLM and other CTC speech models register)."""
    files = dict(getattr(tokenizer_class, "vocab_files_names", None) or {})
    files.pop("tokenizer_config_file", None)
    return list(files) == ["vocab_file"] and files["vocab_file"].endswith(".json")


def _save_character_tokenizer(folder: Path, tokenizer_class: Any, config: Any, vocab_size: int) -> str:
    """The model's own tokenizer class on a vocabulary of its special tokens (at the config's ids), its
    word delimiter and the letters, as many as the vocabulary holds (wav2vec2's 32: all of them)."""
    import json

    specials = _special_tokens(tokenizer_class)
    delimiter = inspect.signature(tokenizer_class.__init__).parameters.get("word_delimiter_token")
    if delimiter is not None and isinstance(delimiter.default, str):
        specials["word_delimiter_token"] = delimiter.default
    everything = _vocabulary(specials, config, _CHARACTERS)
    limit = vocab_size or len(everything)
    vocab = {t: i for t, i in everything.items() if i < limit or t in specials.values()}
    if max(vocab.values()) >= limit:
        return ""  # the special tokens alone do not fit; the page's tokenizer load is then blocked
    (folder / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False))
    tokenizer_class(vocab_file=str(folder / "vocab.json"), **specials).save_pretrained(folder)
    return "tokenizer"


# The pieces of a Unigram stand-in: the word-start mark, then printable ASCII (other characters are unknown).
_UNIGRAM_ALPHABET = ["\u2581", *(chr(c) for c in range(33, 127))]


def _vocabulary(specials: dict[str, str], config: Any, alphabet: list[str]) -> dict[str, int]:
    """Special tokens at the ids the config gives them (pad, bos, eos), the rest and the bytes after."""
    vocab: dict[str, int] = {}
    for role, token in specials.items():
        wanted = getattr(config, f"{role}_id", None)
        if isinstance(wanted, int) and wanted >= 0 and token not in vocab and wanted not in vocab.values():
            vocab[token] = wanted
    free = (i for i in range(1 << 30) if i not in set(vocab.values()))
    for token in [*specials.values(), *sorted(alphabet)]:
        if token not in vocab:
            vocab[token] = next(free)
    return vocab


def save_image_processor(folder: Path, config: Any, model_type: str) -> str:
    from transformers.models.auto.image_processing_auto import IMAGE_PROCESSOR_MAPPING_NAMES

    processor_class = _class(_registered(IMAGE_PROCESSOR_MAPPING_NAMES, model_type))
    if processor_class is None:
        return ""
    processor_class().save_pretrained(folder)  # its defaults are those of the documented checkpoint
    return "image processor"


def save_feature_extractor(folder: Path, config: Any, model_type: str) -> str:
    from transformers.models.auto.feature_extraction_auto import FEATURE_EXTRACTOR_MAPPING_NAMES

    extractor_class = _class(_registered(FEATURE_EXTRACTOR_MAPPING_NAMES, model_type))
    if extractor_class is None:
        return ""
    options = {}
    if getattr(config, "num_mel_bins", None):  # Whisper's extractor must make the bins the model reads
        options["feature_size"] = config.num_mel_bins
    extractor_class(**options).save_pretrained(folder)
    return "feature extractor"


def save_processor(folder: Path, config: Any, model_type: str) -> str:
    """A processor joins the parts saved above; loading it from the folder is what a page does."""
    from transformers.models.auto.processing_auto import PROCESSOR_MAPPING_NAMES

    processor_class = _class(_registered(PROCESSOR_MAPPING_NAMES, model_type))
    if processor_class is None:
        return ""
    try:
        processor_class.from_pretrained(folder).save_pretrained(folder)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return ""  # a part it needs has no stand-in (e.g. a tokenizer with extra special tokens)
    return "processor"


def save_generation_config(folder: Path, config: Any, model_type: str) -> str:
    from transformers import GenerationConfig

    # The Hub repo's generation_config.json: the special ids generate() and pipelines read.
    GenerationConfig.from_model_config(config).save_pretrained(folder)
    return "generation config"


SAVERS = (
    save_tokenizer,
    save_image_processor,
    save_feature_extractor,
    save_processor,
    save_generation_config,
)
