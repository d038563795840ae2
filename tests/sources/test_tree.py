from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.sources import load_project_config, load_toctree

TOC_ONE = "- local: index\n  title: Home\n"
TOC_EN = """
- sections:
  - local: index
    title: Home
  - local: guide
    title: Guide
  title: Start
"""


# English with two pages, Spanish with one (its guide falls back to English's).
EN_ES = {
    "en/_toctree.yml": TOC_EN,
    "en/index.md": "# Home\n",
    "en/guide.md": "# Guide\n",
    "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: Empezar\n",
    "es/index.md": "# Inicio\n",
}


def test_reads_languages_pages_and_toctree(write_tree):
    root = write_tree(EN_ES)
    tree = load_source_tree(root)
    assert tree.languages == ["en", "es"]
    assert sorted(tree.pages["en"]) == ["guide", "index"]
    assert tree.resolve("es", "guide").lang == "en"
    assert tree.problems == []


def test_the_pages_read_in_some_languages_are_each_page_once(write_tree):
    root = write_tree(
        {
            **EN_ES,
            "pt/_toctree.yml": "- sections:\n  - local: index\n    title: Início\n  title: Começar\n",
            "pt/index.md": "# Início\n",
        }
    )
    tree = load_source_tree(root)

    def read_in(languages):
        return sorted(page.path.relative_to(root).as_posix() for page in tree.pages_read_in(languages))

    # English's guide, which both translations fall back to, once; English's index is read in neither.
    assert read_in(["es", "pt"]) == ["en/guide.md", "es/index.md", "pt/index.md"]
    assert read_in(["en", "es"]) == ["en/guide.md", "en/index.md", "es/index.md"]


def test_toctree_entry_without_file_and_unlisted_page_are_reported_with_lines(write_tree):
    root = write_tree(
        {
            "en/_toctree.yml": TOC_EN.replace(
                "  title: Start", "  - local: missing\n    title: Gone\n  title: Start"
            ),
            "en/index.md": "# Home\n",
            "en/guide.md": "# Guide\n",
            "en/orphan.md": "# Orphan\n",
        }
    )
    problems = {problem.code: problem for problem in load_source_tree(root).problems}
    assert problems["toctree-missing-file"].line == 6
    assert problems["toctree-missing-file"].path.endswith("en/_toctree.yml")
    assert problems["toctree-unlisted"].path.endswith("en/orphan.md")
    assert "add `- local: orphan`" in str(problems["toctree-unlisted"])


def test_broken_toctree_yaml_is_an_error_with_its_line(write_tree):
    root = write_tree(
        {"en/_toctree.yml": "- sections:\n  - local: index\n   title: bad indent\n", "en/index.md": ""}
    )
    with pytest.raises(PolydocsError) as raised:
        load_source_tree(root)
    (problem,) = raised.value.diagnostics
    assert problem.path.endswith("_toctree.yml")
    assert problem.line == 3
    assert "invalid YAML" in problem.message


def test_toctree_entry_without_local_or_title(tmp_path: Path):
    path = tmp_path / "_toctree.yml"
    path.write_text("- sections:\n  - title: nothing here\n  title: S\n- local: page\n", encoding="utf-8")
    with pytest.raises(PolydocsError) as raised:
        load_toctree(path)
    assert [(p.line, p.message) for p in raised.value.diagnostics] == [
        (2, "entry has neither `local:` nor `sections:`"),
        (4, "entry `page` has no `title:`"),
    ]


def test_a_folder_not_named_by_a_language_tag_is_an_error_showing_the_alias_line(write_tree):
    root = write_tree(
        {"en/_toctree.yml": TOC_EN, "en/index.md": "", "en/guide.md": "", "chinese/_toctree.yml": TOC_EN}
    )
    with pytest.raises(PolydocsError) as raised:
        load_source_tree(root)
    (problem,) = raised.value.diagnostics
    assert problem.code == "unknown-language"
    assert problem.path.endswith("chinese")
    assert "`chinese`" in problem.message
    assert "`languages: {chinese: <tag>}`" in problem.hint


def test_an_unregistered_code_builds_with_a_warning_showing_the_alias_line(write_tree):
    root = write_tree(
        {
            "en/_toctree.yml": TOC_EN,
            "en/index.md": "",
            "en/guide.md": "",
            "gj/_toctree.yml": TOC_ONE,
            "gj/index.md": "",
        }
    )
    tree = load_source_tree(root)
    assert tree.languages == ["en", "gj"]
    (problem,) = tree.problems
    assert (problem.code, problem.severity) == ("language-unregistered", "warning")
    assert problem.path.endswith("gj")
    assert "`languages: {gj: gu}`" in problem.hint
    assert tree.language("gj").tag == "gj"


def test_an_aliased_folder_keeps_its_name_and_says_its_tag(write_tree):
    root = write_tree(
        {
            "polydocs.yml": "languages: {cn: zh}\n",
            "en/_toctree.yml": TOC_EN,
            "en/index.md": "",
            "en/guide.md": "",
            "cn/_toctree.yml": TOC_ONE,
            "cn/index.md": "",
        }
    )
    tree = load_source_tree(root)
    assert tree.languages == ["en", "cn"]
    assert tree.problems == []
    chinese = tree.language("cn")
    assert (chinese.folder, chinese.tag, chinese.autonym) == ("cn", "zh", "中文")


def test_an_alias_to_something_that_is_no_tag_is_a_settings_error_at_its_line(write_tree):
    root = write_tree({"polydocs.yml": "site_name: Docs\nlanguages:\n  cn: Chinese Simplified\n"})
    with pytest.raises(PolydocsError) as raised:
        load_project_config(root)
    (problem,) = raised.value.diagnostics
    assert (problem.line, problem.code) == (2, "config")
    assert "cn: Chinese Simplified" in problem.message


def test_non_utf8_page_is_left_out_with_its_line(write_tree):
    root = write_tree({"en/_toctree.yml": TOC_EN, "en/index.md": "# Home\n", "en/guide.md": ""})
    (root / "en" / "guide.md").write_bytes(b"# Guide\n\nCaf\xe9\n")
    tree = load_source_tree(root)
    assert "guide" not in tree.pages["en"]
    (problem,) = [p for p in tree.problems if p.code == "encoding"]
    assert problem.line == 3
    assert "UTF-8" in problem.hint


def test_project_config_problems_are_collected_with_lines(write_tree):
    root = write_tree({"polydocs.yml": "site_name: Docs\nicon: x\niframe_hosts: huggingface.co\n"})
    with pytest.raises(PolydocsError) as raised:
        load_project_config(root)
    assert [(p.line, p.message) for p in raised.value.diagnostics] == [
        (2, "unknown setting `icon`"),
        (3, "expected a list of host names, e.g. [huggingface.co]"),
    ]


def test_corpus_loads_with_located_problems(corpus):
    tree = load_source_tree(corpus)
    assert tree.languages == ["en", "es", "pt"]
    assert len(tree.pages["es"]) > 40
    assert tree.problems
    assert all(problem.line >= 1 for problem in tree.problems)


def test_a_page_listed_twice_is_reported_at_the_second_entry(write_tree):
    root = write_tree({"en/_toctree.yml": TOC_EN + "- local: guide\n  title: Again\n", **_EN_PAGES})
    [problem] = load_source_tree(root).problems
    assert (problem.code, problem.line) == ("toctree-duplicate", 7)
    assert "first at line 4" in problem.message


_EN_PAGES = {"en/index.md": "# Home\n", "en/guide.md": "# Guide\n"}


@pytest.mark.parametrize(
    ("page", "line"),
    [
        ("---\ntitle: [unclosed\n---\n# Guide\n", 2),  # the unclosed [, not the closing ---
        ("---\n- a list\n---\n# Guide\n", 2),
        ("---\ntitle: never closed\n\n# Guide\n", 1),
        ("---\ntitle: &a [*a\n---\n# Guide\n", 2),  # refused at its alias (tree_yaml.py)
    ],
    ids=["bad-yaml", "not-a-mapping", "never-closed", "bad-alias"],
)
def test_front_matter_readers_would_see_as_text_is_reported(write_tree, page, line):
    root = write_tree({"en/_toctree.yml": TOC_EN, **_EN_PAGES, "en/guide.md": page})
    [problem] = load_source_tree(root).problems
    assert (problem.code, problem.line) == ("front-matter", line)
    assert problem.path.endswith("en/guide.md")


def test_good_front_matter_is_quiet(write_tree):
    root = write_tree(
        {"en/_toctree.yml": TOC_EN, **_EN_PAGES, "en/guide.md": "---\ntitle: Guide\n---\n# G\n"}
    )
    assert load_source_tree(root).problems == []
