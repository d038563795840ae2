"""Links to other libraries' objects (`[`accelerate.Accelerator`]` in another library's pages) through
`api_libraries:` of polydocs.yml: a local objects.inv (made here by doc-builder's own writer) or a URL
pattern, read at build time without the network."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.site.build import build_site
from polydocs.sources.project import load_project_config

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  title: S\n"
PAGE = (
    "# Home\n\nTrain with [`accelerate.Accelerator`], call [`~accelerate.Accelerator.backward`], "
    "load a [`datasets.Dataset`], and [`accelerate.NotInTheInventory`].\n"
)
ACCELERATE = "https://huggingface.co/docs/accelerate/main/en/"
DATASETS = "https://huggingface.co/docs/datasets/main/en/package_reference/main_classes#{anchor}"


def _objects_inv(folder: Path) -> None:
    """accelerate's inventory as doc-builder writes it when it builds accelerate's docs."""
    import accelerate
    from doc_builder.build_doc import build_sphinx_objects_ref, convert_anchors_mapping_to_sphinx_format

    anchors = {
        "accelerate.Accelerator": "package_reference/accelerator",
        "accelerate.Accelerator.backward": "package_reference/accelerator",
    }
    refs = convert_anchors_mapping_to_sphinx_format(anchors, accelerate)
    build_sphinx_objects_ref(refs, folder, {"package_name": "accelerate", "version": "1.15.0"})


def _tree(tmp_path: Path, settings: str) -> Path:
    tree = tmp_path / "tree"
    (tree / "inventories").mkdir(parents=True)
    _objects_inv(tree / "inventories")
    (tree / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (tree / "index.md").write_text(HEADER + PAGE, encoding="utf-8")
    (tree / "polydocs.yml").write_text("library: peft\n" + settings, encoding="utf-8")
    return tree


def test_links_to_other_libraries_resolve_through_a_local_inventory_or_a_url_pattern(tmp_path: Path) -> None:
    pytest.importorskip("accelerate")
    settings = (
        "api_libraries:\n"
        f"  accelerate:\n    url: {ACCELERATE}\n    inventory: inventories/objects.inv\n"
        f"  datasets:\n    url: {DATASETS}\n"
    )
    report = build_site(_tree(tmp_path, settings), tmp_path / "site", only=["en"], jobs=1)
    page = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    accelerator = f"{ACCELERATE}package_reference/accelerator#accelerate.Accelerator"
    assert f'<a href="{accelerator}"><code>accelerate.Accelerator</code></a>' in page
    assert f'<a href="{accelerator}.backward"><code>backward</code></a>' in page
    dataset = DATASETS.format(anchor="datasets.Dataset")
    assert f'<a href="{dataset}"><code>datasets.Dataset</code></a>' in page
    # A name the inventory lacks stays code, reported at its line with the object's name.
    (unresolved,) = [d for d in report.diagnostics if d.code == "api-link-unresolved"]
    assert "accelerate.NotInTheInventory" in unresolved.message and unresolved.line == 5
    assert "of the accelerate API inventory" in unresolved.message and "api_libraries" in unresolved.hint


def test_an_inventory_that_is_not_there_is_a_settings_error_at_its_line(tmp_path: Path) -> None:
    settings = f"api_libraries:\n  accelerate:\n    url: {ACCELERATE}\n    inventory: missing.inv\n"
    with pytest.raises(PolydocsError) as raised:
        load_project_config(_tree(tmp_path, settings))
    (problem,) = raised.value.diagnostics
    assert problem.line == 2 and "missing.inv is not a file" in problem.message


def _bomb() -> bytes:
    """A file with an inventory's header whose compressed part decompresses past any objects.inv (65 MB of
    zeros in 64 kB)."""
    header = b"# Sphinx inventory version 2\n# Project: x\n# Version: 1\n# The remainder is compressed.\n"
    return header + zlib.compress(b"\0" * (65 * 2**20), 9)


@pytest.mark.parametrize(
    ("inventory", "said"),
    [
        ("../outside.inv", "is not a file inside"),  # a valid inventory, but not the tree's
        ("inventories/leaving.inv", "is not a file inside"),  # a link inside the tree that leaves it
        ("inventories/bomb.inv", "more than 64 MB once decompressed"),
        ("index.md", "not a Sphinx inventory of version 2"),
    ],
)
def test_an_inventory_outside_the_tree_or_past_its_bounds_is_a_settings_error_at_its_line(
    tmp_path: Path, inventory: str, said: str
) -> None:
    settings = f"api_libraries:\n  accelerate:\n    url: {ACCELERATE}\n    inventory: {inventory}\n"
    tree = _tree(tmp_path, settings)
    (tmp_path / "outside.inv").write_bytes((tree / "inventories" / "objects.inv").read_bytes())
    (tree / "inventories" / "leaving.inv").symlink_to(tmp_path / "outside.inv")
    (tree / "inventories" / "bomb.inv").write_bytes(_bomb())
    with pytest.raises(PolydocsError) as raised:
        load_project_config(tree)
    (problem,) = raised.value.diagnostics
    assert problem.line == 2 and problem.path.endswith("polydocs.yml"), problem
    assert f"`api_libraries.accelerate.inventory`: {tree / inventory}" in problem.message
    assert said in problem.message
