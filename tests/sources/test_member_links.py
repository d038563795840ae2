"""API links to members resolve where a page of the site shows the member, as doc-builder resolves them:
counted on a real build (`polydocs build --report-json`) and doc-builder's own conversion of the same
pages (`link_agreement.count_links`), for a library shaped like peft (a tuner model inheriting its merge
methods from a base documented on another page)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from link_counting import counted_links

from polydocs.docstrings.link_agreement import LinkCount

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
LIBRARY = {
    "__init__.py": "from .tuners import BaseTuner, LoraModel\n",
    "tuners/__init__.py": "from .lora import LoraModel\nfrom .tuners_utils import BaseTuner\n",
    "tuners/tuners_utils.py": (
        "class BaseTuner:\n"
        '    """A base tuner."""\n\n'
        "    def merge_and_unload(self):\n"
        '        """Merges the adapter layers into the base model."""\n\n'
        "    def unload(self):\n"
        '        """Gets back the base model."""\n'
    ),
    "tuners/lora/__init__.py": "from .model import LoraModel\n",
    "tuners/lora/model.py": (
        "from ..tuners_utils import BaseTuner\n\n\n"
        "class LoraModel(BaseTuner):\n"
        '    """A LoRA model."""\n\n'
        "    def add_weighted_adapter(self, adapters):\n"
        '        """Adds a weighted adapter."""\n\n'
        "    def _get_kasa_loss(self):\n"
        '        """An internal loss."""\n'
    ),
}
TOC = (
    "- sections:\n  - local: index\n    title: Home\n  - local: tuners\n    title: Tuners\n"
    "  - local: lora\n    title: LoRA\n  title: S\n"
)
GUIDE = (
    "# Home\n\n"
    "Merge with [`~LoraModel.merge_and_unload`] and weigh with [`~LoraModel.add_weighted_adapter`].\n\n"
    "The loss [`LoraModel._get_kasa_loss`] is internal; [`LoraModel.no_such_method`] does not exist.\n\n"
    "Get the base model back with [`~BaseTuner.unload`]:\n"
)
PAGES = {
    "_toctree.yml": TOC,
    "index.md": HEADER + GUIDE,
    "tuners.md": HEADER + "# Tuners\n\n[[autodoc]] tuners.tuners_utils.BaseTuner\n",
    "lora.md": HEADER + "# LoRA\n\n[[autodoc]] tuners.lora.LoraModel\n",
}


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> tuple[LinkCount, Path]:
    """The links counted, and the folder holding the build's report (`report.json`) and site."""
    tmp_path = tmp_path_factory.mktemp("member-links")
    return counted_links(tmp_path, "tunershape", LIBRARY, PAGES), tmp_path / "work"


def test_an_inherited_member_links_to_the_base_documenting_it_as_doc_builder_does(
    counted: tuple[LinkCount, Path],
) -> None:
    count, _ = counted
    resolved = {use.text: (use.doc_builder, use.polydocs) for use in count.uses}
    assert resolved == {
        "~LoraModel.merge_and_unload": (True, True),  # shown on the tuners page, under BaseTuner
        "~LoraModel.add_weighted_adapter": (True, True),
        "LoraModel._get_kasa_loss": (False, False),  # on no page: code, as doc-builder shows it
        "LoraModel.no_such_method": (False, False),
        "~BaseTuner.unload": (True, True),  # a sentence ending in a colon
    }
    assert count.only("doc_builder") == [] and count.only("polydocs") == []


def test_each_link_shown_as_code_is_a_finding_naming_the_link_at_its_page_and_line(
    counted: tuple[LinkCount, Path],
) -> None:
    _, work = counted
    diagnostics = json.loads((work / "report.json").read_text(encoding="utf-8"))["diagnostics"]
    findings = [d for d in diagnostics if d["code"].startswith("api-link")]
    where = [(Path(d["path"]).name, d["line"], d["code"]) for d in findings]
    assert where == [("index.md", 7, "api-link-unresolved")] * 2
    assert "[`LoraModel._get_kasa_loss`]" in findings[0]["message"]
    assert "[`LoraModel.no_such_method`]" in findings[1]["message"]
    assert all("shown as code" in d["message"] and d["hint"] for d in findings)
