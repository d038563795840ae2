"""The adapter: each way hf-doc-builder fails on our Markdown, shown on doc-builder itself, then fixed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from doc_builder.convert_to_notebook import clean_content, parse_doc_into_cells, split_frameworks
from doc_builder.style_doc import style_doc_files

from polydocs.notebooks import page_notebook
from polydocs.notebooks.doc_builder_adapter import (
    notebook_cells,
    python_fence,
    style_python_block,
    verbatim_fence,
    without_license_header,
)
from polydocs.sources import language_of

HEADER = (
    "<!---Copyright 2026 The HuggingFace Team. All rights reserved.\n\nApache License, Version 2.0\n-->\n"
)


def test_doc_builder_keeps_our_license_comment_and_the_adapter_blanks_it() -> None:
    text = HEADER + "\n# Title\n"
    assert clean_content(text).startswith("<!---Copyright")
    blanked = without_license_header(text)
    assert blanked.count("\n") == text.count("\n")
    assert clean_content(blanked) == "# Title"


def test_an_unclosed_license_comment_is_left_for_lint_to_report() -> None:
    text = "<!---Copyright 2026\n# Title\n"
    assert without_license_header(text) == text


@pytest.mark.parametrize("opening", ["  ```py", "```python3", '```py title="x.py"', "~~~py"])
def test_doc_builder_misses_these_python_fences_and_the_adapter_form_is_a_cell(opening: str) -> None:
    closing = opening.split("`")[0].split("~")[0] + ("~~~" if "~" in opening else "```")
    written = f"Text\n\n{opening}\nprint(1)\n{closing}\n"
    assert [c["cell_type"] for c in parse_doc_into_cells(written)] == ["markdown"]
    adapted = "\n".join(["Text", "", *python_fence("print(1)\n")])
    cells = notebook_cells(adapted)
    assert [(c["cell_type"], c["source"]) for c in cells] == [("markdown", "Text"), ("code", "print(1)")]


def test_doc_builder_has_no_flax_section_and_polydocs_merges_the_tabs_before_it() -> None:
    """doc-builder's README documents `<flax>` in `<frameworkcontent>`; its converter raised on it. The
    page's notebook merges the tabs the dialect finds, so doc-builder meets no group."""
    text = "<frameworkcontent>\n<pt>\nPyTorch text\n</pt>\n<flax>\nFlax text\n</flax>\n</frameworkcontent>\n"
    with pytest.raises(KeyError, match="flax"):
        split_frameworks(text)
    notebook = json.loads(page_notebook(text, Path("page.md"), language_of("en")))
    assert [cell["source"] for cell in notebook["cells"]] == [["PyTorch text\n", "Flax text"]]


def test_a_framework_group_shown_in_a_code_block_stays_the_blocks_text() -> None:
    """doc-builder's README shows the syntax in an ```html block: its `split_frameworks` read the group
    there too and raised KeyError 'flax', so the README had no notebook."""
    block = "<frameworkcontent>\n<pt>\nPyTorch\n</pt>\n<flax>\nFlax\n</flax>\n</frameworkcontent>"
    text = f"# Syntax\n\n```html\n{block}\n```\n"
    with pytest.raises(KeyError, match="flax"):
        split_frameworks(text)
    notebook = json.loads(page_notebook(text, Path("page.md"), language_of("en")))
    assert [line.strip() for line in notebook["cells"][1]["source"]][1:-1] == block.split("\n")


def test_a_framework_tag_outside_a_group_is_handed_over_as_written() -> None:
    """As the site shows it (a stray tab, reported by the check): the adapter renamed `<flax>` to `<jax>`."""
    assert (
        notebook_cells("Text\n\n<flax>\nJAX text\n</flax>")[0]["source"]
        == "Text\n\n<flax>\nJAX text\n</flax>"
    )


def test_roles_become_cell_metadata_and_the_marker_disappears() -> None:
    text = "\n".join([*python_fence("x = 1\n", "setup"), *python_fence("1 / 0\n", "raises")])
    setup, raising = notebook_cells(text)
    assert (setup["source"], setup["metadata"]) == ("x = 1", {"jupyter": {"source_hidden": True}})
    assert (raising["source"], raising["metadata"]) == ("1 / 0", {"tags": ["raises-exception"]})


def test_other_blocks_stay_prose_even_with_headings_and_fences_inside() -> None:
    code = "# a shell comment, not a heading\n```py\nnot python\n```\n"
    assert parse_doc_into_cells("\n".join(["```bash", *code.split("\n"), "```"]))[0]["source"] == (
        "```bash\n# a shell comment, not a heading"
    )
    fence = verbatim_fence("bash", code)
    assert fence[0] == " ````bash" and fence[-1] == " ````"
    cells = notebook_cells("\n".join(["Before", *fence, "After"]))
    assert [c["cell_type"] for c in cells] == ["markdown"]
    assert cells[0]["source"] == "\n".join(["Before", *fence, "After"])


def test_doc_builder_style_skips_md_files_so_the_adapter_formats_each_block(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```py\nx = {'a':1}\n```\n", encoding="utf-8")
    with pytest.warns(UserWarning, match="not a py or an mdx file"):
        assert style_doc_files(str(page)) == []
    assert style_python_block("x = {'a':1}\nprint( x )") == style_python_block('x = {"a": 1}\nprint(x)')
    assert style_python_block("x = {'a':1}").code == 'x = {"a": 1}'


def test_style_keeps_a_blocks_indentation_and_doctest_prompts() -> None:
    assert style_python_block("   y=[1,\n      2]").code == "   y = [1, 2]"
    assert style_python_block(">>> x=1\n>>> x\n1").code == ">>> x = 1\n>>> x\n1"


def test_style_reports_code_black_cannot_parse() -> None:
    result = style_python_block("def broken(:")
    assert result.code == "def broken(:"
    assert "Cannot parse" in result.error or "cannot parse" in result.error
