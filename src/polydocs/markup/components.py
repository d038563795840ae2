"""Doc-builder component tags -> the site's HTML: quizzes, notebook links, videos, version notes, a
placeholder for a known component polydocs cannot render, and a neutral container (its tags dropped) for an
unknown one: never its source.

Which tags a page has, and what is wrong with them, is the dialect's (`dialect/constructs/components.py`,
`quiz.py`, `notebooks.py`): this module only renders, and the page's parse reports the problems. It runs
before callouts and tabs, on the lines as the page wrote them; what it stores is moved into a callout or a
tab with the lines around it.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs import components, framework_switch, inference_snippet, notebooks, quiz, tabs
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.markup._blocks import StoreHtml, indent_lines, quoted
from polydocs.markup.context import MarkupContext
from polydocs.markup.notebook_links import notebook_links_html
from polydocs.markup.quiz import quiz_html
from polydocs.markup.youtube import youtube_html

_NOTE_TYPES = {"added": "info", "changed": "note", "deprecated": "warning"}


def render_components(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Replace each component tag (which may span lines) by what it renders, keeping the line count."""
    lines = list(lines)
    tags = list(find_component_tags(context.parsed(lines)))
    closings = components.closing_lines(tags)
    for tag in tags:
        html = _tag_html(tag, context, store)
        if html is None:
            continue
        indent = lines[tag.index][: len(lines[tag.index]) - len(lines[tag.index].lstrip())]
        lines[tag.index] = indent + html if html else ""
        for following in range(tag.index + 1, tag.last + 1):
            lines[following] = ""
        after = tag.after
        if components.is_unknown(tag) and tag.opening:
            after = after.removesuffix(f"</{tag.name}>")  # `<Name>text</Name>` on one line
        if after:
            lines[tag.last] = (lines[tag.last] + " " + after).strip()
        if tag.name in components.VERSION_NOTES and tag.opening and tag.ended:
            end = closings.get(tag.index)
            indent_lines(lines, tag.last + 1, len(lines) if end is None else end)
    return lines


def _tag_html(tag: ComponentTag, context: MarkupContext, store: StoreHtml) -> str | None:
    """What replaces the tag: stored HTML, a Markdown line, "" (nothing), or None (not this module's)."""
    if tag.name == "Tip" or (tag.name in tabs.GROUP_NAMES and not tag.self_closing):
        return None  # the callouts construct's; a tab group's (`<InferenceSnippet>` enclosing tabs)
    if not tag.ended:
        return store(_placeholder(context))
    if inference_snippet.is_inference_snippet(tag) and not isinstance(inference_snippet.read_call(tag), str):
        return None  # its code tabs are written at the hand-over (markup/inference_snippet.py)
    if tag.name == quiz.NAME:
        question = quiz.read_question(tag)
        html = quiz_html(question, context.lang) if isinstance(question, quiz.Question) else None
        return store(html or _placeholder(context))
    if tag.name in notebooks.NAMES:
        links = notebook_links_html(notebooks.read_notebook_links(tag), context.lang)
        return store(links) if links else ""
    if tag.name == framework_switch.NAME or tag.name in components.GROUPING:
        return ""  # the switch is the tabs' (markup/framework_switch.py); a grouping tag only groups
    if tag.name == components.YOUTUBE:
        video = tag.text("id")
        return store(youtube_html(video, context.lang)) if components.youtube_id_valid(video) else ""
    if tag.name in components.VERSION_NOTES:
        return "" if tag.closing else _note_line(tag, context)
    if components.is_unknown(tag):
        return ""  # a neutral container: its tags dropped, what it encloses rendered with the page
    return "" if tag.closing else store(_placeholder(context))


def _note_line(tag: ComponentTag, context: MarkupContext) -> str:
    kind = components.VERSION_NOTES[tag.name]
    version = tag.text("version")
    title = context.lang.text(f"component.{kind}_in", version=version) if version else None
    return f"!!! {_NOTE_TYPES[kind]} {quoted(title or context.lang.text(f'component.{kind}'))}"


def _placeholder(context: MarkupContext) -> str:
    return f'<p class="polydocs-placeholder">{escape(context.lang.text("component.placeholder"))}</p>'
