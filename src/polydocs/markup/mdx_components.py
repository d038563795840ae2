"""Doc-builder leftovers: `<Youtube id=.../>`, `[[open-in-colab]]`, `## Title[[anchor]]` -> the site's HTML.

Which lines hold them, and which other components nothing converts, is the dialect's
(`polydocs.dialect.constructs.components`); the page's parse reports their problems.
"""

from __future__ import annotations

from html import escape

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect.constructs.components import HEADING_ANCHOR, Leftover, find_leftovers, youtube_id_valid
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext, current_context

# After callouts and tabs, so that what is left of the MDX tags is what nobody converted.
PRIORITY = 26.2


def render_mdx_components(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Convert the leftovers polydocs knows; the others stay as they are."""
    lines = list(lines)
    for leftover in find_leftovers(context.parsed(lines)):
        lines[leftover.index] = _rendered(leftover, lines[leftover.index], store)
    return lines


def _rendered(leftover: Leftover, line: str, store: StoreHtml) -> str:
    if leftover.kind == "open-in-colab":
        return ""  # the doc-builder's notebook buttons: this site has its own notebook link
    if leftover.kind == "heading-anchor":
        # Matched on the line as earlier steps left it: a heading they indented (into a callout or a tab)
        # keeps its `[[anchor]]` as written, as it always has.
        heading = HEADING_ANCHOR.match(line)
        return f"{heading['heading']} {{ #{heading['anchor']} }}" if heading else line
    if leftover.kind == "youtube":
        return _youtube_html(leftover.value, store) if youtube_id_valid(leftover.value) else ""
    return line


def _youtube_html(video: str, store: StoreHtml) -> str:
    url = f"https://www.youtube.com/watch?v={video}"
    return store(
        f'<p class="polydocs-video"><a href="{escape(url)}" target="_blank" rel="noopener">▶ YouTube</a></p>'
    )


class _MdxComponentPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_mdx_components(lines, current_context(), self.md.htmlStash.store)


class MdxComponentExtension(Extension):
    """Converts the remaining doc-builder leftovers."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_MdxComponentPreprocessor(md), "polydocs_mdx_components", PRIORITY)
