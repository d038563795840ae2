"""API links inside the docstrings an API page shows resolve as doc-builder resolves them, and each one
polydocs shows as code is a finding at the docstring's line in the library's file: counted on a real build
(`polydocs build --report-json`) and doc-builder's own conversion of the same pages
(`link_agreement.count_links`, its `docstring_uses`), for a small library written to a folder on the path."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from link_counting import counted_links

from polydocs.docstrings.built_entries import object_blocks
from polydocs.docstrings.link_agreement import LinkCount

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
MODELS = (
    "class Base:\n"  # 1
    '    """A base. See [`Model`] and [`~docshape.models.Model.run`].\n'  # 2
    "\n"  # 3
    "    Args:\n"  # 4
    "        model ([`Model`], *optional*):\n"  # 5
    "            The model, see [`helper`] and [`NoSuchThing`].\n"  # 6
    '    """\n'  # 7
    "\n"  # 8
    "    def unload(self):\n"  # 9
    '        """Gets back [`Base`]."""\n'  # 10
    "\n"  # 11
    "\n"  # 12
    "class Model(Base):\n"  # 13
    '    """The model of a :class:`~docshape.models.Base`, run by :meth:`Model.run`.\n'  # 14
    "\n"  # 15
    "    Returns:\n"  # 16
    "        [`Base`]: a base, not a [`Base.no_such_member`].\n"  # 17
    '    """\n'  # 18
    "\n"  # 19
    "    def run(self):\n"  # 20
    '        """Runs the [`Model`].\n'  # 21
    "\n"  # 22
    "        ```python\n"  # 23
    "        model.run()  # [`NotALink`] in code\n"  # 24
    "        ```\n"  # 25
    '        """\n'  # 26
    "\n"  # 27
    "\n"  # 28
    "def helper():\n"  # 29
    '    """Helps :func:`~docshape.helper` and [`Model.run`]."""\n'  # 30
)
LIBRARY = {"__init__.py": "from .models import Base, Model, helper\n", "models.py": MODELS}
PAGES = {
    "_toctree.yml": "- sections:\n  - local: index\n    title: Home\n  title: S\n",
    "index.md": HEADER + "# Home\n\n[[autodoc]] Base\n\n[[autodoc]] Model\n    - run\n\n[[autodoc]] helper\n",
}


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> tuple[LinkCount, Path, Path]:
    """The links counted, the folder holding the build's report (`report.json`), and the library's file."""
    tmp_path = tmp_path_factory.mktemp("docstring-links")
    count = counted_links(tmp_path, "docshape", LIBRARY, PAGES)
    return count, tmp_path / "work", tmp_path / "installed" / "docshape" / "models.py"


def test_docstring_links_resolve_as_doc_builder_resolves_them(counted: tuple[LinkCount, Path, Path]) -> None:
    count, _, _ = counted
    resolved = [(use.where, use.text, use.doc_builder, use.polydocs) for use in count.docstring_uses]
    assert sorted(resolved) == sorted(
        [
            ("index#docshape.Base", "Model", True, True),
            ("index#docshape.Base", "~docshape.models.Model.run", True, True),
            ("index#docshape.Base", "Model", True, True),  # in the parameter's type
            ("index#docshape.Base", "helper", True, True),
            ("index#docshape.Base", "NoSuchThing", False, False),
            ("index#docshape.Base.unload", "Base", True, True),
            # reST roles: doc-builder reads the docstring as reST and links them
            ("index#docshape.Model", "~docshape.models.Base", True, True),
            ("index#docshape.Model", "Model.run", True, True),
            ("index#docshape.Model.run", "Model", True, True),
            ("index#docshape.Model.run", "NotALink", False, False),  # doc-builder reads code too
            ("index#docshape.helper", "~docshape.helper", True, True),
        ]
    )
    assert count.only("doc_builder", docstrings=True) == []


def test_a_docstring_with_roles_keeps_its_markdown_links(counted: tuple[LinkCount, Path, Path]) -> None:
    """doc-builder converts a docstring holding a role as reST, whose single backquotes are italics: its
    `` [`Base`] `` shows as `[*Base*]`, no link (not counted above); polydocs links it."""
    _, work, _ = counted
    blocks = object_blocks((work / "site" / "en" / "index.html").read_text(encoding="utf-8"))
    assert re.search(
        r'<a href="[^"]*#docshape\.Model\.run"><code>Model\.run</code></a>', blocks["docshape.helper"]
    )
    assert re.search(r'<a href="[^"]*#docshape\.Base"><code>Base</code></a>', blocks["docshape.Model"])


def test_each_docstring_link_shown_as_code_is_a_finding_at_its_docstring_line(
    counted: tuple[LinkCount, Path, Path],
) -> None:
    _, work, models = counted
    diagnostics = json.loads((work / "report.json").read_text(encoding="utf-8"))["diagnostics"]
    findings = [d for d in diagnostics if d["code"] == "docstring-link-unresolved"]
    where = sorted((str((work / d["path"]).resolve()), d["line"]) for d in findings)
    assert where == [(str(models.resolve()), 6), (str(models.resolve()), 17)]
    messages = " ".join(d["message"] for d in findings)
    assert "in the docstring of `docshape.models.Base`: [`NoSuchThing`] names no object" in messages
    assert "in the docstring of `docshape.models.Model`: [`Base.no_such_member`]" in messages
    assert all(d["severity"] == "warning" and d["hint"] for d in findings)
    assert not [d for d in diagnostics if d["code"].startswith("api-link")]  # the page's own check
