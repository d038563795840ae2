"""Text in angle brackets in Markdown that is no HTML element and no component (`<UNK>`, `<Layer Class>`).

CommonMark reads `<UNK>` as an HTML tag, and a browser (or the site's sanitiser) drops a tag it does not
know, so the words vanish from the page. doc-builder's renderer shows them: its remark plugin
(kit/preprocessors/mdsvex/index.js, `onHtml`) escapes every HTML node whose tag name (the word after `<` or
`</`) is neither an element of `html-tags` nor a component of its kit, so readers of huggingface.co see
`<UNK>` as written. The site does the same, and so do the notebooks (`escape_prose_tags`), from the one rule
of `dialect/tag_names.py`, wherever Markdown holds such a tag:

- inside a paragraph, a heading or a table cell (an inline tag of the page's parse);
- alone on its line, outside an HTML block (`<UNK>`, `</mask>`): the parse reads that line as blank
  (`page._blank_component_tags`), so the site shows it as a paragraph of its own (`alone`); doc-builder
  reads an HTML node of its own (`<repo_id>`, no tag to CommonMark, is a line of a paragraph to both);
- first in an HTML block of a list item or a quote (`- <mask>`, `> <UNK>`), a node doc-builder escapes
  whole.

A tag the dialect reads where it stands alone or starts its line (`<Gallery>`, `<Tipp>`: the components
construct's; `<hfoption>`, `<pt>`) is not text in angle brackets, and neither is a tag spanning lines.
Inside HTML (an HTML block an element opens) the same text is HTML, which the browser drops: reported by
`constructs/dropped_tags.py`.

Text in angle brackets that CommonMark does not read as a tag at all (`<repo_id>`, `<sandbox_id>`: a name
with `_` or `.`, the placeholders of command lines) is text to doc-builder too; Python-Markdown's looser
pattern (`markdown.inlinepatterns.HTML_RE`) reads it as an element, which the sanitiser then dropped with
its name, unreported (huggingface_hub's CLI reference lost every `<repo_id>`). Those are prose tags as well
(`read_as_html_by_python_markdown_only`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import alone_as_text, node_shown_as_text, shown_as_text, tag_name

# A tag as CommonMark and doc-builder find them in a line of text.
HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")


# The tag Python-Markdown reads as inline HTML: the tag alternative of `markdown.inlinepatterns.HTML_RE`
# (Python-Markdown 3.11), written out because the snippet checker runs where Python-Markdown is not
# installed; tests/markup/test_python_markdown_tags.py keeps the two the same.
PYTHON_MARKDOWN_TAG = (
    r"""<(\/?+[a-zA-Z][^\s"'<>@]*+(?:\s+[^\s"'=<>]++"""
    r"""(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|[^\s"'=<>]++))?+)*+\s*+/?)>"""
)
_PYTHON_MARKDOWN_TAG = re.compile(PYTHON_MARKDOWN_TAG)
# A tag's name as CommonMark reads one (markdown-it's `html_re`): a letter, then letters, digits and `-`.
_COMMONMARK_NAME = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*+(?=[\s/>])")


def read_as_html_by_python_markdown_only(tag: str) -> bool:
    """Whether Python-Markdown reads `tag` (`<repo_id>`, `<x.y>`) as an HTML tag where CommonMark reads
    text: a tag of Python-Markdown's whose name CommonMark does not take for one."""
    return _PYTHON_MARKDOWN_TAG.fullmatch(tag) is not None and _COMMONMARK_NAME.match(tag) is None


@dataclass(frozen=True)
class ProseTag:
    """A tag shown as text, written on line `index` (0-based) as `text`; `alone` on a line the parse reads
    as blank, which a renderer keeps apart from the lines around it."""

    index: int
    text: str
    alone: bool = False


def find_prose_tags(page: ParsedPage) -> tuple[ProseTag, ...]:
    """Every tag of the page's prose shown as text, in page order (code and closed comments skipped)."""
    return page.derived(_read_prose_tags)


def _read_prose_tags(page: ParsedPage) -> tuple[ProseTag, ...]:
    if "<" not in page.text:
        return ()
    visible = {index for index, _ in visible_lines(page)}
    components = component_names_by_line(page)
    found = []
    for inline in page.inline_tokens():
        if inline.index in visible:
            found += [
                ProseTag(inline.index, tag) for tag in _tags_as_text(inline.token, components, inline.index)
            ]
    found += _alone_on_their_lines(page, visible)
    found += _in_nodes_shown_as_text(page, visible)
    # Each line holds tags of one kind only (inline, alone, or in an HTML block): sorted, in page order.
    return tuple(sorted(found, key=lambda tag: tag.index))


def _tags_as_text(token: Token, components: dict[int, set[str]], index: int) -> list[str]:
    """The tags of one inline token readers see as text: an HTML tag of no element or component, or the
    tags Python-Markdown alone finds in CommonMark's text."""
    if token.type == "text" and "<" in token.content:
        return [
            found[0]
            for found in _PYTHON_MARKDOWN_TAG.finditer(token.content)
            if read_as_html_by_python_markdown_only(found[0]) and "\n" not in found[0]
        ]
    if token.type != "html_inline" or "\n" in token.content or not shown_as_text(token.content):
        return []
    return [token.content] if tag_name(token.content) not in components.get(index, ()) else []


def _alone_on_their_lines(page: ParsedPage, visible: set[int]) -> Iterator[ProseTag]:
    """The tags alone on their lines that are text (`<UNK>`, `</mask>`) where the parse reads the line as
    blank (outside an HTML block), so that no token holds them."""
    read = page.html_block_lines | page.inline_lines
    for index, _ in page.tag_lines:
        text = page.lines[index].strip()
        if index in visible and index not in read and alone_as_text(text):
            yield ProseTag(index, text, alone=True)


def _in_nodes_shown_as_text(page: ParsedPage, visible: set[int]) -> Iterator[ProseTag]:
    """The tags of the HTML blocks doc-builder shows as text, those led by such a tag (`- <mask>`,
    `> <UNK>`): the tags of their lines that are text."""
    for token in page.tokens:
        if token.type != "html_block" or not token.map or token.content.lstrip().startswith("<!"):
            continue
        if node_shown_as_text(token.content):
            for index in range(*token.map):
                if index in visible:
                    found = HTML_TAG.finditer(page.lines[index])
                    yield from (ProseTag(index, tag[0]) for tag in found if alone_as_text(tag[0]))


def component_names_by_line(page: ParsedPage) -> dict[int, set[str]]:
    """The names of the component tags starting a line (`<Gallery>`, `<Tipp>`: the components construct's,
    never text), on each line they run over; their closing tags on those lines are theirs too."""
    names: dict[int, set[str]] = {}
    for tag in find_component_tags(page):
        for index in range(tag.index, tag.last + 1):
            names.setdefault(index, set()).add(tag.name)
    return names


def escape_prose_tags(lines: Sequence[str], page: ParsedPage) -> list[str]:
    """`lines` with the `<` of each prose tag written `&lt;`: shown as written by any Markdown renderer."""
    lines = list(lines)
    for index, tags in prose_tags_by_line(page).items():
        if index < len(lines):
            lines[index] = escape_line(lines[index], tags)
    return lines


def with_tags_as_text(text: str) -> str:
    """`text` (what follows an `</iframe>` on its line) with the `<` of each tag `shown_as_text` written
    `&lt;`. doc-builder hands that text to the browser as HTML, with the iframe; the site shows it after the
    embed, as Markdown, where such a tag is text as in any other line of prose."""
    return escape_line(text, [found[0] for found in HTML_TAG.finditer(text) if shown_as_text(found[0])])


def prose_tags_by_line(page: ParsedPage) -> dict[int, list[str]]:
    """The prose tags of each line that has some, in order."""
    by_line: dict[int, list[str]] = {}
    for tag in find_prose_tags(page):
        by_line.setdefault(tag.index, []).append(tag.text)
    return by_line


def escape_line(line: str, tags: Sequence[str]) -> str:
    """`line` with the `<` of each of `tags` written `&lt;`.

    Each tag is looked for on the line as it is now (an earlier step may have rewritten it), left to right,
    outside code spans; one no longer there (inside a formula already typeset) is skipped.
    """
    searched = blank_code_spans(line)
    starts, position = [], 0
    for tag in tags:
        start = searched.find(tag, position)
        if start < 0:
            continue
        starts.append(start)
        position = start + len(tag)
    for start in reversed(starts):
        line = f"{line[:start]}&lt;{line[start + 1 :]}"
    return line
