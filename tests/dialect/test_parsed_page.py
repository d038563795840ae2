"""The page's one parse: block tokens first, inline content when a reader asks, the same tokens either way."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from hostile_pages import HOSTILE_TREE
from polydocs.dialect import ParsedPage
from polydocs.dialect.page import _blank_component_tags, _parses_of_body

DOCS_SRC = Path(__file__).resolve().parents[2] / "docs_src"

# Link reference definitions after their use (the inline parse reads what the block parse collected),
# a table, nested lists, a quote holding a fence, component tags, entities and breaks.
EDGES = """\
# Title [[anchor]]

See [the guide][guide] and [`Trainer`] with *emphasis*, `code` and &amp; an entity,
a hard break\
and <span>inline HTML</span>.

| a | b |
|---|---|
| [x](./x) | ![img](i.png) |

- one
  1. [nested](../n.md)

> ```py
> print("quoted")
> ```

<hfoption id="a">

```py
x = 1
```

</hfoption>

[guide]: ./guide.md "Guide"
"""


def _whole_parse(text: str) -> list[dict[str, object]]:
    tokens = MarkdownIt("commonmark").enable("table").parse(_blank_component_tags(text))
    return [token.as_dict() for token in tokens]


def _texts() -> list[str]:
    pages = sorted(DOCS_SRC.rglob("*.md")) if DOCS_SRC.is_dir() else []
    return [EDGES, *HOSTILE_TREE.values(), *(page.read_text(encoding="utf-8") for page in pages)]


@pytest.mark.parametrize("text", _texts())
def test_the_tokens_with_their_inline_content_are_those_of_one_whole_parse(text: str) -> None:
    page = ParsedPage(text)
    list(page.inline_tokens())
    assert [token.as_dict() for token in page.tokens] == _whole_parse(text)


def test_the_block_tokens_alone_are_parsed_until_a_reader_asks_for_inline_content() -> None:
    _parses_of_body.cache_clear()  # a page of the same text parsed before shares its parse, inline and all
    page = ParsedPage(EDGES)
    inline = [token for token in page.tokens if token.type == "inline"]
    assert inline and not any(token.children for token in inline)
    links = [found.token.attrGet("href") for found in page.inline_tokens() if found.token.type == "link_open"]
    assert links == ["./guide.md", "./x", "../n.md"]


def test_a_fence_right_below_a_direction_block_is_code_and_below_another_div_is_not() -> None:
    # The site renders what a `<div dir>` holds as Markdown (md_in_html), so the parse must see the fence
    # the reader sees as code (the checker runs it); any other div is raw HTML up to a blank line.
    text = '<div dir="ltr">\n```py\nx = 1\n```\n</div>\n\n<div class="x">\n```py\ny = 2\n```\n</div>\n'
    assert [fence.content for fence in ParsedPage(text).fences] == ["x = 1\n"]
