"""The documented library: named on the command line or in polydocs.yml, else found around the tree."""

from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree

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


def test_the_pages_autodoc_directives_name_the_library_nothing_else_names(project, write_tree):
    """evaluate's tree built on its own: readers saw `transformers.evaluate.EvaluationModuleInfo`."""
    pages = {
        "index.md": "# Home\n\n```bash\npip install evaluate\n```\n\nSee [`transformers.Trainer`].\n",
        "api.md": "# API\n\n[[autodoc]] evaluate.EvaluationModule\n\n[[autodoc]] evaluate.load\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert (chosen.name, chosen.assumed) == ("evaluate", False)
    assert "evaluate (2 directives, 0 links)" in chosen.said()


def test_modules_of_an_unnamed_library_and_links_into_others_name_no_library(project, write_tree):
    """accelerate's `[[autodoc]] utils.X` names its own module; Transformers' pages link datasets'."""
    pages = {
        "index.md": "# Home\n\n`pip install datasets`, then [`datasets.load_dataset`].\n",
        "api.md": "# API\n\n[[autodoc]] utils.set_seed\n\n[[autodoc]] utils.gather\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert chosen.name == "transformers" and chosen.assumed


def test_of_several_packages_the_installed_one_most_directives_name_is_chosen_and_all_are_said(
    project, write_tree
):
    pages = {
        "index.md": "# Home\n\n    pip install mylib otherlib\n",
        "api.md": "# API\n\n[[autodoc]] otherlib.A\n\n[[autodoc]] mylib.B\n\n[[autodoc]] mylib.C\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert chosen.name == "mylib"
    assert chosen.origin.endswith("mylib (2 directives, 0 links), otherlib (1 directives, 0 links)")


def test_an_installed_package_whose_modules_and_exports_the_unnamed_directives_name_is_the_library(
    project, write_tree
):
    """diffusers' tree (406 `[[autodoc]] DiffusionPipeline`-like directives naming no package, 156
    `models.X`, 82 `pipelines.X`, 22 `diffusers.X`) was documented as transformers: 831
    api-link-unresolved, 755 autodoc-unavailable. Its modules and the names its `__init__.py` exports
    count for diffusers (installed here for the snippet checks); `Trainer`, which it does not export, not."""
    pages = {
        "index.md": "# Home\n\n```bash\npip install -U diffusers transformers\n```\n",
        "api.md": "# API\n\n[[autodoc]] DiffusionPipeline\n\n[[autodoc]] AutoencoderKL\n\n"
        "[[autodoc]] Trainer\n\n[[autodoc]] models.UNet2DModel\n\n"
        "[[autodoc]] pipelines.ImagePipelineOutput\n\n"
        "[[autodoc]] diffusers.utils.load_image\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert (chosen.name, chosen.assumed) == ("diffusers", False)
    # transformers, which the pages install too, exports `Trainer` and has `models` and `pipelines` modules.
    assert chosen.origin.endswith(
        "diffusers (1 directives, 4 of its modules and exports, 0 links), "
        "transformers (0 directives, 3 of its modules and exports, 0 links)"
    )


def test_an_installed_package_the_pages_install_is_the_library_though_no_directive_names_it(
    project, write_tree
):
    """peft's tree names its objects by their modules (`tuners.lora.LoraConfig`) or alone (`PeftModel`),
    never `peft.X`: it was documented as transformers, every API link of it unresolved, and lint read all
    of transformers' 2,860 modules looking for `transformers.PeftModel`."""
    pages = {
        "index.md": "# Home\n\n```bash\npip install peft\n```\n",
        "api.md": "# API\n\n[[autodoc]] PeftModel\n\n[[autodoc]] tuners.lora.LoraConfig\n\n"
        "[[autodoc]] utils.get_peft_model_state_dict\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert (chosen.name, chosen.assumed) == ("peft", False)
    assert chosen.origin.endswith("peft (0 directives, 3 of its modules and exports, 0 links)")


def test_a_package_the_pages_install_whose_modules_alone_match_is_not_the_library(project, write_tree):
    """`utils` is a module of datasets as of accelerate: a module's name alone, with no unnamed directive
    the package exports, names nothing."""
    pages = {
        "index.md": "# Home\n\n`pip install datasets`\n",
        "api.md": "# API\n\n[[autodoc]] utils.set_seed\n\n[[autodoc]] NotExportedByDatasets\n",
    }
    chosen = load_source_tree(write_tree(pages)).library
    assert chosen.name == "transformers" and chosen.assumed


PEFT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "peft-docs"


@pytest.mark.skipif(not PEFT_CORPUS.is_dir(), reason="the corpus tree peft-docs (../shared/corpus) is absent")
def test_peft_s_real_tree_documents_peft() -> None:
    chosen = load_source_tree(PEFT_CORPUS).library
    assert (chosen.name, chosen.assumed) == ("peft", False), chosen.said()
