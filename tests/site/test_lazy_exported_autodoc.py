"""`[[autodoc]] BertModel` in a transformers tree: transformers exports its model classes lazily (its
`_LazyModule`, and `from .models import *` chains under `TYPE_CHECKING`), so reading `__init__.py` alone
finds no `BertModel`; the build follows the imported object to the module that defines it, documents it
under the name the page wrote, and the page's links land on it. A real build of the installed transformers."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("transformers")

TOC = "- sections:\n  - local: index\n    title: Home\n  - local: bert\n    title: BERT\n  title: T\n"
PAGES = {
    "_toctree.yml": TOC,
    "polydocs.yml": "library: transformers\n",
    "index.md": "# Home\n\nSee [`BertModel`] and [`~BertModel.forward`].\n",
    "bert.md": "# BERT\n\n## BertModel\n\n[[autodoc]] BertModel\n    - forward\n\n"
    "## BertConfig\n\n[[autodoc]] BertConfig\n",
}


def test_lazily_exported_classes_are_documented_under_the_name_the_page_writes(tmp_path: Path) -> None:
    tree = tmp_path / "docs"
    tree.mkdir()
    for name, text in PAGES.items():
        (tree / name).write_text(text, encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site", "--strict"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    assert "autodoc-unavailable" not in built.stderr
    page = (tmp_path / "site/en/bert/index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert {"transformers.BertModel", "transformers.BertModel.forward", "transformers.BertConfig"} <= ids
    # The signature griffe read from modeling_bert.py, under the name the page wrote.
    assert re.search(r"transformers\.BertModel</span>\s*<span[^>]*>\(", page) or "BertModel(config" in (
        re.sub(r"<[^>]+>", "", page)
    )
    home = (tmp_path / "site/en/index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a [^<>]*href="([^"<]*)"[^<>]*><code>([^<]*)</code></a>', home)
    assert ("bert/#transformers.BertModel", "BertModel") in links
    assert ("bert/#transformers.BertModel.forward", "forward") in links
