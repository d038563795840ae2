"""A derived tiny stand-in for each model family the corpus pages load, loaded through the real
`from_pretrained` of transformers, offline, in a fresh process (as a page's session would)."""

import json
import os
import subprocess
import sys

import pytest

from polydocs.snippets.standins import models
from polydocs.snippets.standins.models import StandInRequest, ensure_stand_ins

pytest.importorskip("PIL")

# family -> (Hub id a corpus page loads, the class it loads the model with, the loader of its inputs)
FAMILIES = {
    "text": ("distilbert/distilbert-base-uncased", "AutoModelForSequenceClassification", "AutoTokenizer"),
    "vision": ("google/vit-base-patch16-224", "AutoModelForImageClassification", "AutoImageProcessor"),
    "detection": ("facebook/detr-resnet-50", "DetrForObjectDetection", "AutoImageProcessor"),
    "segmentation": (
        "nvidia/segformer-b0-finetuned-ade-512-512",
        "SegformerForSemanticSegmentation",
        "AutoImageProcessor",
    ),
    "speech": ("openai/whisper-tiny", "WhisperForConditionalGeneration", "AutoProcessor"),
    "multimodal": ("openai/clip-vit-base-patch32", "CLIPModel", "AutoProcessor"),
    # T5's own tokenizer class builds a Unigram: the stand-in's tokenizer must be one to load in it.
    "text-to-text": ("google-t5/t5-small", "T5ForConditionalGeneration", "T5Tokenizer"),
    # A multiple-choice head's forward pass takes (batch, choices, tokens): the build's check must feed it so.
    "multiple-choice": ("google-bert/bert-base-uncased", "AutoModelForMultipleChoice", "AutoTokenizer"),
    # A backbone whose output stages are its last layers: shrunk, they must stay stages it has.
    "depth": (
        "depth-anything/Depth-Anything-V2-Small-hf",
        "AutoModelForDepthEstimation",
        "AutoImageProcessor",
    ),
    # Nothing names this causal LM's architecture (Mistral): any causal LM stands in for it (transformers'
    # text-generation default's).
    "causal-lm": ("HuggingFaceH4/zephyr-7b-beta", "AutoModelForCausalLM", "AutoTokenizer"),
}


@pytest.fixture(scope="module")
def hf_home(tmp_path_factory):
    """One stand-in cache for the module, as across the sessions of a check: the index of the checkpoints
    the configurations document is built once."""
    return tmp_path_factory.mktemp("snippets-cache") / "standins" / "tiny"


LOAD = """
import json, sys, transformers
transformers.logging.set_verbosity_error()
loaded = {}
for family, (hub_id, model_class, inputs_class) in json.loads(sys.argv[1]).items():
    model = getattr(transformers, model_class).from_pretrained(hub_id)
    inputs = getattr(transformers, inputs_class).from_pretrained(hub_id)
    loaded[family] = [type(model).__name__, type(inputs).__name__, model.num_parameters()]
print(json.dumps(loaded))
"""


def test_each_family_derives_a_tiny_stand_in_that_loads_through_from_pretrained(hf_home):
    requests = [StandInRequest(hub_id, (model, inputs)) for hub_id, model, inputs in FAMILIES.values()]
    outcomes = ensure_stand_ins(requests, "tiny", hf_home)
    assert {hub_id: outcomes[hub_id].problem for hub_id, _, _ in FAMILIES.values()} == {
        hub_id: "" for hub_id, _, _ in FAMILIES.values()
    }
    env = dict(os.environ, HF_HOME=str(hf_home), HF_HUB_OFFLINE="1")
    output = subprocess.run(
        [sys.executable, "-c", LOAD, json.dumps(FAMILIES)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    loaded = json.loads(output.strip().splitlines()[-1])
    for family, (_, model_class, _) in FAMILIES.items():
        assert loaded[family][0].endswith(model_class.removeprefix("AutoModel")), family
        assert loaded[family][2] < 20_000_000, f"{family} is not tiny: {loaded[family][2]} parameters"
    assert loaded["text-to-text"][1] == "T5Tokenizer"
    assert outcomes["HuggingFaceH4/zephyr-7b-beta"].derived_from.startswith("any causal LM")
    assert loaded["speech"][1] == "WhisperProcessor" and loaded["multimodal"][1] == "CLIPProcessor"


def test_an_underivable_id_is_remembered_so_no_later_session_runs_the_builder_again(hf_home, monkeypatch):
    request = StandInRequest("acme/zzqx-private-model", ("AutoModel",))
    first = ensure_stand_ins([request], "tiny", hf_home)
    assert first[request.key].problem.startswith("its architecture cannot be derived")

    def no_builder(*args):
        raise AssertionError("the builder ran again")

    monkeypatch.setattr(models, "_build", no_builder)
    assert ensure_stand_ins([request], "tiny", hf_home) == first


ASR = """
import json, numpy, torch, transformers
from transformers import AutoModelForCTC, AutoProcessor
transformers.logging.set_verbosity_error()
processor = AutoProcessor.from_pretrained("facebook/wav2vec2-base")
batch = processor(numpy.zeros(16000, dtype=numpy.float32), sampling_rate=16000, text="HELLO WORLD")
model = AutoModelForCTC.from_pretrained(
    "facebook/wav2vec2-base", ctc_loss_reduction="mean", pad_token_id=processor.tokenizer.pad_token_id
)
logits = model(torch.tensor(numpy.array(batch["input_values"]))).logits
print(json.dumps({
    "processor": type(processor).__name__,
    "tokenizer": type(processor.tokenizer).__name__,
    "labels": processor.batch_decode([batch["labels"]], group_tokens=False)[0],
    "tokens": len(processor.tokenizer),
    "logits": logits.shape[-1],
}))
"""


def test_the_asr_processor_is_the_model_types_own_feature_extractor_and_character_tokenizer(hf_home):
    # tasks/asr.md: AutoProcessor of facebook/wav2vec2-base, whose Wav2Vec2CTCTokenizer reads characters.
    request = StandInRequest("facebook/wav2vec2-base", ("AutoProcessor", "AutoModelForCTC"))
    assert ensure_stand_ins([request], "tiny", hf_home)[request.key].problem == ""
    env = dict(os.environ, HF_HOME=str(hf_home), HF_HUB_OFFLINE="1")
    output = subprocess.run(
        [sys.executable, "-c", ASR], env=env, capture_output=True, text=True, check=True
    ).stdout
    loaded = json.loads(output.strip().splitlines()[-1])
    assert loaded == {
        "processor": "Wav2Vec2Processor",
        "tokenizer": "Wav2Vec2CTCTokenizer",
        "labels": "HELLO WORLD",
        "tokens": 32,
        "logits": 32,
    }
