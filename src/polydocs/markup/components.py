"""Doc-builder component tags -> the site's HTML, by their role: quizzes, notebook links, videos, version
notes, labels, a placeholder for a known component polydocs cannot render, and a neutral container (its tags
dropped) for an unknown one: never its source.

Which tags a page has, what each is (`tag_role`, from its spec in `dialect/constructs/component_specs.py`)
and what is wrong with them are the dialect's: this module renders each role (`HTML_BY_ROLE`) and never
reads a component's name, and the page's parse reports the problems. It runs before callouts and tabs, on
the lines as the page wrote them; what it stores is moved into a callout or a tab with the lines around it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from polydocs.dialect.constructs import components, notebooks, quiz
from polydocs.dialect.constructs.component_roles import TagRole
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import INDENT, StoreHtml, indent_lines, leading_spaces, quoted, text_after
from polydocs.markup.context import MarkupContext
from polydocs.markup.notebook_links import notebook_links_html
from polydocs.markup.quiz import quiz_html
from polydocs.markup.youtube import youtube_html
from polydocs.sources.languages import Language


def render_components(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each component tag (which may span lines) by what it renders, keeping the line count."""
    lines = list(lines)
    page = context.parsed(lines)
    tags = list(find_component_tags(page))
    closings = components.closing_lines(tags)
    for tag in tags:
        html = _tag_html(tag, context, store)
        if html is None:
            continue
        # Read before the tag's lines are replaced: the text after it as the steps before left it.
        after = text_after(tag.after, page.lines[tag.last], lines[tag.last])
        # A tag opening a list item (`- <Youtube id="..."/>`) renders in the item, after its marker.
        indent = tag.marker or lines[tag.index][: len(lines[tag.index]) - len(lines[tag.index].lstrip())]
        lines[tag.index] = indent + html if html else tag.marker.rstrip()
        for following in range(tag.index + 1, tag.last + 1):
            lines[following] = ""
        if components.tag_role(tag) is TagRole.CONTAINER and tag.opening:
            after = after.removesuffix(f"</{tag.name}>")  # `<Name>text</Name>` on one line
        if _opens_note_with_text(tag):
            # The note's first line of text, in its body; on the tag's own line, the hand-over puts the
            # note's line back above it (`note_lines`): `!!! note` must end its line.
            lines[tag.last] = indent + INDENT + after
        elif after:
            lines[tag.last] = (lines[tag.last] + " " + after).strip()
        if _opens_note(tag):
            end = closings.get(tag.index)
            indent_lines(lines, tag.last + 1, len(lines) if end is None else end)
    return lines


def note_lines(
    lines: list[str], page: ParsedPage, context: MarkupContext
) -> list[tuple[int, int, list[str]]]:
    """`(line, line, block)` for each `<Added>`, `<Changed>` or `<Deprecated>` whose text starts on its
    tag's line (`<Added version="4.0">Text`): the note's line, then that text as the line-keeping steps
    left it, in the note's body. It adds a line, so it is the hand-over's."""
    blocks = []
    for tag in find_component_tags(page):
        if _opens_note_with_text(tag) and tag.last == tag.index:
            body = lines[tag.index]
            indent = leading_spaces(body)[: -len(INDENT)]
            blocks.append((tag.index, tag.index, [indent + _note_line(tag, context), body]))
    return blocks


def _opens_note(tag: ComponentTag) -> bool:
    return components.tag_role(tag) is TagRole.VERSION_NOTE and tag.opening


def _opens_note_with_text(tag: ComponentTag) -> bool:
    return _opens_note(tag) and bool(tag.after)


def _tag_html(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str | None:
    """What replaces the tag, by its role (`components.tag_role`, which the notebooks follow too): stored
    HTML, a Markdown line, "" (nothing), or None (not this module's)."""
    return HTML_BY_ROLE[components.tag_role(tag)](tag, context, store)


def _quiz(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    question = quiz.read_question(tag)
    if isinstance(question, quiz.Question):
        return store(quiz_html(question, context.lang, context.source_line(question.index)))
    return _placeholder(tag, context, store)


def _notebook_links(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    links = notebook_links_html(notebooks.read_notebook_links(tag), context.lang)
    return store(links) if links else ""


def _youtube(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    video = components.video_of(tag)
    return store(youtube_html(video, context.lang)) if video is not None else ""


def _version_note(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    if tag.self_closing and tag.after:
        # `!!! note` must end its line: a note with text after its tag on that line is the note's HTML.
        return store(_note_html(tag, context))
    return _note_line(tag, context)


def _label(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    """An inline element: alone between blank lines Python-Markdown puts it in a paragraph of its own; on a
    line of a paragraph (`Text.` then the tag on the next line, as CommonMark and doc-builder allow) it
    stays in that paragraph, where a `<p>` would have been nested in another."""
    label = escape(components.label_of(tag))
    return store(f'<strong class="polydocs-component-label">{label}</strong>') if label else ""


def _placeholder(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    return store(f'<p class="polydocs-placeholder">{escape(context.lang.text("component.placeholder"))}</p>')


def _not_this_steps(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> None:
    return None  # the callouts' or the tabs' construct; a snippet's tabs come at the hand-over


def _nothing(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str:
    return ""  # the tag goes, what it encloses is rendered with the page


# What each role renders as: every role has its entry (tests/dialect/test_component_specs.py).
HTML_BY_ROLE: dict[TagRole, Callable[[ComponentTag, MarkupContext, StoreHtml], str | None]] = {
    TagRole.OWNED: _not_this_steps,
    TagRole.INFERENCE_SNIPPET: _not_this_steps,
    TagRole.QUIZ: _quiz,
    TagRole.NOTEBOOK_LINKS: _notebook_links,
    TagRole.YOUTUBE: _youtube,
    TagRole.VERSION_NOTE: _version_note,
    TagRole.LABEL: _label,
    TagRole.PLACEHOLDER: _placeholder,
    TagRole.DROPPED: _nothing,
    TagRole.CONTAINER: _nothing,
}


def _note_line(tag: ComponentTag, context: MarkupContext) -> str:
    admonition = components.note_of(tag).admonition
    return f"!!! {admonition} {quoted(version_note_title(tag, context.lang))}"


def _note_html(tag: ComponentTag, context: MarkupContext) -> str:
    """The HTML admonition makes of `_note_line` with nothing in the note."""
    kind = components.note_of(tag).admonition
    title = escape(version_note_title(tag, context.lang))
    return f'<div class="admonition {kind}">\n<p class="admonition-title">{title}</p>\n</div>'


def version_note_title(tag: ComponentTag, lang: Language) -> str:
    """The title of an `<Added>`, `<Changed>` or `<Deprecated>` note: "Added in v1.2", or "Added"."""
    kind = components.note_of(tag).kind
    version = tag.text("version")
    title = lang.text(f"component.{kind}_in", version=version) if version else None
    return title or lang.text(f"component.{kind}")
