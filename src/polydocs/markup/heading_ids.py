"""Each heading without an id gets doc-builder's, made from the heading's inline parts, not its text alone.

doc-builder's kit makes a heading's title from the Markdown tree mdsvex parses (`getTitleText` in
`kit/preprocessors/mdsvex/index.js`): each text, code span, inline HTML tag or entity of the heading is a
part of its own, and the parts are joined with a space (`dialect/heading_anchors.doc_builder_title`) before
`doc_builder_heading_id` makes the id. So `## ¿Qué es un *pipeline*?` is `qué-es-un-pipeline-` on
huggingface.co (`¿Qué es un pipeline ?`), where the heading's text alone gives `qué-es-un-pipeline`.

A tree step of Python-Markdown's, after its `inline` step has made the heading's elements and before `toc`:
the parts are read from the heading's elements and the placeholders Python-Markdown leaves in their text
(inline HTML and entities stashed, escaped characters), and the id is given with `toc`'s own rule for an id
already used (`_1`), so `toc`, its permalinks and lint's anchors (read from the page as the site renders
it) carry it. A heading that has an id (`[[anchor]]`, attr_list's `{ #id }`) keeps it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from xml.etree.ElementTree import Element

from markdown.extensions.toc import unique
from markdown.treeprocessors import Treeprocessor
from markdown.util import ETX, HTML_PLACEHOLDER_RE, STX

from polydocs.dialect.heading_anchors import doc_builder_heading_id, doc_builder_title

# After Python-Markdown's `inline` (20) and attr_list (8) tree steps, before `toc` (5).
PRIORITY = 6.0

_HEADING = re.compile(r"[Hh][1-6]")
# A stashed piece of inline HTML or an entity, or a character escaped with `\` (its code point).
_PLACEHOLDER = re.compile(f"{HTML_PLACEHOLDER_RE.pattern}|{STX}([0-9]+){ETX}")
# The characters mdsvex keeps escaped where an entity or a `\` escape writes them (`&lt;` is `lt` in the
# id), and where a code span holds them (Svelte's braces too: `` `{x}` `` is `123x125`).
_KEPT_ESCAPED = {"<": "&lt;", ">": "&gt;"}
_KEPT_ESCAPED_IN_CODE = {**_KEPT_ESCAPED, "{": "&#123;", "}": "&#125;"}
# The rest of a tag readers see as text, whose `<` the prose-tags step wrote `&lt;` (`<eos>`: `&lt;eos>`):
# mdsvex reads the tag as inline HTML, one part as written. At most 256 characters to its `>`: read at any
# position, the pattern stays linear in the text.
_PROSE_TAG_REST = re.compile(r"/?[A-Za-z][^<>\n]{0,256}>")


class DocBuilderHeadingIds(Treeprocessor):
    def run(self, root: Element) -> None:
        used = {element.attrib["id"] for element in root.iter() if "id" in element.attrib}
        counters: dict[str, int] = {}
        for element in root.iter():
            if (
                isinstance(element.tag, str)
                and _HEADING.fullmatch(element.tag)
                and "id" not in element.attrib
            ):
                title = doc_builder_title(self._parts(element))
                element.attrib["id"] = unique(doc_builder_heading_id(title), used, counters)

    def _parts(self, element: Element) -> Iterator[str]:
        """The heading's parts as mdsvex's tree holds them, in order."""
        yield from self._text_parts(element.text)
        for child in element:
            if child.tag == "code":
                yield _code_value(self._unstashed("".join(child.itertext())))
            elif child.tag not in ("img", "br"):  # no text of their own in doc-builder's title
                yield from self._parts(child)
            yield from self._text_parts(child.tail)

    def _unstashed(self, text: str) -> str:
        """The text with each stashed piece in its place (a code span's text is stashed whole)."""
        return HTML_PLACEHOLDER_RE.sub(
            lambda found: str(self.md.htmlStash.rawHtmlBlocks[int(found[1])]), text
        )

    def _text_parts(self, text: str | None) -> Iterator[str]:
        """A text's runs, and each stashed piece and escaped character in it as a part of its own."""
        if not text:
            return
        start = 0
        for placeholder in _PLACEHOLDER.finditer(text):
            yield text[start : placeholder.start()]
            start = placeholder.end()
            if placeholder[1] is None:
                yield _svelte_escaped(chr(int(placeholder[2])))
                continue
            part = _stashed_value(self.md.htmlStash.rawHtmlBlocks[int(placeholder[1])])
            if part == "&lt;" and (tag := _PROSE_TAG_REST.match(text, start)):
                part, start = "<" + tag[0], tag.end()
            yield part
        yield text[start:]


def _stashed_value(stashed: object) -> str:
    """An inline HTML tag as written; an entity decoded, but for the characters Svelte keeps escaped."""
    raw = stashed if isinstance(stashed, str) else "".join(getattr(stashed, "itertext", lambda: ())())
    if raw.startswith("&") and raw.endswith(";"):
        return _svelte_escaped(html.unescape(raw))
    return raw


def _code_value(code: str) -> str:
    """A code span's text as mdsvex gives it: Python-Markdown's HTML escaping undone, Svelte's applied."""
    return _svelte_escaped(html.unescape(code), _KEPT_ESCAPED_IN_CODE)


def _svelte_escaped(text: str, kept: dict[str, str] = _KEPT_ESCAPED) -> str:
    return "".join(kept.get(character, character) for character in text)
