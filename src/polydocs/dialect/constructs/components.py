"""Doc-builder components and leftovers no other construct owns, and which component belongs to which.

- `<Youtube id="..."/>`: a click-to-load video.
- `<Added>`, `<Changed>`, `<Deprecated>` (`version="..."`): a note saying so; `<ExampleCodeBlock>`: its
  content as it is (the tags only group it on huggingface.co).
- `[[open-in-colab]]` (this site has its own notebook link) and `## Title[[anchor]]` (a heading's id).
- Any other component (a capitalised or snake_case tag such as `<Gallery>` or `<add_code_sample>`): a
  neutral container, what it encloses rendered as the page's Markdown and its tags dropped, reported as
  `component-unknown`; never its source.
- `<InferenceSnippet ... />` alone: the call it describes as code tabs (inference_snippet.py; nothing is
  fetched); enclosing tabs, it is a tab group (tabs.py).

`<Tip>` (callouts), `<Question>` (quiz), the notebook banners (notebooks) and `<FrameworkSwitchCourse>`
(framework_switch) have constructs of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from polydocs.dialect import components as shared
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs import framework_switch, inference_snippet, notebooks, quiz, tabs
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.dialect.heading_anchors import has_misplaced_anchor, heading_anchor
from polydocs.dialect.page import ParsedPage
from polydocs.guide import guide_url

UNKNOWN = "component-unknown"
MALFORMED = "component-malformed"
ANCHOR_MISPLACED = "heading-anchor-misplaced"
YOUTUBE_MALFORMED = "youtube-malformed"
CODES = frozenset({UNKNOWN, MALFORMED, YOUTUBE_MALFORMED, ANCHOR_MISPLACED, shared.UNCLOSED})

YOUTUBE = "Youtube"
# Component -> the kind of note it is (strings `component.<kind>`, `component.<kind>_in`).
VERSION_NOTES = {"Added": "added", "Changed": "changed", "Deprecated": "deprecated"}
# Components whose tags only group what they enclose.
GROUPING = frozenset({"ExampleCodeBlock"})
# Components other constructs own (`<Tip>`: callouts, converted when it stands alone on a line).
OWNED_ELSEWHERE = frozenset({"Tip", quiz.NAME, framework_switch.NAME, *notebooks.NAMES})
RENDERED = frozenset({YOUTUBE, *VERSION_NOTES, *GROUPING})
# Known components shown as a placeholder where their tag cannot be read (the dialect check says why).
PLACEHOLDERS = frozenset({inference_snippet.NAME})

_OPEN_IN_COLAB = re.compile(r"^[ ]*\[\[open-in-colab\]\][ ]*$")
_YOUTUBE_ID = re.compile(r"^[\w-]{6,20}$")

LeftoverKind = Literal["open-in-colab", "heading-anchor"]


@dataclass(frozen=True)
class Leftover:
    """A line-long leftover at line `index`."""

    index: int
    kind: LeftoverKind


class TagRole(Enum):
    """What the site makes of a component tag: the one decision every renderer (the site's components step,
    the notebooks) follows, so that a tag is never shown by one output and left as written by another."""

    # Another construct's: a `<Tip>` (callouts), a tab group enclosing tabs (tabs).
    OWNED = "owned"
    # A tag never ended, or a known component that cannot be shown (an `<InferenceSnippet>` not read):
    # the site's placeholder sentence.
    PLACEHOLDER = "placeholder"
    # A readable self-closing `<InferenceSnippet>`: its call's code, for each client.
    INFERENCE_SNIPPET = "inference-snippet"
    # A `<Question>`: its choices (or the placeholder, when they cannot be read).
    QUIZ = "quiz"
    # `<CourseFloatingBanner>`, `<DocNotebookDropdown>`: links to the page's hosted notebooks.
    NOTEBOOK_LINKS = "notebook-links"
    # `<FrameworkSwitchCourse>` (its `{#if}` blocks are the switch), a grouping tag, the closing tag of a
    # placeholder: the tag goes, what it encloses stays.
    DROPPED = "dropped"
    # A component no construct knows: a neutral container, its tags dropped (`<Name>text</Name>` on one line
    # keeps its text), what it encloses rendered with the page.
    CONTAINER = "container"
    YOUTUBE = "youtube"
    # `<Added>`, `<Changed>`, `<Deprecated>`: a note titled with the version (its closing tag: DROPPED).
    VERSION_NOTE = "version-note"


def tag_role(tag: ComponentTag) -> TagRole:
    """The role of a tag `find_component_tags` found."""
    if tag.name == "Tip" or (tag.name in tabs.GROUP_NAMES and not tag.self_closing):
        return TagRole.OWNED
    if not tag.ended:
        return TagRole.PLACEHOLDER
    if inference_snippet.is_inference_snippet(tag) and not isinstance(inference_snippet.read_call(tag), str):
        return TagRole.INFERENCE_SNIPPET
    if tag.name == quiz.NAME:
        return TagRole.QUIZ
    if tag.name in notebooks.NAMES:
        return TagRole.NOTEBOOK_LINKS
    if tag.name == framework_switch.NAME or tag.name in GROUPING:
        return TagRole.DROPPED
    if tag.name == YOUTUBE:
        return TagRole.YOUTUBE
    if tag.name in VERSION_NOTES:
        return TagRole.DROPPED if tag.closing else TagRole.VERSION_NOTE
    if is_unknown(tag):
        return TagRole.CONTAINER
    return TagRole.DROPPED if tag.closing else TagRole.PLACEHOLDER


def youtube_id_valid(video: str) -> bool:
    return _YOUTUBE_ID.match(video) is not None


def find_leftovers(page: ParsedPage) -> Iterator[Leftover]:
    """Every `[[open-in-colab]]` and `[[anchor]]` heading, in page order (code and comments skipped)."""
    for index, line in visible_lines(page):
        if _OPEN_IN_COLAB.match(line):
            yield Leftover(index, "open-in-colab")
        elif heading_anchor(line) is not None:
            yield Leftover(index, "heading-anchor")


def find_components(page: ParsedPage) -> Iterator[ComponentTag]:
    """Every tag of a component this construct renders or refuses (not those other constructs own)."""
    for tag in find_component_tags(page):
        # `<InferenceSnippet>` enclosing tabs is a tab group (tabs.py); alone (`.../>`), a component.
        if tag.name not in OWNED_ELSEWHERE and (tag.self_closing or tag.name not in tabs.GROUP_NAMES):
            yield tag


def closing_lines(tags: list[ComponentTag]) -> dict[int, int | None]:
    """For each opening tag (by line), the line of its closing tag (same name, nested ones skipped)."""
    closings: dict[int, int | None] = {}
    open_tags: dict[str, list[int]] = {}
    for tag in tags:
        if tag.opening and tag.ended:
            closings[tag.index] = None
            open_tags.setdefault(tag.name, []).append(tag.index)
        elif tag.closing and open_tags.get(tag.name):
            closings[open_tags[tag.name].pop()] = tag.index
    return closings


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    tags = list(find_components(page))
    closings = closing_lines(tags)
    for tag in tags:
        finding = _problem(tag)
        if finding is None and tag.name in VERSION_NOTES and closings.get(tag.index, 0) is None:
            finding = Finding(
                tag.index,
                shared.UNCLOSED,
                f"`<{tag.name}>` is never closed; its note runs to the end of the page",
                f"add `</{tag.name}>` on its own line where the note ends",
            )
        if finding is not None:
            yield finding
    for index, line in visible_lines(page):
        if line.startswith("#") and has_misplaced_anchor(line):
            yield Finding(
                index,
                ANCHOR_MISPLACED,
                "text follows the heading's `[[anchor]]` on its line; the heading is shown as written, "
                "anchor and text included",
                "end the heading's line after `]]` and start the text on the next line",
            )


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of this construct's tags (`find_components`) and leftovers (`find_leftovers`)."""
    for tag in find_components(page):
        yield from range(tag.index, tag.last + 1)
    yield from (leftover.index for leftover in find_leftovers(page))


def is_unknown(tag: ComponentTag) -> bool:
    """A component no construct knows: rendered as a neutral container of what it encloses."""
    return tag.name not in RENDERED and tag.name not in PLACEHOLDERS and tag.name not in OWNED_ELSEWHERE


def _problem(tag: ComponentTag) -> Finding | None:
    if tag.ended and inference_snippet.is_inference_snippet(tag):
        call = inference_snippet.read_call(tag)
        if not isinstance(call, str):
            return None
        return Finding(
            tag.index,
            MALFORMED,
            f"`<{tag.name}>`: {call}; readers see a placeholder",
            "write the tag as doc-builder's README shows it (section 'Inference Snippet')",
        )
    if tag.name not in RENDERED and (tag.closing or (tag.ended and not is_unknown(tag))):
        return None
    if tag.name not in RENDERED and tag.ended:
        return _unknown(tag)
    if not tag.ended:
        return Finding(
            tag.index,
            MALFORMED,
            f"the `<{tag.name}` tag is never ended with `>`; readers see a placeholder",
            "end the tag with `>` (or `/>` when it encloses nothing)",
        )
    if tag.name == YOUTUBE and not tag.closing and not youtube_id_valid(tag.text("id")):
        return Finding(
            tag.index,
            YOUTUBE_MALFORMED,
            f"`<Youtube>` has no usable video id ({tag.text('id')!r}); nothing is shown",
            'write `<Youtube id="VIDEO_ID"/>` with the id from the video URL',
        )
    return None


def _unknown(tag: ComponentTag) -> Finding:
    encloses = "nothing is shown" if tag.self_closing else "what it encloses is shown as the page's text"
    return Finding(
        tag.index,
        UNKNOWN,
        f"`<{tag.name}>` is a component polydocs does not know; its tags are dropped and {encloses}",
        "rewrite it in Markdown (an admonition, a link, a list), or see "
        f"{guide_url('markup.md', 'The constructs')} for the components "
        "polydocs renders",
    )
