"""The components construct: the check of every component tag, by its spec, and the leftovers.

- Each component tag is checked by its spec (`component_specs.py`: what it is, the attributes it reads, its
  own problems); a tag no spec names is a neutral container, what it encloses rendered as the page's
  Markdown and its tags dropped, reported as `component-unknown` (never its source). `tag_role` says what
  every renderer makes of a tag.
- `[[open-in-colab]]` (this site has its own notebook link) and `## Title[[anchor]]` (a heading's id).
- A component tag inside a line of text (`See <Youtube id="..."/> here.`, in a paragraph or an HTML block):
  Svelte renders it there on huggingface.co; the site renders a component only where its tag starts a line
  (one `<Tip>text</Tip>` alone on its line included), and drops the tags elsewhere, the video or the note
  with them: `component-inline`, never silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect import components as shared
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.callouts import tip_layout
from polydocs.dialect.constructs.component_roles import ComponentSpec, Note, TagRole
from polydocs.dialect.constructs.component_specs import SPECS, spec_of
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.dialect.constructs.prose_tags import HTML_TAG
from polydocs.dialect.constructs.tabs import TAB_GROUPS, tab_layout
from polydocs.dialect.heading_anchors import has_misplaced_anchor, heading_anchor
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import DOC_BUILDER_COMPONENTS, tag_name
from polydocs.dialect.tags import TagLine
from polydocs.guide import guide_url

UNKNOWN = "component-unknown"
ANCHOR_MISPLACED = "heading-anchor-misplaced"
INLINE = "component-inline"
CODES = code_table(
    DiagnosticCode(
        UNKNOWN, "error", "A component polydocs does not know, shown as a container of its content."
    ),
    DiagnosticCode(INLINE, "error", "A component tag inside a line of text, whose tags the site drops."),
    DiagnosticCode(ANCHOR_MISPLACED, "error", "A heading anchor `[[id]]` where it has no effect."),
    shared.CODES[shared.UNCLOSED],
    shared.CODES[shared.ATTRIBUTE],
    shared.MALFORMED_CODE,
    *(code for spec in SPECS for code in spec.codes),
)
# This construct checks the components whose spec says so, and those no spec names.
_CHECKED_HERE = "components"

_OPEN_IN_COLAB = re.compile(r"^[ ]*\[\[open-in-colab\]\][ ]*$")

LeftoverKind = Literal["open-in-colab", "heading-anchor"]


@dataclass(frozen=True)
class Leftover:
    """A line-long leftover at line `index`."""

    index: int
    kind: LeftoverKind


def tag_role(tag: ComponentTag) -> TagRole:
    """The role of a tag `find_component_tags` found: its spec's, or a neutral container's."""
    spec = spec_of(tag.name)
    if spec is not None:
        return spec.tag_role(tag)
    return TagRole.CONTAINER if tag.ended else TagRole.PLACEHOLDER


def note_of(tag: ComponentTag) -> Note:
    """The note a tag of the role `VERSION_NOTE` is."""
    note = _spec(tag).note
    assert note is not None, f"the spec of <{tag.name}> gives the role VERSION_NOTE and no note"
    return note


def label_of(tag: ComponentTag) -> str:
    """The text a tag of the role `LABEL` shows."""
    label = _spec(tag).label
    assert label is not None, f"the spec of <{tag.name}> gives the role LABEL and no label"
    return label(tag)


def video_of(tag: ComponentTag) -> str | None:
    """The video a tag of the role `YOUTUBE` shows; None when it has no usable one (nothing shows)."""
    video = _spec(tag).video
    assert video is not None, f"the spec of <{tag.name}> gives the role YOUTUBE and no video"
    return video(tag)


def _spec(tag: ComponentTag) -> ComponentSpec:
    spec = spec_of(tag.name)
    assert spec is not None, f"<{tag.name}> has a role only a spec gives"
    return spec


def find_leftovers(page: ParsedPage) -> Iterator[Leftover]:
    """Every `[[open-in-colab]]` and `[[anchor]]` heading, in page order (code and comments skipped)."""
    for index, line in visible_lines(page):
        if _OPEN_IN_COLAB.match(line):
            yield Leftover(index, "open-in-colab")
        elif heading_anchor(line) is not None:
            yield Leftover(index, "heading-anchor")


def find_components(page: ParsedPage) -> Iterator[ComponentTag]:
    """Every tag of a component this construct checks: those whose spec is this construct's, less the
    tags another construct lays out (an `<InferenceSnippet>` enclosing tabs), and those no spec names."""
    for tag in find_component_tags(page):
        spec = spec_of(tag.name)
        if spec is None or (spec.checked_by == _CHECKED_HERE and spec.tag_role(tag) is not TagRole.OWNED):
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
        findings = list(_problems(tag))
        spec = spec_of(tag.name)
        if not findings and spec is not None and spec.closed and closings.get(tag.index, 0) is None:
            findings.append(
                Finding(
                    tag.index,
                    shared.UNCLOSED,
                    f"`<{tag.name}>` is never closed; its {spec.block} runs to the end of the page",
                    f"add `</{tag.name}>` on its own line where the {spec.block} ends",
                )
            )
        yield from findings
    yield from _inline_components(page)
    for index, line in visible_lines(page):
        if line.startswith("#") and has_misplaced_anchor(line):
            yield Finding(
                index,
                ANCHOR_MISPLACED,
                "text follows the heading's `[[anchor]]` on its line; the heading is shown as written, "
                "anchor and text included",
                "end the heading's line after `]]` and start the text on the next line",
            )


def _inline_components(page: ParsedPage) -> Iterator[Finding]:
    """Each component tag inside a line of text: not where a tag the components, callouts or tabs construct
    renders stands (a line's first tag, a one-line `<Tip>`, a group opening a list item), outside code
    spans."""
    if "<" not in page.text:
        return
    rendered = {line for tag in find_component_tags(page) for line in range(tag.index, tag.last + 1)}
    rendered |= {line for block in tip_layout(page).blocks for line in (block.index, block.end)}
    for spec in TAB_GROUPS:  # `- <InferenceSnippet>` opening a list item: a tab group
        for group in tab_layout(page, spec).groups:
            rendered |= {group.index, group.end, *(tab.index for tab in group.tabs)}
    for index, line in visible_lines(page):
        if index in rendered or "<" not in line:
            continue
        for found in HTML_TAG.finditer(blank_code_spans(line)):
            name = tag_name(found[0])
            if found[0].startswith("</") or name not in DOC_BUILDER_COMPONENTS:
                continue  # an unknown name is text in a line (`<Layer Class>`: `prose_tags.py`)
            shown = "nothing of it is shown" if found[0].endswith("/>") else "what it encloses is plain text"
            yield Finding(
                index,
                INLINE,
                f"`<{name}>` inside a line of text is not rendered: the site drops its tags, and {shown} "
                "(huggingface.co renders it there)",
                "put the tag on a line of its own",
            )


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of this construct's tags (`find_components`) and leftovers (`find_leftovers`)."""
    for tag in find_components(page):
        yield from range(tag.index, tag.last + 1)
    yield from (leftover.index for leftover in find_leftovers(page))


def _problems(tag: ComponentTag) -> Iterator[Finding]:
    spec = spec_of(tag.name)
    if spec is None and tag.closing:
        return  # `</Name>` of a container: its opening tag is reported
    if not tag.ended:
        yield Finding(
            tag.index,
            shared.MALFORMED,
            f"the `<{tag.name}` tag is never ended with `>`; readers see a placeholder",
            "end the tag with `>` (or `/>` when it encloses nothing)",
        )
    elif spec is None:
        yield _unknown(tag)
    elif not tag.closing:
        if spec.attributes is not None:
            attributes = {name: attribute.value for name, attribute in tag.attributes.items()}
            checked = shared.Component(tag.name, spec.attributes)
            yield from checked.attribute_problems(tag.index, TagLine("", tag.name, attributes))
        finding = spec.problem(tag) if spec.problem is not None else None
        if finding is not None:
            yield finding


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
