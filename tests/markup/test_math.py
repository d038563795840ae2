"""LaTeX formulas (doc-builder's `$$...$$` and `\\\\( ... \\\\)`): MathML the sanitiser keeps as written,
nothing that links or runs, and the same formulas in the page's notebook."""

from __future__ import annotations

import json
from pathlib import Path

from polydocs.dialect.constructs.math import typeset
from polydocs.markup import MarkupContext, render
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.notebooks import page_notebook
from polydocs.sources import language_of

CASE = Path(__file__).parent / "cases" / "math" / "prose_and_containers.md"


def _rendered(markdown: str) -> str:
    return render(markdown, MarkupContext(path="page.md", lang=language_of("en")))


def test_typeset_formulas_pass_the_sanitiser_byte_for_byte() -> None:
    html = _rendered(CASE.read_text(encoding="utf-8"))
    assert html.count("<math ") == 6
    sanitized = sanitize_page(html, ("huggingface.co",))
    assert sanitized.removals == []
    assert sanitized.html == html


def test_a_formula_carries_no_link_namespace_or_markup() -> None:
    mathml = typeset(r"\href{javascript:alert(1)}{x} + \text{<img src=x onerror=alert(1)>}", False).mathml
    assert "href" not in mathml and "javascript" not in mathml and "xmlns" not in mathml
    assert "<img" not in mathml and "&lt;img\xa0src=x\xa0onerror=alert(1)&gt;" in mathml


def test_underscores_in_a_formula_make_no_emphasis() -> None:
    html = _rendered(r"A \\( a_i, b_i \\) and $$c_j d_j$$ formula." + "\n")
    assert "<em>" not in html and "<msub><mi>a</mi><mi>i</mi></msub>" in html


def test_the_notebook_holds_the_formulas_in_jupyter_delimiters(tmp_path: Path) -> None:
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    page.write_text(CASE.read_text(encoding="utf-8"), encoding="utf-8")
    notebook = json.loads(page_notebook(page.read_text(encoding="utf-8"), page, language_of("en")))
    prose = "\n".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )
    assert r"$ \hat{A}_{i,t} = r_i - \mathrm{mean}(r_j) $" in prose
    assert "- Std: $std(r_i) = 0.53$ (mid-line, inline)" in prose
    assert "Inline over two lines $ x_a\n> + y_b $ inside a callout" in prose
    assert "$$\n\\pi_\\theta" in prose
