"""A fence closed by a line indented otherwise than its opening line: both fence lines take the lesser
indentation, so Python-Markdown shows the code block that doc-builder shows.

CommonMark and doc-builder's renderer (mdsvex 0.12) close a fence with a line of backticks indented up to
three spaces, whatever the opening line's indentation:

    ```bash
    accelerate launch --seed=42
     ```

is a code block on huggingface.co (diffusers' Korean training/instructpix2pix.md, both ways round; a
fetched accelerate's concept_guides/big_model_inference.md). pymdownx.superfences closes a fence only with
a line indented as its opening one: it found no block there and Python-Markdown showed the code as one line
of inline code inside a paragraph, its language name first. The two lines are rewritten with the lesser of
their indentations (inside the same quotes), which superfences reads as one fence; the code's lines are
kept as written. No line is added, but it runs at the hand-over, where every step has placed each line
(`list_indentation.py` re-indents the fence lines of a list item).
"""

from __future__ import annotations

from polydocs.dialect.page import ParsedPage
from polydocs.markup.table_breaks import container_prefix


def align_fence_lines(lines: list[str], page: ParsedPage) -> list[str]:
    """The lines with each closed fence's opening and closing lines indented alike, by the lesser of the
    two indentations."""
    lines = list(lines)
    for fence in page.fences:
        if fence.end is None or fence.end >= len(lines):
            continue
        quotes, opening = _quotes_and_indent(lines[fence.index])
        closing_quotes, closing = _quotes_and_indent(lines[fence.end])
        if quotes != closing_quotes or opening == closing:
            continue
        indent = min(opening, closing, key=len)
        for index, own in ((fence.index, opening), (fence.end, closing)):
            lines[index] = quotes + indent + lines[index][len(quotes) + len(own) :]
    return lines


def _quotes_and_indent(line: str) -> tuple[str, str]:
    """The line's container prefix (`container_prefix`) as its quote markers, each with the blanks before
    it, and the indentation inside the last of them."""
    prefix = container_prefix(line)
    quotes = prefix[: prefix.rfind(">") + 1]
    return quotes, prefix[len(quotes) :]
