"""Raw HTML blocks as CommonMark (and doc-builder's MDX) reads them: HTML up to the next blank line, then
Markdown again, however many elements the HTML left open.

```
<div style="display: flex">        an HTML block: two elements opened, none closed
<div style="flex: 1">

### Online methods                  Markdown: a heading and a list inside the two divs
- [`GRPOTrainer`](grpo_trainer)

</div>                              an HTML block closing them
</div>
```

Python-Markdown reads a block-level element as raw HTML up to its matching closing tag, so everything
between showed as text (`###`, `[x](y)`, `> [!WARNING]` inside `<details>`, a `<td>`'s Markdown). Where the
two readings differ is exactly an HTML block that leaves an element open or closes one it did not open
(`opens_or_closes_across`): such a block is handed to Python-Markdown as raw HTML on its own
(`markup/html_blocks.py`), and what lies between stays Markdown, as the page's parse reads it. A block
whose elements all close inside it reads the same both ways and is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import claimed_by_dialect
from polydocs.dialect.tags import parse_tag_line

# An element's tag, its attributes read possessively to the `>` (a quoted value may hold `>`).
_TAG = re.compile(r"""<(?P<closing>/?)(?P<name>[A-Za-z][\w-]*+)(?:\s(?:[^<>"']++|"[^"]*+"|'[^']*+')*+)?>""")
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())


@dataclass(frozen=True)
class HtmlBlock:
    """An HTML block of the page's parse, lines `index` through `last` (0-based, inclusive)."""

    index: int
    last: int
    text: str

    @property
    def first_tag(self) -> str:
        """The name of the element the block starts with, lowercased."""
        first = _TAG.match(self.text.lstrip())
        return first["name"].lower() if first else ""


def html_blocks_across(page: ParsedPage) -> Iterator[HtmlBlock]:
    """Each top-level HTML block that starts with a tag and opens an element it does not close, or closes
    one it did not open (comments, processing instructions and blocks read alike both ways left out)."""
    starts = {
        token.map[0]: token.map[1]
        for token in page.tokens
        if token.type == "html_block" and token.map and token.level == 0
    }
    after = 0
    for start in sorted(starts):
        if start < after:
            continue
        after = _block_end(page, starts, start)
        text = "\n".join(page.lines[start:after])
        first = _TAG.match(text.lstrip())
        if first is None or "markdown=" in first[0] or not opens_or_closes_across(text):
            continue  # md_in_html's own (`markdown="1"`) is Python-Markdown's to read
        yield HtmlBlock(start, after - 1, text)


def _block_end(page: ParsedPage, starts: dict[int, int], start: int) -> int:
    """Where the HTML block starting at `start` ends (exclusive): at the first blank line, as CommonMark
    reads it. The parse sees a lone tag line as blank where the dialect claims it, or outside an HTML block
    of a standard block tag (`page._blank_component_tags`); any other (`<img .../>` after a `<pre>` block)
    is still the block's, by the same rule (`tag_names.claimed_by_dialect`)."""
    end = min(starts[start], len(page.lines))
    while end < len(page.lines) and page.lines[end].strip() and not page.is_code(end):
        if end in starts:
            end = min(starts[end], len(page.lines))
        elif _html_tag_line(page.lines[end]):
            end += 1
        else:
            break
    return end


def _html_tag_line(line: str) -> bool:
    tag = parse_tag_line(line)
    return tag is not None and not claimed_by_dialect(tag.name)


def opens_or_closes_across(html: str) -> bool:
    """Whether the HTML leaves an element open or closes one it did not open (void elements and
    self-closing tags open nothing)."""
    stack: list[str] = []
    for tag in _TAG.finditer(html):
        name = tag["name"].lower()
        if tag["closing"]:
            if name not in stack:
                return True
            while stack.pop() != name:  # a closing tag closes what it matches, as browsers read it
                pass
        elif name not in _VOID and not tag[0].endswith("/>"):
            stack.append(name)
    return bool(stack)
