"""Which Hub ids and URLs a page needs, and what each stand-in is made of (no subprocess, no torch)."""

from polydocs.snippets.standins import REGISTRY, hub_ids_in, missing_stand_in
from polydocs.snippets.standins_web import missing_web_stand_in, web_stand_in_for

CODE = """\
tokenizer = AutoTokenizer.from_pretrained("google/gemma-2b")
classifier = pipeline("image-classification", model="google/vit-base-patch16-224")
generator = pipeline(task="text-generation", model='google/gemma-2b', device_map="auto")
processor = AutoImageProcessor.from_pretrained(
    "google/vit-base-patch16-224"
)
local = AutoModel.from_pretrained("./checkpoint")
default = pipeline("image-classification")
"""


def test_hub_ids_are_found_in_from_pretrained_and_pipeline_calls_with_their_lines():
    assert hub_ids_in(CODE) == [
        ("google/gemma-2b", 0),
        ("google/vit-base-patch16-224", 1),
        ("google/gemma-2b", 2),
        ("google/vit-base-patch16-224", 4),
    ]


def test_each_stand_in_has_both_profiles_and_the_files_its_loaders_read():
    for hub_id, make in REGISTRY.items():
        stand_in = make()
        assert stand_in.hub_id == hub_id
        assert set(stand_in.configs) == {"tiny", "full"}
    assert REGISTRY["google/gemma-2b"]().extras == ("tokenizer", "generation_config")
    vit = REGISTRY["google/vit-base-patch16-224"]()
    assert vit.model_class == "AutoModelForImageClassification" and vit.extras == ("image_processor",)
    assert vit.configs["full"]["hidden_size"] == 768 and vit.configs["full"]["num_hidden_layers"] == 12
    assert vit.configs["tiny"]["image_size"] == vit.configs["full"]["image_size"] == 224


def test_a_hub_id_without_stand_in_says_where_to_add_one():
    assert str(missing_stand_in("docs_src/en/x.md", 12, "acme/model")) == (
        "docs_src/en/x.md:12: snippet-standin no stand-in for acme/model; add one in "
        "src/polydocs/snippets/standins.py (REGISTRY), or skip the block with "
        '<!-- polydocs: skip reason="..." -->'
    )


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
        "no stand-in for https://example.com/labels.json; add one in src/polydocs/snippets/standins_web.py"
        " (WEB_REGISTRY)"
    )
