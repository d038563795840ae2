"""The documented library: named on the command line or in polydocs.yml, else found around the tree."""

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.sources import load_source_tree

TREE = {"_toctree.yml": "- local: index\n  title: Home\n", "index.md": "# Home\n"}


@pytest.fixture
def project(tmp_path, write_tree):
    """A repository holding `docs/` (the `write_tree` folder) with nothing naming the library yet."""
    return tmp_path, write_tree(TREE)


def test_pyproject_above_the_tree_names_the_library(project):
    repository, tree = project
    (repository / "pyproject.toml").write_text('[project]\nname = "huggingface-hub"\n', encoding="utf-8")
    chosen = load_source_tree(tree).library
    assert (chosen.name, chosen.assumed) == ("huggingface_hub", False)
    assert chosen.origin.endswith("pyproject.toml")


def test_setup_py_is_read_without_running_it(project):
    repository, tree = project
    (repository / "setup.py").write_text(
        "import sys\nsys.exit('never run')\nsetup(name='peft', version='1')\n", encoding="utf-8"
    )
    assert load_source_tree(tree).library.name == "peft"


def test_the_command_line_comes_before_polydocs_yml_and_the_project(project):
    repository, tree = project
    (repository / "pyproject.toml").write_text('[project]\nname = "other"\n', encoding="utf-8")
    (tree / "polydocs.yml").write_text("library: peft\n", encoding="utf-8")
    assert load_source_tree(tree).library.name == "peft"
    assert load_source_tree(tree, "diffusers").library.origin == "--library"
    assert load_source_tree(tree, "diffusers").project.library == "diffusers"


def test_nothing_naming_a_library_keeps_transformers_and_says_how_to_name_one(project):
    chosen = load_source_tree(project[1]).library
    assert chosen.name == "transformers" and chosen.assumed
    assert "--library" in chosen.said()


def test_library_and_api_reference_naming_two_libraries_is_a_config_error(project):
    _, tree = project
    settings = "library: peft\napi_reference:\n  package: transformers\n  url: 'https://x/{page}'\n"
    (tree / "polydocs.yml").write_text(settings, encoding="utf-8")
    with pytest.raises(PolydocsError) as raised:
        load_source_tree(tree)
    assert [(d.code, d.line) for d in raised.value.diagnostics] == [("config", 1)]
