"""Doc-builder leftovers: `<Youtube id=.../>`, `[[open-in-colab]]`, `## Title[[anchor]]`, the unknown."""

from __future__ import annotations

import re
from html import escape

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup._blocks import StoreHtml, parse_tag_line
from polydocs.markup.context import MarkupContext, current_context

# After callouts and tabs, so that what is left of the MDX tags is what nobody converted.
PRIORITY = 26.2

_OPEN_IN_COLAB = re.compile(r"^[ ]*\[\[open-in-colab\]\][ ]*$")
_HEADING_ANCHOR = re.compile(r"^(?P<heading>#{1,6}[ ]+.*?)[ ]*\[\[(?P<anchor>[\w-]+)\]\][ ]*$")
_COMPONENT = re.compile(r"^[ ]*<(?P<name>[A-Za-z][\w-]*)")
_YOUTUBE_ID = re.compile(r"^[\w-]{6,20}$")


def render_mdx_components(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Convert the leftovers polydocs knows and warn about every other MDX component."""
    lines = list(lines)
    for index, line in context.outside_code(lines):
        if _OPEN_IN_COLAB.match(line):
            lines[index] = ""  # the doc-builder's notebook buttons: this site has no notebooks
        elif heading := _HEADING_ANCHOR.match(line):
            lines[index] = f"{heading['heading']} {{ #{heading['anchor']} }}"
        elif (tag := parse_tag_line(line)) is not None and tag.name == "Youtube" and not tag.closing:
            lines[index] = _render_youtube(tag.attributes.get("id", ""), index, context, store)
        elif (component := _COMPONENT.match(line)) is not None and _is_component(component["name"]):
            context.warn(
                index,
                "mdx-unsupported",
                f"`<{component['name']}>` is a doc-builder component polydocs does not convert; "
                "it is passed through as raw HTML",
                "rewrite it in Markdown (an admonition, a link, a list)",
            )
    return lines


def _is_component(name: str) -> bool:
    # HTML element names are lowercase words; MDX components are capitalised or snake_case.
    return name[0].isupper() or "_" in name


def _render_youtube(video: str, index: int, context: MarkupContext, store: StoreHtml) -> str:
    if not _YOUTUBE_ID.match(video):
        context.warn(
            index,
            "youtube-malformed",
            f"`<Youtube>` has no usable video id ({video!r}); nothing is shown",
            'write `<Youtube id="VIDEO_ID"/>` with the id from the video URL',
        )
        return ""
    url = f"https://www.youtube.com/watch?v={video}"
    return store(
        f'<p class="polydocs-video"><a href="{escape(url)}" target="_blank" rel="noopener">▶ YouTube</a></p>'
    )


class _MdxComponentPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return render_mdx_components(lines, current_context(), self.md.htmlStash.store)


class MdxComponentExtension(Extension):
    """Converts the remaining doc-builder leftovers and reports the ones it cannot convert."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_MdxComponentPreprocessor(md), "polydocs_mdx_components", PRIORITY)
