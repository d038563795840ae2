"""The site model: what a page is, which page a file is, what a reader of each language reads."""

from pathlib import Path, PurePath

import pytest

from polydocs.dialect import load_source_tree
from polydocs.sources import is_page, is_page_file, page_at

TOC = "- local: index\n  title: Home\n- local: guide\n  title: Guide\n- local: tasks/asr\n  title: ASR\n"


@pytest.fixture
def tree_root(write_tree) -> Path:
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": "# Home\n",
            "en/guide.md": "# Guide\n",
            "en/tasks/asr.mdx": "# ASR\n",
            "en/_snippets/part.md": "a fragment, not a page\n",
            "es/_toctree.yml": "- local: index\n  title: Inicio\n",
            "es/index.md": "# Inicio\n",
            "_data/notes.md": "data, not a page\n",
        }
    )


@pytest.mark.parametrize(
    ("relative", "expected"),
    [
        ("guide.md", True),
        ("tasks/asr.mdx", True),
        ("guide.txt", False),
        ("_snippets/part.md", False),
        (".drafts/guide.md", False),
        ("tasks/_wip.md", False),
    ],
)
def test_a_page_is_markdown_with_no_hidden_part(relative, expected):
    assert is_page(PurePath(relative)) is expected


def test_a_file_names_its_language_and_page_without_reading_the_tree(tree_root):
    address = page_at(tree_root / "en" / "tasks" / "asr.mdx")
    assert address is not None
    assert (address.lang, address.local, address.key) == ("en", "tasks/asr", "en/tasks/asr.mdx")
    assert page_at(tree_root / "en" / "_snippets" / "part.md") is None
    assert page_at(tree_root / "_data" / "notes.md") is None
    assert page_at(tree_root / "en" / "_toctree.yml") is None


def test_a_translation_finds_the_english_page_it_falls_back_to(tree_root):
    spanish = tree_root / "es" / "guide.md"
    spanish.write_text("# Guía\n", encoding="utf-8")
    address = page_at(spanish)
    assert address is not None and address.english() == tree_root / "en" / "guide.md"
    asr = tree_root / "es" / "tasks" / "asr.md"  # a `.md` translation of an `.mdx` English page
    asr.parent.mkdir()
    asr.write_text("# ASR\n", encoding="utf-8")
    address = page_at(asr)
    assert address is not None and address.english() == tree_root / "en" / "tasks" / "asr.mdx"
    english = page_at(tree_root / "en" / "guide.md")
    assert english is not None and english.english() is None


def test_a_loose_page_outside_any_tree_is_judged_by_its_name_and_folder(tmp_path):
    assert page_at(tmp_path / "notes" / "page.md") is None
    assert is_page_file(tmp_path / "notes" / "page.md")
    assert not is_page_file(tmp_path / "_notes" / "page.md")


def test_the_tree_answers_the_same_as_the_paths(tree_root):
    tree = load_source_tree(tree_root)
    for lang in tree.languages:
        for local, page in tree.pages[lang].items():
            address = page_at(page.path)
            assert address is not None and (address.lang, address.local, address.key) == (
                lang,
                local,
                page.key,
            )
            assert tree.page_at(page.path) == page
    assert tree.page_at(tree_root / "en" / "_snippets" / "part.md") is None


def test_a_reader_gets_the_translation_else_the_english_page(tree_root):
    tree = load_source_tree(tree_root)
    assert tree.resolve("es", "index") == tree.page("es", "index")
    assert tree.resolve("es", "guide") == tree.page("en", "guide")
    assert tree.resolve("es", "nowhere") is None
    assert tree.shows_english("es", "guide") and not tree.shows_english("es", "index")
    assert not tree.shows_english("en", "guide") and not tree.shows_english("es", "nowhere")
    site = tree.site_pages("es")
    assert list(site) == ["guide", "index", "tasks/asr"]
    assert {local: page.lang for local, page in site.items()} == {
        "guide": "en",
        "index": "es",
        "tasks/asr": "en",
    }


def test_every_file_of_the_tree_has_its_language_folder(tree_root):
    tree = load_source_tree(tree_root)
    assert tree.language_at(tree_root / "es" / "_toctree.yml") == "es"
    assert tree.language_at(tree_root / "es") == "es"
    assert tree.language_at(str(tree_root / "en" / "tasks" / "asr.mdx")) == "en"
    assert tree.language_at(tree_root / "polydocs.yml") is None
    assert tree.language_at(tree_root / "_data" / "notes.md") is None
    assert tree.language_at(tree_root.parent / "elsewhere.md") is None


def test_freshness_is_read_once_and_only_when_asked(tree_root):
    tree = load_source_tree(tree_root)
    assert "freshness" not in vars(tree)  # loading the tree hashes no page
    assert tree.freshness.state("es", "index") == "untracked"
    assert tree.freshness is tree.freshness


def test_the_project_settings_come_with_the_tree(tree_root):
    (tree_root / "polydocs.yml").write_text("iframe_hosts: [example.org]\n", encoding="utf-8")
    assert load_source_tree(tree_root).project.iframe_hosts == ("example.org",)
