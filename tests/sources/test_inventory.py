"""The API inventory: configuration, resolution, existence checks."""

from __future__ import annotations

import pytest

from polydocs.sources.api_inventory import ApiInventory, default_inventory


def test_the_default_inventory_resolves_classes_and_members_to_their_reference_pages() -> None:
    inventory = default_inventory()
    assert inventory.resolve("Trainer.train") is not None
    target = inventory.resolve("transformers.Trainer.train")
    assert target is not None
    assert target.url == (
        "https://huggingface.co/docs/transformers/main/en/main_classes/trainer#transformers.Trainer.train"
    )
    auto = inventory.resolve("AutoModelForCausalLM")
    assert auto is not None and "/model_doc/auto#" in auto.url
    assert inventory.resolve("datasets.Dataset.map") is None


def test_every_default_inventory_object_exists_in_the_installed_transformers() -> None:
    inventory = default_inventory()
    if not inventory.importable():
        pytest.skip("transformers is not installed")
    # PretrainedConfig and PreTrainedConfig: both spellings exist in transformers 5.
    missing = [name for name in inventory.objects if not inventory.exists(name)]
    assert missing == []
    assert not inventory.exists("Trainer.no_such_method")


def test_from_config_builds_an_inventory_and_collects_every_problem() -> None:
    inventory = ApiInventory.from_config(
        {"url": "https://docs.example/{page}#{anchor}", "objects": {"Thing": "things"}, "package": "mypkg"}
    )
    target = inventory.resolve("mypkg.Thing.run")
    assert target is not None and target.url == "https://docs.example/things#mypkg.Thing.run"
    with pytest.raises(ValueError) as problem:
        ApiInventory.from_config({"url": 3, "objects": ["Thing"]})
    assert "`url`" in str(problem.value) and "`objects`" in str(problem.value)


def test_another_installed_packages_objects_are_never_given_this_librarys_name() -> None:
    """Readers saw `transformers.evaluate.EvaluationModuleInfo`; Markdown is installed where tests run."""
    api = default_inventory()
    assert api.full_name("markdown.extensions.Extension") == "markdown.extensions.Extension"
    assert api.resolve("markdown.extensions.Extension") is None
    assert api.full_name("Trainer") == "transformers.Trainer"
    # A module of no installed package is still read as this library's own (`[[autodoc]] utils.X`).
    assert api.full_name("utils_of_no_package.X") == "transformers.utils_of_no_package.X"


def test_a_name_the_library_exports_is_its_own_before_an_installed_package_of_that_name() -> None:
    """huggingface_hub's reference writes `[[autodoc]] logging.get_verbosity`: doc-builder finds
    `huggingface_hub.logging` (the library's `utils.logging`), not the standard library's `logging`, which
    the build asked for and reported unavailable ("install logging for the build")."""
    api = ApiInventory("", {}, "huggingface_hub")
    if not api.importable():
        pytest.skip("huggingface_hub is not installed")
    assert api.full_name("logging.get_verbosity") == "huggingface_hub.logging.get_verbosity"
    assert api.exists("logging.get_verbosity")
    # A package the library does not export under that name stays its own, and so does a Hugging Face
    # library's name, whose links doc-builder sends to that library's reference.
    assert api.full_name("markdown.extensions.Extension") == "markdown.extensions.Extension"
    assert api.full_name("transformers.PreTrainedModel") == "transformers.PreTrainedModel"


def test_a_library_not_installed_owns_its_directives_names_whatever_is_installed() -> None:
    """lighteval's `[[autodoc]] logging.evaluation_tracker.EvaluationTracker`, lighteval not installed:
    doc-builder looks every directive's name up in the package, so this is lighteval's, not the standard
    library's `logging` (reported "cannot be imported; install logging"); a Hugging Face library's name
    still goes to that library."""
    api = ApiInventory("", {}, "nosuchlib_polydocs")
    assert not api.importable()
    assert api.full_name("logging.tracker.Tracker") == "nosuchlib_polydocs.logging.tracker.Tracker"
    assert not api.importable("logging.tracker.Tracker")
    assert api.full_name("transformers.PreTrainedModel") == "transformers.PreTrainedModel"
