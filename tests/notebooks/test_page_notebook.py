"""Every page of docs_src as a notebook: valid, and its code cells are the page's Python blocks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from polydocs.dialect.constructs.runnable_lines import reader_code
from polydocs.notebooks import page_notebook
from polydocs.notebooks.requirements import CHECKED_VERSIONS
from polydocs.snippets.regions import extract_regions
from polydocs.sources import language_of

from .golden import CASES, assert_golden

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "docs_src"
PAGES = sorted(SOURCE.glob("*/*.md"))


def _cells(path: Path) -> list[nbformat.NotebookNode]:
    notebook = nbformat.reads(
        page_notebook(path.read_text(encoding="utf-8"), path, language_of(path.parent.name)), 4
    )
    nbformat.validate(notebook)
    return list(notebook.cells)


def _expected_code(path: Path) -> list[str]:
    """What the code cells must be: each Python block's hidden setup, then the block as the reader sees it."""
    expected = []
    for region in extract_regions(path):
        if region.is_python:
            expected += [setup.code.strip() for setup in region.directives.setup]
            expected.append(region.code.strip())
    return expected


def test_the_project_has_pages_in_every_language() -> None:
    assert {path.parent.name for path in PAGES} == {"en", "es", "pt"}


@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_page_notebook_is_valid_and_its_code_cells_are_the_pages_blocks(path: Path) -> None:
    cells = _cells(path)
    expected = _expected_code(path)
    code = [cell.source for cell in cells if cell.cell_type == "code"]
    if expected:
        assert code[0].startswith("%pip install torch==2.13.0")
        code = code[1:]
    assert code == expected
    prose = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    for dialect in ("[!TIP]", "<Tip", "<iframe", "<!--", "polydocs:"):
        assert dialect not in prose
    assert not re.search(r"\[`[\w.~]+`\](?!\()", prose), "an API link left in the dialect"


def test_sample_page_notebook_matches_its_golden_file() -> None:
    page = CASES / "sample.md"
    assert_golden(
        page_notebook(page.read_text(encoding="utf-8"), page, language_of("es")), "sample.es.ipynb.json"
    )


def test_sample_cells_carry_setup_and_raises_metadata() -> None:
    cells = [cell for cell in _cells(CASES / "sample.md") if cell.cell_type == "code"]
    assert cells[0].source == ("%pip install torch==2.13.0 transformers==5.23.0 accelerate==1.15.0")
    setup, model = cells[1], cells[2]
    assert setup.metadata == {"jupyter": {"source_hidden": True}}
    assert setup.source == 'import os\nos.environ["EXAMPLE"] = "1"'
    assert "doc-builder: hide" not in model.source and model.metadata == {}
    raising = next(cell for cell in cells if cell.source == "1 / 0")
    assert raising.metadata == {"tags": ["raises-exception"]}
    doctest = next(cell for cell in cells if cell.source == "print(2 + 2)")
    assert doctest.outputs[0]["data"] == {"text/plain": "4"}


def test_the_pins_are_the_versions_the_pages_are_checked_with() -> None:
    lines = (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines()
    tested = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    assert {name: tested[name] for name in CHECKED_VERSIONS} == CHECKED_VERSIONS


def test_link_labels_in_each_language() -> None:
    assert [language_of(lang).text("notebook.download") for lang in ("en", "es", "pt", "ja")] == [
        "Download notebook",
        "Descargar notebook",
        "Baixar notebook",
        "Download notebook",
    ]


def test_making_a_notebook_imports_neither_torch_nor_mkdocs() -> None:
    page = SOURCE / "en" / "perf_torch_compile.md"
    program = (
        "import sys, pathlib\n"
        "from polydocs.notebooks import page_notebook\n"
        "from polydocs.sources import language_of\n"
        f"path = pathlib.Path({str(page)!r})\n"
        "page_notebook(path.read_text(encoding='utf-8'), path, language_of('en'))\n"
        "print(sorted(m for m in ('torch', 'mkdocs', 'transformers') if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(REPO / "src")},
    )
    assert json.loads(result.stdout.replace("'", '"')) == []


def test_code_tabs_are_labelled_in_the_notebook_as_on_the_site(tmp_path: Path) -> None:
    case = REPO / "tests" / "markup" / "cases" / "code_tabs" / "tokenizers_languages.md"
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    page.write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    cells = _cells(page)
    prose = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    assert "**Python**" in prose and "**Rust**" in prose and "**Node**" in prose
    assert "tokenizerslangcontent" not in prose and "<rust>" not in prose


def test_an_inference_snippet_is_its_calls_code_in_the_notebook_as_on_the_site(tmp_path: Path) -> None:
    case = REPO / "tests" / "markup" / "cases" / "code_tabs" / "inference_snippet.md"
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    page.write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    cells = _cells(page)
    prose = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    assert "<InferenceSnippet" not in prose and "providersMapping" not in prose
    assert "**JavaScript**" in prose and "client.chatCompletion" in prose and "`replicate`" in prose
    assert 'client.text_to_image(\n    "Astronaut riding a horse"' in code
    assert 'model="deepseek-ai/DeepSeek-R1"' in code


def test_a_notebook_leaves_out_a_hidden_statement_whole_as_the_site_does(tmp_path: Path) -> None:
    # doc-builder's README example: the hidden loop's body is its test, shown neither on the site nor here.
    page = tmp_path / "en" / "runnable.md"
    page.parent.mkdir()
    block = (
        'print("I love this!")\nfor key in inputs:  # doc-builder: hide\n    assert hidden_body_line(key)\n'
    )
    page.write_text(f"# Runnable\n\n```py runnable:quickstart\n{block}```\n", encoding="utf-8")
    code = [cell.source for cell in _cells(page) if cell.cell_type == "code"]
    assert code[-1] == reader_code(block).strip() == 'print("I love this!")'


def test_an_empty_python_block_is_an_empty_code_cell(tmp_path: Path) -> None:
    """The course's vi/chapter8/5 shows how to open a fence with an empty ```` ```python ```` block:
    doc-builder made a code cell whose source is None, nbformat refused it and the page had no notebook."""
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    page.write_text("# Fences\n\nType this:\n\n```python\n```\n\nthen your code.\n", encoding="utf-8")
    code = [cell.source for cell in _cells(page) if cell.cell_type == "code"]
    assert code == [""]


def test_a_literalinclude_is_its_excerpt_as_on_the_site(tmp_path: Path) -> None:
    """The notebook kept `<literalinclude>{...}</literalinclude>` as written (the golden cases of
    tests/markup/cases/literal_include, made notebooks, showed it); the site shows the excerpt's code, or a
    notice where it cannot be read. Two blank lines of the excerpt stay two."""
    (tmp_path / "code.py").write_text("# START x\nimport os\n\n\nprint(os.sep)\n# END x\n", encoding="utf-8")
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    include = '<literalinclude>{"path": "../code.py", "language": "python", "start-after": "START x", '
    include += '"end-before": "END x"}</literalinclude>'
    page.write_text(
        f"# Includes\n\n- {include}\n\n{include.replace('code.py', 'none.py')}\n", encoding="utf-8"
    )
    notebook = nbformat.reads(
        page_notebook(page.read_text(), page, language_of("en"), include_root=tmp_path), 4
    )
    prose = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "-  ```python\n   import os\n\n\n   print(os.sep)\n   ```" in prose
    assert "*The code this page includes from ../none.py could not be read.*" in prose
    assert "<literalinclude>" not in prose
