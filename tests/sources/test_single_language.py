"""A tree with `_toctree.yml` at its top (as doc-builder reads `peft/docs/source`): one English language."""

from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.sources import find_source_root, page_at
from polydocs.sources.doc_builder_config import read_doc_builder_config

TOC = """
- title: Start
  sections:
  - local: index
    title: Home
  - local: guides/lora
    title: LoRA
"""


@pytest.fixture
def single(write_tree):
    return write_tree({"_toctree.yml": TOC, "index.md": "# Home\n", "guides/lora.md": "# LoRA\n"})


def test_top_toctree_makes_one_english_language_whose_folders_are_sections(single):
    tree = load_source_tree(single)
    assert tree.single_language and tree.languages == ["en"]
    assert sorted(tree.pages["en"]) == ["guides/lora", "index"]
    assert tree.folder("en") == single
    assert tree.problems == []


def test_files_of_a_single_language_tree_are_its_english_pages(single):
    tree = load_source_tree(single)
    assert tree.language_at(single / "guides" / "lora.md") == "en"
    assert tree.page_at(single / "guides" / "lora.md").local == "guides/lora"
    address = page_at(single / "guides" / "lora.md")
    assert (address.root, address.lang, address.local) == (single, "en", "guides/lora")
    assert find_source_root(single / "guides") == single


def test_a_language_folder_of_a_multilingual_tree_is_not_taken_for_a_tree(write_tree):
    root = write_tree({"en/_toctree.yml": "- local: index\n  title: Home\n", "en/index.md": "# Home\n"})
    assert find_source_root(root / "en") == root
    assert page_at(root / "en" / "index.md").lang == "en"


def test_missing_toctree_entry_names_the_file_without_a_language_folder(write_tree):
    root = write_tree({"_toctree.yml": TOC, "index.md": "# Home\n"})
    (problem,) = [p for p in load_source_tree(root).problems if p.code == "toctree-missing-file"]
    assert problem.line == 5 and "missing file guides/lora.md" in problem.message


def test_redirect_targets_are_checked_against_the_pages_with_their_lines(write_tree):
    redirects = (
        "old/lora: guides/lora\nold/gone: guides/nothing\nindex: guides/lora\nold/anchor: guides/lora#use\n"
    )
    root = write_tree(
        {"_toctree.yml": TOC, "index.md": "# H\n", "guides/lora.md": "# L\n", "_redirects.yml": redirects}
    )
    tree = load_source_tree(root)
    problems = {(p.code, p.line) for p in tree.problems}
    assert problems == {("redirect-missing-page", 2), ("redirect-over-page", 3)}
    kept = [(r.old, r.new, r.anchor) for r in tree.redirects["en"]]
    assert kept == [("old/lora", "guides/lora", ""), ("old/anchor", "guides/lora", "use")]


def test_unreadable_redirects_are_a_located_warning_not_an_abort(write_tree):
    root = write_tree({"_toctree.yml": TOC, "index.md": "# H\n", "guides/lora.md": "# L\n"})
    (root / "_redirects.yml").write_text("a: b\n c: [\n", encoding="utf-8")
    (problem,) = load_source_tree(root).problems
    assert problem.code == "redirects-invalid" and problem.line >= 1


def test_translations_inherit_the_english_redirects(write_tree):
    root = write_tree(
        {
            "en/_toctree.yml": "- local: index\n  title: Home\n",
            "en/index.md": "# Home\n",
            "en/_redirects.yml": "start: index\n",
            "es/_toctree.yml": "- local: index\n  title: Inicio\n",
            "es/index.md": "# Inicio\n",
        }
    )
    tree = load_source_tree(root)
    assert [r.old for r in tree.redirects["es"]] == ["start"]


def test_doc_builder_config_is_read_as_data_never_run(tmp_path: Path):
    config = tmp_path / "_config.py"
    config.write_text(
        '# docstyle-ignore\nINSTALL_CONTENT = """\n! pip install peft\n"""\n'
        'notebook_first_cells = [{"type": "code", "content": INSTALL_CONTENT}]\n'
        "import os\nbranch = os.environ['HOME']\n",
        encoding="utf-8",
    )
    settings, problems = read_doc_builder_config(config)
    assert settings.settings["notebook_first_cells"] == [
        {"type": "code", "content": "\n! pip install peft\n"}
    ]
    assert [(p.line, p.code) for p in problems] == [(6, "doc-builder-config"), (7, "doc-builder-config")]
