"""Each golden case of the components (`tests/markup/cases/components/<case>.md`, whose site HTML
`tests/markup/test_golden.py` holds) as a notebook's Markdown, held in `<case>.notebook` beside it: the
two renderers of one spec, side by side. POLYDOCS_UPDATE_GOLDEN=1 rewrites them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from golden_files import assert_golden_file
from polydocs.notebooks.markdown_items import Item, Verbatim
from polydocs.notebooks.plain_markdown import plain_markdown
from polydocs.snippets.regions import Region, scan_page
from polydocs.sources import language_of
from polydocs.sources.api_inventory import default_inventory

CASES = Path(__file__).parents[1] / "markup" / "cases" / "components"


def _lang(case: Path) -> str:
    settings: dict[str, object] = {}
    for source in (case.parent / "_context.yml", case.with_suffix(".context.yml")):
        if source.exists():
            settings.update(yaml.safe_load(source.read_text(encoding="utf-8")) or {})
    return str(settings.get("lang", "en"))


def _shown(item: Item) -> str:
    if isinstance(item, Region):
        return f"```python\n{item.code}\n```"
    return item.text if isinstance(item, Verbatim) else item


@pytest.mark.parametrize("case", sorted(CASES.glob("*.md")), ids=lambda case: case.stem)
def test_component_case_as_a_notebook(case: Path) -> None:
    text = case.read_text(encoding="utf-8")
    regions = scan_page(case, text).regions
    items = plain_markdown(text, regions, language_of(_lang(case)), default_inventory())
    assert_golden_file("\n".join(_shown(item) for item in items) + "\n", case.with_suffix(".notebook"))
