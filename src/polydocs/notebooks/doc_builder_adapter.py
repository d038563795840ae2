"""The one place polydocs calls hf-doc-builder, and what it adapts so that our `.md` pages suit it.

hf-doc-builder was written for the `.mdx` pages of the Hugging Face docs. On our Markdown it fails in a few
known ways, each handled here and described in docs/notebooks.md:

- its copyright pattern (`<!--\\s*Copyright`) misses our license comment, which opens with `<!---`;
- it makes a code cell only of a fence written exactly ```` ```py ```` or ```` ```python ```` at the start
  of a line: an indented fence (in a list), `python3`, `py title="..."` or a `~~~` fence stays prose,
  and lines marked `# doc-builder: hide` stay in. So every block is handed over in that exact form, with
  the code the snippet checker found in it;
- it has no cell metadata: a block that needs some (hidden setup code from `<!-- polydocs: setup -->`, a
  block that `<!-- polydocs: raises=... -->` expects to fail) goes in as a fence whose first line is a
  marker; the cell it becomes gets the metadata and loses the marker;
- it reads `<frameworkcontent>` by a pattern of its own (any lowercase tag alone on a line starts a
  framework's section: `<flax>`, which its own README documents, raised `KeyError: 'flax'`, a `<div>`
  `KeyError: 'div'`), so polydocs merges the framework tabs the dialect finds before handing the page
  over (`plain_markdown._framework_tabs_merged`) and doc-builder meets no group;
- `doc-builder style` skips files that do not end in `.mdx` and formats only fences written exactly
  ```` ```py ````/```` ```python ````; polydocs applies its per-block formatter to every Python block of a
  page instead (`style_python_block`).

hf-doc-builder is imported only when a function here is called: importing it costs about 0.4 s.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any, Literal

from polydocs.cache import CacheStore, cache_dir, require
from polydocs.dialect.constructs.license_header import find_license_header

# Black's line length in `doc-builder style`, the Hugging Face default.
STYLE_LINE_LENGTH = 119

CellRole = Literal["page", "setup", "raises"]

_MARKER = "# polydocs-notebook-cell: "
# Standard notebook metadata: setup code starts collapsed (JupyterLab, Notebook 7, VS Code); a cell tagged
# `raises-exception` does not stop "Run all" (Jupyter, nbclient), as the page expects it to fail.
_ROLE_METADATA: dict[str, dict[str, Any]] = {
    "setup": {"jupyter": {"source_hidden": True}},
    "raises": {"tags": ["raises-exception"]},
}


def without_license_header(text: str) -> str:
    """The text with its opening license comment blanked, line numbers kept.

    doc-builder's `clean_content` removes only a comment starting `<!-- Copyright`, not `<!---Copyright`.
    """
    header = find_license_header(text)
    if header is None or not header.closed:
        return text
    lines = text.split("\n")
    for index in range(header.start_line - 1, header.end_line):
        lines[index] = ""
    return "\n".join(lines)


def python_fence(code: str, role: CellRole = "page") -> list[str]:
    """A Python block in the only form doc-builder turns into a code cell: ```` ```py ```` at column 0."""
    body = code.rstrip("\n").split("\n")
    if role != "page":
        body = [_MARKER + role, *body]
    return ["```py", *body, "```"]


def verbatim_fence(language: str, code: str) -> list[str]:
    """Another language's block, kept as prose: indented by one space, which Markdown ignores but which
    hides its lines from doc-builder (it would read a `# comment` as a heading and a line starting with
    ```` ``` ```` as a fence), and fenced with more backticks than any line of it starts with."""
    body = code.rstrip("\n").split("\n")
    longest = max((len(line) - len(line.lstrip("`")) for line in body), default=0)
    fence = "`" * max(3, longest + 1)
    return [f" {fence}{language}", *(f" {line}" if line else "" for line in body), f" {fence}"]


def notebook_cells(markdown_text: str) -> list[Any]:
    """doc-builder's cells for a page already in plain Markdown (`convert_to_notebook`).

    The page's `<frameworkcontent>` groups are already merged (`plain_markdown.py`), so of doc-builder's
    `split_frameworks` only what else it does runs: its doctest syntax cleaning (`clean_doctest_syntax`).
    Its own reading of the groups read them inside code blocks too: doc-builder's README shows
    `<frameworkcontent>` with a `<flax>` tab in an ```` ```html ```` block, and its notebook raised
    `KeyError: 'flax'`. Cells of fences with a role carry its metadata. The cell of an empty Python block
    is empty: doc-builder's `parse_input_output` makes its source None, which no notebook may hold (the
    course's vi/chapter8/5 shows an empty ```` ```python ```` block).
    """
    from doc_builder.convert_md_to_mdx import clean_doctest_syntax
    from doc_builder.convert_to_notebook import clean_content, parse_doc_into_cells

    cells = parse_doc_into_cells(clean_doctest_syntax(clean_content(markdown_text)))
    for cell in cells:
        if cell["cell_type"] == "code" and cell["source"] is None:
            cell["source"] = ""
        source = cell["source"]
        if cell["cell_type"] == "code" and isinstance(source, str) and source.startswith(_MARKER):
            marker, _, code = source.partition("\n")
            cell["source"] = code
            cell["metadata"] = _ROLE_METADATA[marker.removeprefix(_MARKER)]
    return cells


def code_cell(code: str) -> Any:
    """A code cell the way doc-builder makes them."""
    from doc_builder.convert_to_notebook import code_cell as doc_builder_code_cell

    return doc_builder_code_cell(code)


def notebook_json(cells: list[Any], metadata: dict[str, Any]) -> str:
    """The `.ipynb` text of doc-builder's notebook holding `cells`; raises ValueError when it is invalid."""
    import nbformat
    from doc_builder.convert_to_notebook import create_notebook

    notebook = create_notebook(cells)
    notebook["metadata"] = nbformat.from_dict(metadata)
    captured: dict[str, Exception] = {}
    text = nbformat.writes(notebook, capture_validation_error=captured)
    if captured:
        raise ValueError(f"hf-doc-builder made an invalid notebook: {captured['ValidationError']}")
    return str(text) + "\n"


@dataclass(frozen=True)
class StyledBlock:
    """A Python block as `doc-builder style` formats it; `error` is black's message when it cannot parse."""

    code: str
    error: str


@functools.lru_cache(maxsize=8192)
def style_python_block(code: str) -> StyledBlock:
    """Format the lines between a block's fences as `doc-builder style` does (black at 119 columns, doctest
    prompts and the block's own indentation kept). Remembered by the block's text: translations repeat
    their English blocks (the course's 8,834 Python blocks hold 1,670 distinct ones), and every later run
    asks again what the last one asked, so the result is kept in the cache's `style` area under the
    block's text and the versions of black, hf-doc-builder and Python (`_style_key`)."""
    store, key = _style_store(), _style_key(code)
    kept = store.read(key, _styled_block)
    if kept is not None:
        return kept
    from doc_builder.style_doc import format_code_example

    styled, error = format_code_example(code, STYLE_LINE_LENGTH)
    store.write(key, {"code": styled, "error": error})
    return StyledBlock(styled, error)


def _style_store() -> CacheStore:
    return CacheStore(cache_dir("style"), "1")  # where `$POLYDOCS_CACHE` says now


@functools.cache
def _style_versions() -> str:
    """What the formatting depends on besides the block: black, hf-doc-builder (its doctest handling and
    the patterns it hides from black), the line length and Python."""
    python = ".".join(map(str, sys.version_info[:2]))
    return (
        f"black {version('black')}, hf-doc-builder {version('hf-doc-builder')}, {STYLE_LINE_LENGTH}, {python}"
    )


def _style_key(code: str) -> str:
    return hashlib.sha256(f"{_style_versions()}\0{code}".encode()).hexdigest()


def _styled_block(data: Any) -> StyledBlock:
    require(isinstance(data, dict) and set(data) == {"code", "error"}, "a styled block")
    require(isinstance(data["code"], str) and isinstance(data["error"], str), "a styled block")
    return StyledBlock(data["code"], data["error"])


def docstring_markdown(text: str) -> str:
    """A docstring's text as doc-builder hands it to Markdown: its indentation removed but for lists
    (`remove_indent`), so that `**Attributes:**` followed by an indented list is a list, not code."""
    from doc_builder.convert_rst_to_mdx import remove_indent

    return str(remove_indent(text))


def preload_style() -> None:
    """Import what `style_python_block` runs (hf-doc-builder's styler and black: 0.3 s of CPU) now, once
    before forking the processes that lint a tree, rather than in each of them."""
    from doc_builder import style_doc  # noqa: F401


def preload() -> None:
    """Import hf-doc-builder and nbformat now, e.g. once before forking a process per language."""
    import nbformat  # noqa: F401
    from doc_builder import convert_to_notebook  # noqa: F401
