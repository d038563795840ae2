"""Which Hub ids and URLs a page needs, how a stand-in is derived, and when a block is blocked (no
subprocess, no torch)."""

import pytest

from polydocs.snippets.blocking import (
    MODULE_NOT_INSTALLED,
    NEEDS_CUDA,
    OFFLINE_RESOURCE,
    blocked_by,
    defined_names,
    missing_stand_in,
)
from polydocs.snippets.standins.derive import _type_in_words, shrink
from polydocs.snippets.standins.loads import HubLoad, block_loads, names_a_model
from polydocs.snippets.standins.models import REGISTRY
from polydocs.snippets.standins.web import WEB_REGISTRY_FILE, missing_web_stand_in, web_stand_in_for

CODE = """\
tokenizer = AutoTokenizer.from_pretrained("google/gemma-2b")
classifier = pipeline("image-classification", model="google/vit-base-patch16-224")
generator = pipeline(task="text-generation", model='google/gemma-2b', device_map="auto")
processor = AutoImageProcessor.from_pretrained(
    "google/vit-base-patch16-224"
)
local = AutoModel.from_pretrained("./checkpoint")
default = pipeline("image-classification")
checkpoint = "distilbert/distilbert-base-uncased"
model = AutoModelForSequenceClassification.from_pretrained(checkpoint)
bare = GPT2LMHeadModel.from_pretrained("gpt2")
"""


def test_loads_are_found_with_their_class_line_and_names_assigned_a_literal():
    assert list(block_loads(CODE).loads) == [
        HubLoad("google/gemma-2b", "AutoTokenizer", 0),
        HubLoad("google/vit-base-patch16-224", "pipeline", 1, "image-classification"),
        HubLoad("google/gemma-2b", "pipeline", 2, "text-generation"),
        HubLoad("google/vit-base-patch16-224", "AutoImageProcessor", 3),
        HubLoad("", "pipeline", 7, "image-classification"),
        HubLoad("distilbert/distilbert-base-uncased", "AutoModelForSequenceClassification", 9),
        HubLoad("gpt2", "GPT2LMHeadModel", 10),
    ]


def test_a_name_assigned_in_an_earlier_block_resolves_and_a_prompt_is_not_a_task():
    strings: dict[str, str] = {}
    block_loads('model_id = "meta-llama/Llama-3.2-1B"\n', strings)
    assert block_loads(
        "pipeline = pipeline('text-generation', model=model_id)\npipeline('the secret is')\n", strings
    ).loads == (HubLoad("meta-llama/Llama-3.2-1B", "pipeline", 0, "text-generation"),)


def test_code_that_does_not_parse_is_still_read_for_plain_hub_ids():
    assert block_loads('m = AutoModel.from_pretrained("org/name")\nprint(\n').loads == (
        HubLoad("org/name", "AutoModel", 0),
    )


@pytest.mark.parametrize(
    ("hub_id", "model_type"),
    [
        ("nvidia/segformer-b0-finetuned-ade-512-512", "segformer"),
        ("meta-llama/Llama-3.2-1B", "llama"),
        ("distilbert/distilbert-base-uncased", "distilbert"),
        ("google/flan-t5-base", "t5"),
        ("Qwen/Qwen2.5-1.5B-Instruct", "qwen2"),
        ("stevhliu/my_awesome_model", None),
        # A compound names its base architecture last; a type of fewer than four letters ends plain words.
        ("distilbert/distilgpt2", "gpt2"),
        ("TinyLlama/TinyLlama-1.1B-Chat-v1.0", "llama"),
        ("allegro/herbert-base-cased", "bert"),
        ("acme/model-distilled", None),
        ("acme/llama-7b-4bit", "llama"),
        ("EleutherAI/pythia-160m", None),
    ],
)
def test_the_model_type_is_the_longest_type_that_starts_a_word_of_the_name_else_ends_one(hub_id, model_type):
    types = [
        "bert",
        "distilbert",
        "llama",
        "segformer",
        "t5",
        "qwen2",
        "qwen2_vl",
        "mt5",
        "gpt2",
        "led",
        "bit",
    ]
    assert _type_in_words(hub_id, types) == model_type


def test_tiny_shrinks_nested_configs_and_keeps_the_input_shapes():
    config = {
        "model_type": "clip",
        "text_config": {
            "model_type": "clip_text_model",
            "hidden_size": 512,
            "num_hidden_layers": 12,
            "vocab_size": 49408,
            "eos_token_id": 49407,
        },
        "vision_config": {"hidden_size": 768, "num_attention_heads": 12, "image_size": 224, "patch_size": 32},
        "projection_dim": 512,
    }
    tiny = shrink(config, "tiny")
    assert tiny["text_config"]["hidden_size"] == 64 and tiny["text_config"]["num_hidden_layers"] == 2
    assert tiny["vision_config"] == {
        "hidden_size": 64,
        "num_attention_heads": 2,
        "image_size": 224,
        "patch_size": 32,
    }
    assert tiny["text_config"]["vocab_size"] == 32768 and tiny["text_config"]["eos_token_id"] < 32768
    assert shrink(config, "shallow")["vision_config"]["hidden_size"] == 768
    layered = shrink({"num_hidden_layers": 28, "layer_types": ["full_attention"] * 28}, "shallow")
    assert layered["layer_types"] == ["full_attention"] * 2


def test_shrinking_layers_keeps_one_layer_of_each_kind_and_everything_said_per_layer():
    kinds = (["sliding_attention"] * 5 + ["full_attention"]) * 4  # Gemma-like: every sixth layer is full
    config = {
        "num_hidden_layers": 24,
        "layer_types": kinds,
        "mlp_layer_types": ["dense"] + ["sparse"] * 23,
        "intermediate_size": [1024 + i for i in range(24)],
        "per_layer_config": {"05": {"head_dim": 512}, "11": {"head_dim": 512}},
        "id2label": {0: "LABEL_0", 1: "LABEL_1"},
    }
    tiny = shrink(config, "tiny")
    assert tiny["num_hidden_layers"] == 3  # layers 0, 1 and 5: (sliding, dense), (sliding, sparse), full
    assert tiny["layer_types"] == ["sliding_attention", "sliding_attention", "full_attention"]
    assert tiny["mlp_layer_types"] == ["dense", "sparse", "sparse"]
    assert tiny["intermediate_size"] == [1024, 1025, 1029]
    assert tiny["per_layer_config"] == {"02": {"head_dim": 512}}
    assert tiny["id2label"] == config["id2label"]


def test_a_backbones_output_stages_stay_stages_of_the_fewer_layers():
    # Depth Anything's DINOv2 backbone outputs the last four of 12 layers; ZoeDepth's BEiT every sixth of 24.
    for layers, outputs in ((12, [9, 10, 11, 12]), (24, [6, 12, 18, 24])):
        backbone = {
            "model_type": "dinov2",
            "num_hidden_layers": layers,
            "stage_names": ["stem", *(f"stage{i}" for i in range(1, layers + 1))],
            "out_indices": outputs,
            "out_features": [f"stage{i}" for i in outputs],
        }
        tiny = shrink({"backbone_config": backbone}, "tiny")["backbone_config"]
        assert tiny["num_hidden_layers"] == 4 and tiny["out_indices"] == [1, 2, 3, 4]
        assert tiny["stage_names"] == ["stem", "stage1", "stage2", "stage3", "stage4"]
        assert tiny["out_features"] == ["stage1", "stage2", "stage3", "stage4"]
    with_stem = {"num_hidden_layers": 12, "stage_names": ["stem", *(f"stage{i}" for i in range(1, 13))]}
    assert shrink({**with_stem, "out_indices": [0, 12]}, "tiny")["out_features"] == ["stem", "stage2"]


def test_the_registry_overrides_gemma_with_both_profiles():
    gemma = REGISTRY["google/gemma-2b"]()
    assert set(gemma.configs) == {"tiny", "full"} and gemma.model_class == "AutoModelForCausalLM"
    assert gemma.configs["full"]["hidden_size"] == 2048


def test_errors_of_the_environment_block_and_the_pages_own_do_not():
    missing = ModuleNotFoundError("No module named 'datasets'", name="datasets")
    assert blocked_by(missing, 4, "cpu").reason == MODULE_NOT_INSTALLED
    offline = OSError("We couldn't connect to 'https://huggingface.co' to load the files")
    assert (
        blocked_by(offline, 4, "cpu").message
        == "needs https://huggingface.co, which is not available offline"
    )
    unnamed = OSError("Hub error: we cannot find the requested files in the local cache.")
    assert blocked_by(unnamed, 4, "cpu").message == (
        "needs a file the offline Hub cache does not hold (OSError: Hub error: we cannot find the requested"
        " files in the local cache.), which is not available offline"
    )
    audio = ImportError("To support decoding audio data, please install 'torchcodec'.")
    assert blocked_by(audio, 4, "cpu").message == "module torchcodec is not installed"
    gpu = AssertionError("Torch not compiled with CUDA enabled")
    assert blocked_by(gpu, 4, "cpu").reason == NEEDS_CUDA
    assert blocked_by(gpu, 4, "cuda") is None
    assert blocked_by(ValueError("bad value"), 4, "cpu") is None
    sacremoses = ImportError("You need to install sacremoses to use XLMTokenizer.")
    assert blocked_by(sacremoses, 4, "cpu").message == "module sacremoses is not installed"
    flagged = ImportError("requires accelerate: `pip install -U accelerate`")
    assert blocked_by(flagged, 4, "cpu").message == "module accelerate is not installed"
    assert OFFLINE_RESOURCE != NEEDS_CUDA


def test_the_names_a_block_defines_are_what_later_blocks_may_miss():
    code = "import numpy as np\nfrom x import y\nmodel = load()\nfor i in range(2):\n    pass\n"
    code += "def f():\n    pass\n"
    assert defined_names(code) == {"np", "y", "model", "i", "f"}


def test_a_hub_id_without_stand_in_says_why_and_where_to_add_one():
    blocked = missing_stand_in(12, "acme/model", "its architecture cannot be derived", "src/x.py")
    assert (blocked.line, blocked.reason) == (12, "missing stand-in")
    assert blocked.message == "no stand-in for acme/model: its architecture cannot be derived"
    assert "polydocs.yml (`standins: {acme/model: {model_type: ...}}`)" in blocked.hint


def test_image_urls_have_stand_ins_by_their_path_and_other_urls_do_not():
    assert (
        web_stand_in_for("http://images.cocodataset.org/val2017/000000039769.jpg").content_type
        == "image/jpeg"
    )
    assert web_stand_in_for("https://hf.co/datasets/x/resolve/main/pokemon.PNG?download=1").content_type == (
        "image/png"
    )
    assert web_stand_in_for("https://example.com/labels.json") is None
    assert web_stand_in_for("https://example.com/photo.jpg.json") is None
    assert missing_web_stand_in("https://example.com/labels.json") == (
        f"no stand-in for https://example.com/labels.json; add one in {WEB_REGISTRY_FILE} (WEB_REGISTRY)"
    )


def test_the_names_a_block_trains_a_model_into_are_read_from_its_arguments():
    code = (
        'args = TrainingArguments(output_dir="my_awesome_model", push_to_hub=True)\n'
        'other = Seq2SeqTrainingArguments(output_dir="out/", hub_model_id="org/billsum_model")\n'
        'model.push_to_hub("user/pushed_model")\n'
        "plain(output_dir=folder)\n"
    )
    assert block_loads(code).trained_into == ("my_awesome_model", "out", "billsum_model", "pushed_model")
    assert block_loads("def broken(:").trained_into == ()


@pytest.mark.parametrize(
    ("loader", "is_model"),
    [
        ("AutoModelForCausalLM", True),
        ("T5ForConditionalGeneration", True),
        ("CLIPModel", True),
        ("AutoTokenizer", False),
        ("AutoProcessor", False),
        ("pipeline", False),
    ],
)
def test_one_rule_says_which_loaders_name_a_model(loader, is_model):
    assert names_a_model(loader) is is_model


def test_ids_named_in_model_types_get_their_type_and_the_derived_configuration(tmp_path):
    from polydocs.snippets.standins.models import MODEL_TYPES, override_for

    assert override_for("bigscience/T0_3B", tmp_path / "page.md", "tiny") == {
        "model_type": MODEL_TYPES["bigscience/T0_3B"],
        "config": {},
        "model_class": "",
    }
