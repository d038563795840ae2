"""The same `[[autodoc]]` pages documented by polydocs (a real build) and by doc-builder (its own page
conversion), compared field by field on objects of accelerate, peft and transformers as installed: every
difference is one docs/markup.md justifies, and the comparison does see them."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache

import pytest

from polydocs.docstrings.agreement import FIELDS, Agreement
from polydocs.docstrings.side_by_side import compare_pages

PAGES = {
    "accelerate": (
        "# Accelerator\n\n[[autodoc]] Accelerator\n    - gather\n    - save_model\n\n"
        "## Configuration\n\n[[autodoc]] utils.DataLoaderConfiguration\n\n"
        "## State\n\n[[autodoc]] state.PartialState\n    - split_between_processes\n"
    ),
    "peft": (
        "# LoRA\n\n[[autodoc]] tuners.lora.LoraConfig\n\n"
        "## PeftModel\n\n[[autodoc]] PeftModel\n    - from_pretrained\n\n"
        "## AutoPeftModel\n\n[[autodoc]] auto.AutoPeftModel\n    - from_pretrained\n"
    ),
    "transformers": "# Arguments\n\n[[autodoc]] TrainingArguments\n    - set_evaluate\n",
}


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Agreement]:
    """`compared(library)`: its pages documented by both and compared, once for the module's tests (a
    comparison is two real conversions of the library's objects)."""
    folder = tmp_path_factory.mktemp("side-by-side")

    @cache
    def compare(library: str) -> Agreement:
        page = folder / f"{library}.md"
        page.write_text(PAGES[library], encoding="utf-8")
        return compare_pages(library, [page], folder / f"work-{library}")

    def installed(library: str) -> Agreement:
        if importlib.util.find_spec(library) is None:
            pytest.skip(f"{library} is not installed")
        return compare(library)

    return installed


@pytest.mark.parametrize("library", sorted(PAGES))
def test_every_difference_from_doc_builder_is_a_justified_one(
    library: str, compared: Callable[[str], Agreement]
) -> None:
    agreement = compared(library)
    assert not agreement.only_doc_builder and not agreement.not_installed
    assert all(agreement.compared[name] for name in FIELDS), agreement.compared
    unexplained = [
        f"{d.where} [{d.field}]\n  doc-builder: {d.doc_builder!r}\n  polydocs:    {d.polydocs!r}"
        for d in agreement.unexplained
    ]
    assert not unexplained, "\n".join(unexplained)
    if library == "transformers":
        # TrainingArguments documents its parameters in groups (`> Title`, then a blank line): all of them
        # are read, not only the first group's.
        assert agreement.compared["type"] > 100


def test_the_comparison_sees_where_doc_builder_cuts_a_type_at_its_colon(
    compared: Callable[[str], Agreement],
) -> None:
    agreement = compared("accelerate")
    (cut,) = [
        d
        for d in agreement.differences
        if d.where == "accelerate.Accelerator.deepspeed_plugin" and d.field == "type"
    ]
    assert cut.doc_builder == "(DeepSpeedPlugin or dict of str"
    assert cut.polydocs == "DeepSpeedPlugin or dict of str: DeepSpeedPlugin, optional"
    assert "first colon" in cut.reason
    assert agreement.agreeing["source"] == agreement.compared["source"]


def test_objects_documented_by_a_longer_path_carry_doc_builders_anchor_too(
    compared: Callable[[str], Agreement],
) -> None:
    agreement = compared("accelerate")
    # `utils.DataLoaderConfiguration` and `state.PartialState` (and its method): doc-builder anchors them at
    # `accelerate.DataLoaderConfiguration`, `accelerate.PartialState.split_between_processes`.
    assert agreement.compared["anchor"] >= 5
    assert agreement.agreeing["anchor"] == agreement.compared["anchor"]
