"""The names a library exports are remembered between runs (importing it costs seconds), under what its
files are, not under its version alone: a package edited in place (an editable install, or a folder on
PYTHONPATH that no distribution installed, whose version is unknown) gets its new names in the next run,
as a writer expects who adds the class a page documents. Two real `polydocs build` processes, one cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: T\n"
HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"


def _build(tree: Path, out: Path, environment: dict[str, str]) -> str:
    built = subprocess.run(
        [sys.executable, "-m", "polydocs", "build", "--source", str(tree), "--out", str(out)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    return built.stderr


def test_a_class_added_to_a_package_on_the_path_is_documented_in_the_next_build(tmp_path: Path) -> None:
    package = tmp_path / "lib" / "editedlib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from editedlib.core import Widget\n", encoding="utf-8")
    (package / "core.py").write_text('class Widget:\n    """A widget."""\n', encoding="utf-8")
    tree = tmp_path / "docs"
    (tree / "en").mkdir(parents=True)
    (tree / "polydocs.yml").write_text("library: editedlib\n", encoding="utf-8")
    (tree / "en" / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (tree / "en" / "index.md").write_text(HEADER + "# Home\n", encoding="utf-8")
    (tree / "en" / "api.md").write_text(HEADER + "# API\n\n[[autodoc]] Gadget\n", encoding="utf-8")
    environment = {
        **os.environ,
        "PYTHONPATH": str(tmp_path / "lib"),
        "POLYDOCS_CACHE": str(tmp_path / "cache"),
    }

    before = _build(tree, tmp_path / "first", environment)
    assert "`editedlib.Gadget` cannot be imported" in before

    (package / "core.py").write_text(
        'class Widget:\n    """A widget."""\n\n\nclass Gadget:\n    """A gadget, added since."""\n',
        encoding="utf-8",
    )
    (package / "__init__.py").write_text("from editedlib.core import Gadget, Widget\n", encoding="utf-8")
    after = _build(tree, tmp_path / "second", environment)
    assert "cannot be imported" not in after, after
    assert "A gadget, added since." in (tmp_path / "second" / "en" / "api" / "index.html").read_text()
