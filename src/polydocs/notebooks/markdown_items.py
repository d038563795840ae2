"""A page's lines, once its constructs are rewritten (`plain_markdown.py`), as the items of a notebook.

Prose lines (`str`), lines of non-Python code blocks (`Verbatim`, which no rewrite touches) and the Python
blocks themselves (`Region`, each one code cell). Two marks stand for a line while the items are made: the
tag of a block quoted under a title (`QuoteEdge`: a `<Tip>`, a version note), quoted last since a Python
block inside ends the quote (a code cell cannot sit in a blockquote), and a line that goes once blank runs
are collapsed (`Gone`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.notebooks.doc_builder_adapter import verbatim_fence
from polydocs.snippets.regions import Region


@dataclass(frozen=True)
class Verbatim:
    """A line of a code block that is not Python: it stays prose, exactly as written."""

    text: str


@dataclass(frozen=True)
class QuoteEdge:
    """The line of a tag opening a quoted block (a `<Tip>`, `<Added>`: `title`, the bold title the site's
    admonition shows) or closing one (`title` None). It stands for its line until the blocks are quoted.
    `prefix` is what precedes an opening tag on its line: its indentation, or the marker of the list item
    it opens (`- `); `after`, the text after the tag on its line, the quote's first line."""

    title: str | None
    prefix: str = ""
    after: str = ""


@dataclass(frozen=True)
class Gone:
    """A line of a `<frameworkcontent>` group outside its tabs' bodies (its tags, text between tabs): it
    stands for its line while blank runs are collapsed, then goes, as doc-builder merged the frameworks
    after that."""


Item = str | Verbatim | Region
# A line of the page while its constructs are rewritten: its text (holding `\n` where a construct became
# several lines), the lines of a code block a construct became (an included excerpt), a quoted block's tag,
# a line that goes last, or None where a construct's line went.
Line = str | QuoteEdge | Gone | tuple[Verbatim, ...] | None
_Prose = str | QuoteEdge | Gone
# An item while the page's lines become items: a place marked by a construct is a prose line.
_Marked = Item | QuoteEdge | Gone


_BLANK = re.compile(r"[ ]*")


def notebook_items(lines: list[Line], regions: list[Region]) -> list[Item]:
    """The items of the page `lines` (one per source line, numbered as `regions` are): blank runs
    collapsed, the lines that go gone, every quoted block quoted."""
    marked = _without_blank_runs(_page_items(lines, regions))
    return _blocks_as_quotes([item for item in marked if not isinstance(item, Gone)])


def _page_items(lines: list[Line], regions: list[Region]) -> list[_Marked]:
    """The page's lines, with each Python block as one Region item and other blocks as Verbatim lines."""
    by_start = {region.start_line: region for region in regions}
    items: list[_Marked] = []
    number = 1
    while number <= len(lines):
        region = by_start.get(number)
        if region is None:
            line = lines[number - 1]
            if isinstance(line, str):
                items.extend(line.split("\n"))
            elif isinstance(line, tuple):
                items.extend(line)
            elif line is not None:
                items.append(line)
            number += 1
            continue
        if region.is_python:
            items.append(region)
        else:
            fence_language = region.info.split()[0] if region.info else ""
            items.extend(Verbatim(line) for line in verbatim_fence(fence_language, region.code))
        number = region.end_line + 1
    return items


def _without_blank_runs(items: list[_Marked]) -> list[_Marked]:
    """In each run of prose lines, two or more blank lines followed by another line of the run become one
    (blank: spaces only): what rewritten constructs leave behind. The run's first line is kept as it is."""
    result: list[_Marked] = []
    run: list[_Prose] = []

    def flush() -> None:
        index = 0
        while index < len(run):
            result.append(run[index])
            end = index
            while end + 1 < len(run) - 1 and _is_blank(run[end + 1]):
                end += 1
            if end - index >= 2:
                result.append("")
                index = end + 1
            else:
                index += 1
        run.clear()

    for item in items:
        if isinstance(item, (str, QuoteEdge, Gone)):
            run.append(item)
        else:
            flush()
            result.append(item)
    flush()
    return result


def _is_blank(line: _Prose) -> bool:
    return isinstance(line, str) and _BLANK.fullmatch(line) is not None


def title_lines(indent: str, title: str) -> list[str]:
    return [f"{indent}> **{title}**", f"{indent}>"]


def _blocks_as_quotes(items: list[Item | QuoteEdge]) -> list[Item]:
    """`<Tip>` ... `</Tip>`: the body quoted under a bold title. A Python block inside ends the quote
    (a code cell cannot sit in a blockquote); the prose after it is quoted again."""
    return list(_quoted_blocks(iter(items), inside=False))


def _quoted_blocks(items: Iterator[Item | QuoteEdge], *, inside: bool) -> Iterator[Item]:
    """The items up to the closing edge of the block they are `inside`, each block among them quoted."""
    for item in items:
        if not isinstance(item, QuoteEdge):
            yield item
        elif item.title is None:
            if inside:
                return
        else:
            # The quote starts where the tag did: in a list item, its title follows the item's marker
            # and its lines stay at the item's content column.
            indent = " " * len(item.prefix)
            body = [*([item.after] if item.after else []), *_quoted_blocks(items, inside=True)]
            yield item.prefix + title_lines("", item.title)[0]
            yield indent + ">"
            yield from _quoted(_trimmed(body), indent)
            yield ""


def _trimmed(body: list[Item]) -> list[Item]:
    """The body without its leading and trailing blank lines."""
    start, end = 0, len(body)
    while start < end and isinstance(body[start], str) and not str(body[start]).strip():
        start += 1
    while end > start and isinstance(body[end - 1], str) and not str(body[end - 1]).strip():
        end -= 1
    return body[start:end]


def _quoted(body: list[Item], indent: str) -> list[Item]:
    """Each line of `body` quoted after `indent` (which it is written beyond, when it is)."""
    quoted: list[Item] = []
    for item in body:
        if isinstance(item, Region):
            quoted.append(item)
        else:
            line = item if isinstance(item, str) else item.text
            line = line[len(indent) :] if line.startswith(indent) else line
            quoted.append(f"{indent}> {line}" if line.strip() else f"{indent}>")
    return quoted
