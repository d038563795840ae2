"""Tab groups: `<hfoptions id>` of `<hfoption id>` tabs, `<frameworkcontent>` of `<pt>`/`<tf>`/`<jax>` tabs.

`tab_layout` finds each group's tabs, where each ends and which tags close nothing; the site renders the
tabs from it (`polydocs.markup.hfoptions`, `polydocs.markup.framework_tabs`) and `check` reports its problems.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.components import (
    ATTRIBUTE,
    NESTING,
    UNCLOSED,
    UNOPENED,
    Attribute,
    Component,
    ComponentTags,
    Span,
    commented_lines,
    component_tags,
    crossing,
    non_empty,
    show,
)
from polydocs.dialect.components import CODES as COMPONENT_CODES
from polydocs.dialect.constructs.callouts import tip_layout
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tags import TagLine, parse_one_line_element


@dataclass(frozen=True)
class TabGroupSpec:
    """One kind of tab group: the group tag, its tab tags, and how a tab is labelled (its `number` from 1).

    `unique` names the attribute no two tabs of one group may share (they would carry the same label).
    """

    group: Component
    tabs: tuple[Component, ...]
    label: Callable[[TagLine, int], str]
    unique: str = ""

    @property
    def tab_names(self) -> frozenset[str]:
        return frozenset(tab.name for tab in self.tabs)

    @property
    def tab_nesting(self) -> frozenset[str]:
        """The tags counted while looking for a tab's end: a group inside the tab holds its own tabs."""
        return frozenset({self.group.name, *self.tab_names})

    @property
    def tab_stops(self) -> frozenset[tuple[str, bool]]:
        """A tab never closed ends at the next tab of its group, or at the group's closing tag."""
        return frozenset({(name, False) for name in self.tab_names} | {(self.group.name, True)})

    def component(self, name: str) -> Component:
        return next(c for c in (self.group, *self.tabs) if c.name == name)


def _option_label(tag: TagLine, number: int) -> str:
    return tag.attributes.get("id", "") or f"Option {number}"


_GROUP_ID = Attribute("id", non_empty, '`id="..."`', required=True)
_OPTION_ID = Attribute("id", non_empty, 'the label readers should see: `id="PyTorch"`', required=True)

HFOPTIONS = TabGroupSpec(
    Component("hfoptions", (_GROUP_ID,)), (Component("hfoption", (_OPTION_ID,)),), _option_label, unique="id"
)

FRAMEWORK_LABELS = {"pt": "PyTorch", "tf": "TensorFlow", "jax": "JAX", "flax": "JAX"}

FRAMEWORK_CONTENT = TabGroupSpec(
    Component("frameworkcontent"),
    tuple(Component(name) for name in FRAMEWORK_LABELS),
    lambda tag, number: FRAMEWORK_LABELS[tag.name],
)


def _labelled(group: str, labels: dict[str, str]) -> TabGroupSpec:
    """A group whose tabs are fixed tags, each with its label (doc-builder's language groups)."""
    return TabGroupSpec(
        Component(group), tuple(Component(name) for name in labels), lambda tag, number: labels[tag.name]
    )


# The tokenizers library's code in three languages (doc-builder's `tokenizersLang` preprocessor).
TOKENIZERS_LANGUAGES = _labelled(
    "tokenizerslangcontent", {"python": "Python", "rust": "Rust", "node": "Node"}
)
# An inference call in three clients (doc-builder's `inferenceSnippet` preprocessor and `InferenceApi`); the
# component `<InferenceSnippet .../>` alone is no group: the call it describes (inference_snippet.py).
INFERENCE_LABELS = {"python": "Python", "js": "JavaScript", "curl": "cURL"}
INFERENCE_SNIPPET = _labelled("inferencesnippet", INFERENCE_LABELS)
INFERENCE_SNIPPET_COMPONENT = _labelled("InferenceSnippet", INFERENCE_LABELS)
CODE_TABS = (TOKENIZERS_LANGUAGES, INFERENCE_SNIPPET, INFERENCE_SNIPPET_COMPONENT)

TAB_GROUPS = (HFOPTIONS, FRAMEWORK_CONTENT, *CODE_TABS)
# Group tags that are tab groups when they enclose tabs (`<InferenceSnippet>` alone is a component).
GROUP_NAMES = frozenset(spec.group.name for spec in TAB_GROUPS)

# Every code this check reports: tab groups are components, with no problem of their own.
CODES = COMPONENT_CODES


@dataclass(frozen=True)
class Tab:
    """One tab: its tag line, its body up to `end` (exclusive), and `closing`, its closing tag's line if it
    has one inside the group. `closed` is False when the next tab or the group's end cut it short.

    A tab written on one line (`<pt>```bash pip install torch ```</pt>`) has its Markdown in `body`, its
    `closing` on its own line and nothing below it (`end` is the next line)."""

    index: int
    tag: TagLine
    number: int
    label: str
    end: int
    closing: int | None
    closed: bool
    body: str | None = None


# What a one-line tab holds, as its author meant it: a fence opened and closed on one line,
# ```` ```bash pip install torch ``` ````, is the code block doc-builder shows (its first word the language).
# Its opening (the fence, the language, the blanks after them); the closing is the same fence ending the
# line, found by its end: a pattern reading on to a back-reference is tried again at every backtick of a
# long run (tests/test_pattern_growth.py).
_ONE_LINE_FENCE_OPENING = re.compile(r"(?<![`~])(?P<fence>`{3,}+|~{3,}+)(?P<language>[^\s`]*+)[ \t]+")


def tab_body_lines(body: str) -> tuple[str, ...]:
    """The Markdown lines of a one-line tab's `body`: a fence on one line becomes a fenced block."""
    line = body.removesuffix("\n")
    opening = _ONE_LINE_FENCE_OPENING.match(line)
    if opening is None or "\n" in line or not line.endswith(opening["fence"]):
        return (body,)
    code = line[opening.end() : len(line) - len(opening["fence"])].rstrip(" \t")
    if not code or code[-1].isspace():
        return (body,)
    return (opening["fence"] + opening["language"], code, opening["fence"])


@dataclass(frozen=True)
class TabGroup:
    """A group from its opening tag to `end` (its closing tag, or the end of the page when it has none);
    `stray_text` is the first line inside it but outside every tab, if any."""

    index: int
    tag: TagLine
    end: int
    closed: bool
    tabs: tuple[Tab, ...]
    stray_text: int | None


@dataclass(frozen=True)
class TabLayout:
    """The page's groups of one kind, in order, and the tags of that kind that belong to none."""

    groups: tuple[TabGroup, ...]
    strays: tuple[tuple[int, TagLine], ...]
    # The lines of the groups' and tabs' tags: a tag another kind of group took is no stray of this one
    # (`<python>` is a tab of `<tokenizerslangcontent>` and of `<inferencesnippet>`).
    taken: frozenset[int] = frozenset()

    def spans(self, spec: TabGroupSpec) -> Iterator[Span]:
        for group in self.groups:
            if group.closed:
                yield Span(spec.group.name, group.index, group.end)
            for tab in group.tabs:
                if tab.closing is not None:
                    yield Span(tab.tag.name, tab.index, tab.closing)


@lru_cache(maxsize=64)
def tab_layout(page: ParsedPage, spec: TabGroupSpec) -> TabLayout:
    """Each group closed by its first `</group>` at depth 0; inside it, each tab ends at its closing tag,
    the next tab or the group's end. Groups are laid out in order; a later one sees the lines an earlier one
    took as no tags (as the renderer, which rewrites them, does)."""
    tags = component_tags(page)
    taken: set[int] = set()
    groups = [
        _group(page, tags, index, tag, spec, taken)
        for index, tag in tags.tags
        if tag.name == spec.group.name and tag.opening
    ]
    names = {spec.group.name, *spec.tab_names}
    strays = tuple(
        (index, tag)
        for index, tag in tags.tags
        if tag.name in names and not tag.self_closing and index not in taken
    )
    return TabLayout(tuple(groups), strays, frozenset(taken))


def _group(
    page: ParsedPage, tags: ComponentTags, start: int, tag: TagLine, spec: TabGroupSpec, taken: set[int]
) -> TabGroup:
    group_end = tags.find_closing(start, spec.group.name, taken=taken)
    taken.update({start, group_end.index} if group_end.found else {start})
    tabs: list[Tab] = []
    position, stray_text = start + 1, None
    while position < group_end.index:
        child = None if position in taken else tags.at(position)
        if child is not None and child.opening and child.name in spec.tab_names:
            tabs.append(_tab(tags, position, child, len(tabs) + 1, group_end.index, spec, taken))
            position = tabs[-1].end + (tabs[-1].closing is not None)
            continue
        if child is None and (one_line := _one_line_tab(page, position, len(tabs) + 1, spec, taken)):
            tabs.append(one_line)
            position += 1
            continue
        if stray_text is None and page.lines[position].strip():
            stray_text = position
        position += 1
    return TabGroup(start, tag, group_end.index, group_end.found, tuple(tabs), stray_text)


def _one_line_tab(
    page: ParsedPage, index: int, number: int, spec: TabGroupSpec, taken: set[int]
) -> Tab | None:
    """The tab opened and closed on line `index`, if one of this group's tabs is."""
    if (
        index in taken
        or page.is_code(index)
        or index in commented_lines(page)
        or "</" not in page.lines[index]
    ):
        return None
    element = parse_one_line_element(page.lines[index])
    if element is None or element[0].name not in spec.tab_names:
        return None
    tag, body = element
    taken.add(index)
    return Tab(index, tag, number, spec.label(tag, number), index + 1, index, True, body)


def _tab(
    tags: ComponentTags,
    start: int,
    tag: TagLine,
    number: int,
    group_end: int,
    spec: TabGroupSpec,
    taken: set[int],
) -> Tab:
    end = tags.find_closing(start, tag.name, spec.tab_nesting, spec.tab_stops, taken)
    closing = end.index if end.found and end.index < group_end else None
    taken.update({start} if closing is None else {start, closing})
    return Tab(start, tag, number, spec.label(tag, number), min(end.index, group_end), closing, end.found)


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of the tags of every tab group the site renders as tabs, and of their tabs."""
    for spec in TAB_GROUPS:
        for group in tab_layout(page, spec).groups:
            yield from (group.index, group.end) if group.closed else (group.index,)
            for tab in group.tabs:
                yield from (tab.index,) if tab.closing is None else (tab.index, tab.closing)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    spans = list(tip_layout(page).spans())
    layouts = {spec: tab_layout(page, spec) for spec in TAB_GROUPS}
    # A tag some group took is no stray; a stray tab several kinds of group share is reported once.
    settled = set().union(*(layout.taken for layout in layouts.values()))
    for spec, layout in layouts.items():
        for group in layout.groups:
            yield from _group_problems(group, spec)
        yield from _stray_problems(page, layout, spec, settled)
        spans.extend(layout.spans(spec))
    yield from crossing(spans)


def _group_problems(group: TabGroup, spec: TabGroupSpec) -> Iterator[Finding]:
    name = spec.group.name
    yield from spec.group.attribute_problems(group.index, group.tag)
    if not group.closed:
        yield Finding(
            group.index,
            UNCLOSED,
            f"{show(name)} is never closed; its tabs run to the end of the page",
            f"add `</{name}>` on its own line after the last tab",
        )
    seen: set[str] = set()
    for tab in group.tabs:
        yield from _tab_problems(tab, spec, seen)
    if group.stray_text is not None:
        yield Finding(
            group.stray_text,
            NESTING,
            f"text inside {show(name)} but outside any tab splits the tabs in two",
            "move it into a tab, or before or after the group",
        )


def _tab_problems(tab: Tab, spec: TabGroupSpec, seen: set[str]) -> Iterator[Finding]:
    name = tab.tag.name
    effect = f"; its tab is labelled `{tab.label}`"
    yield from spec.component(name).attribute_problems(tab.index, tab.tag, effect)
    if not tab.closed:
        yield Finding(
            tab.index,
            UNCLOSED,
            f"{show(name)} is never closed; it ends at the next tab or the group's end",
            f"add `</{name}>` on its own line where this tab ends",
        )
    value = tab.tag.attributes.get(spec.unique, "") if spec.unique else ""
    if value and value in seen:
        yield Finding(
            tab.index,
            ATTRIBUTE,
            f'`<{name} {spec.unique}="{value}">` repeats a tab of this {show(spec.group.name)}',
            f"give each tab its own {spec.unique}",
        )
    seen.add(value)


def _stray_problems(
    page: ParsedPage, layout: TabLayout, spec: TabGroupSpec, settled: set[int]
) -> Iterator[Finding]:
    group, tabs = show(spec.group.name), " / ".join(map(show, sorted(spec.tab_names)))
    # A stray tab's own closing tag is part of the one mistake already reported at its opening.
    open_strays: Counter[str] = Counter()
    for index, tag in layout.strays:
        if index in settled:
            continue
        settled.add(index)
        written = f"`{page.lines[index].strip()}`"
        if tag.closing and open_strays[tag.name]:
            open_strays[tag.name] -= 1
        elif tag.closing:
            yield Finding(
                index,
                UNOPENED,
                f"{written} closes no {show(tag.name)}; it is shown as it is",
                f"remove it, or open the {show(tag.name)} it should close",
            )
        else:
            open_strays[tag.name] += 1
            yield from spec.component(tag.name).attribute_problems(index, tag)
            yield Finding(
                index,
                NESTING,
                f"{written} is outside {group}; it is shown as it is",
                f"put each {tabs} inside one {group} ... `</{spec.group.name}>` group",
            )
