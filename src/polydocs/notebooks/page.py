"""One page of `docs_src` as the `.ipynb` a reader downloads: install cell, prose, and the page's code."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.literal_include import include_root as repository_root
from polydocs.dialect.constructs.math import DISPLAY, INLINE_CLOSE, INLINE_OPEN, find_formulas
from polydocs.notebooks.doc_builder_adapter import (
    code_cell,
    notebook_cells,
    notebook_json,
    python_fence,
    without_license_header,
)
from polydocs.notebooks.markdown_items import Item, Verbatim
from polydocs.notebooks.plain_markdown import IncludedFrom, References, plain_markdown
from polydocs.notebooks.requirements import install_command, page_requirements
from polydocs.snippets.regions import Region, scan_page
from polydocs.sources.api_inventory import ApiInventory, default_inventory
from polydocs.sources.languages import Language
from polydocs.sources.project import PROJECT_FILE, load_project_config

# A Python 3 kernel, so that Jupyter and Colab open the notebook without asking which one.
NOTEBOOK_METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def page_notebook(
    source_text: str,
    source_path: Path,
    language: Language,
    *,
    inventory: ApiInventory | None = None,
    verified: Mapping[str, str] | None = None,
    include_root: Path | None = None,
    site_url: str = "",
) -> str:
    """The `.ipynb` JSON text of one page, its callout titles and embed links in `language`.

    A first cell installs the packages the page's code imports (pinned to the versions the pages are
    checked with, or to `verified`: those of the run its badges name); then come doc-builder's markdown
    and code cells. The code cells are the page's Python blocks in order, each preceded by the hidden
    setup code its `<!-- polydocs: setup -->` directives give.
    API links resolve with `inventory`, by default the one of the `polydocs.yml` above the page.
    `<literalinclude>`s read below `include_root` (the site's: the repository holding the tree), by
    default the repository holding the page, else its folder. A link into the site's own reference pages
    points at `site_url` (the language's published address); without it, the name is code.
    """
    regions = scan_page(source_path, source_text).regions
    text = jupyter_math(without_license_header(source_text))
    included = IncludedFrom(source_path, include_root or repository_root(source_path.parent))
    references = References(inventory or _inventory_near(source_path), site_url)
    items = plain_markdown(text, regions, language, references, included)
    cells = notebook_cells("\n".join(_render(items)))
    python = [region for region in regions if region.is_python]
    codes = [setup.code for region in python for setup in region.directives.setup]
    requirements = page_requirements([*codes, *(region.source for region in python)], verified)
    if requirements:
        cells.insert(0, code_cell(install_command(requirements)))
    return notebook_json(cells, NOTEBOOK_METADATA)


def jupyter_math(text: str) -> str:
    """Each formula the site typesets (`dialect/constructs/math.py`) in the delimiters Jupyter reads:
    `$...$` inline (also over lines, and `$$...$$` in the middle of a line), `$$...$$` displayed; what
    they hold and every line kept."""
    if DISPLAY not in text and INLINE_OPEN not in text:
        return text
    lines = text.split("\n")
    formulas, _ = find_formulas(parse_page(text))
    for formula in reversed(formulas):
        delimiter = DISPLAY if formula.display else "$"
        closer = INLINE_CLOSE if lines[formula.index][formula.start :].startswith(INLINE_OPEN) else DISPLAY
        last = lines[formula.last]
        lines[formula.last] = last[: formula.end - len(closer)] + delimiter + last[formula.end :]
        first = lines[formula.index]
        opener = len(INLINE_OPEN) if closer == INLINE_CLOSE else len(DISPLAY)
        lines[formula.index] = first[: formula.start] + delimiter + first[formula.start + opener :]
    return "\n".join(lines)


def _render(items: list[Item]) -> list[str]:
    lines: list[str] = []
    for item in items:
        if isinstance(item, Region):
            for setup in item.directives.setup:
                lines += python_fence(setup.code, "setup")
            lines += python_fence(item.code, "raises" if item.directives.raises else "page")
        else:
            lines.append(item.text if isinstance(item, Verbatim) else item)
    return lines


def _inventory_near(source_path: Path) -> ApiInventory:
    """The API inventory of the `polydocs.yml` in the page's source tree, or Transformers' default."""
    for folder in list(source_path.resolve().parents)[:3]:
        config = folder / PROJECT_FILE
        if config.is_file():
            return _project_inventory(folder, config.stat().st_mtime_ns)
    return default_inventory()


@lru_cache(maxsize=8)
def _project_inventory(source_root: Path, _modified_ns: int) -> ApiInventory:
    project = load_project_config(source_root)
    if project.api_reference:
        return ApiInventory.from_config(project.api_reference)
    return default_inventory()
