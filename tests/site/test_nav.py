from polydocs.dialect import load_source_tree
from polydocs.site.alternates import alternates_for, page_url
from polydocs.site.nav import build_nav

EN_TOC = """
- sections:
  - local: index
    title: Home
  - local: inference
    title: Inference
  - local: graph_breaks
    title: Graph breaks
  - local: training
    title: Training
  title: Guides
"""
ES_TOC = """
- sections:
  - local: index
    title: Inicio
  - local: inference
    title: Inferencia
  - local: training
    title: Entrenamiento
  title: Guías
"""


def _tree(write_tree):
    files = {"en/_toctree.yml": EN_TOC, "es/_toctree.yml": ES_TOC}
    for local in ["index", "inference", "graph_breaks", "training"]:
        files[f"en/{local}.md"] = f"# {local}\n"
    for local in ["index", "inference", "training"]:
        files[f"es/{local}.md"] = f"# {local}\n"
    return load_source_tree(write_tree(files))


def test_untranslated_page_is_placed_after_its_english_predecessor_and_said_to_be_english(write_tree):
    tree = _tree(write_tree)
    assert build_nav(tree, "es") == [
        {
            "Guías": [
                {"Inicio": "index.md"},
                {"Inferencia": "inference.md"},
                {"Graph breaks (en inglés)": "graph_breaks.md"},
                {"Entrenamiento": "training.md"},
            ]
        }
    ]
    assert tree.site_pages("es")["graph_breaks"].lang == "en"
    assert tree.site_pages("es")["inference"].lang == "es"


def test_language_switcher_stays_on_the_same_page(write_tree):
    tree = _tree(write_tree)
    pages = {"en": {"index", "inference", "only_en"}, "es": {"index", "inference"}}
    links = {alt.lang: alt.href for alt in alternates_for(tree, "inference", "inference/", "es", pages)}
    assert links == {"en": "../../en/inference/", "es": "../../es/inference/"}
    links = {alt.lang: alt.href for alt in alternates_for(tree, "only_en", "only_en/", "en", pages)}
    assert links["es"] == "../../es/"


def test_page_urls_follow_directory_urls():
    assert page_url("index") == ""
    assert page_url("tasks/asr") == "tasks/asr/"
    assert page_url("tasks/index") == "tasks/"
