"""Doc-builder components written as tags on lines of their own (`<Tip>`, `<hfoptions>`, `<pt>`).

What every component shares: its spec (name, attributes with validators), the one rule for which closing
tag closes which opening tag (`ComponentTags.find_closing`, read by the site's renderers and by the
checks alike), and the codes of the problems any component can have.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tags import TagLine, parse_id_tag_with_text

# One code per problem, whatever the component (the build's older per-construct codes map onto these).
ATTRIBUTE = "component-attribute"
UNCLOSED = "component-unclosed"
UNOPENED = "component-unopened"
NESTING = "component-nesting"
MALFORMED = "component-malformed"
CODES = code_table(
    DiagnosticCode(UNCLOSED, "error", "A component tag (`<Tip>`, `<hfoptions>`...) is never closed."),
    DiagnosticCode(UNOPENED, "error", "A closing component tag with no opening tag."),
    DiagnosticCode(NESTING, "error", "Components nested in a way the dialect does not allow."),
    DiagnosticCode(ATTRIBUTE, "error", "A component attribute that is unknown, missing or repeated."),
)
# Reported by the components construct, for a tag never ended and by a spec's own problem.
MALFORMED_CODE = DiagnosticCode(MALFORMED, "error", "A component the dialect does not render as written.")

# The components whose opening tag may start a list item (`- <Tip>`, `- <InferenceSnippet>` enclosing its
# tabs: `ParsedPage.list_item_tags`), as in doc-builder: those whose renderers, the site's and the
# notebook's, keep the item's marker before what they write; a self-closing `<InferenceSnippet ... />` and
# `<Youtube id="..."/>` too (`constructs/component_tags.py`, `SELF_CLOSING_IN_LIST_ITEM`). Another tag
# after a marker stays the item's text, as it always has.
OPENS_LIST_ITEM = frozenset({"Tip", "InferenceSnippet", "inferencesnippet"})


def show(name: str) -> str:
    return f"`<{name}>`"


@dataclass(frozen=True)
class Attribute:
    """One attribute a component accepts: `valid` judges its value, `written` shows how to write one."""

    name: str
    valid: Callable[[str], bool]
    written: str
    required: bool = False


def non_empty(value: str) -> bool:
    return bool(value.strip())


def one_of(*values: str) -> Callable[[str], bool]:
    return lambda value: value in values


@dataclass(frozen=True)
class Component:
    """A component tag: its name and the attributes it accepts (any other is reported)."""

    name: str
    attributes: tuple[Attribute, ...] = ()

    def attribute_problems(self, index: int, tag: TagLine, missing_effect: str = "") -> Iterator[Finding]:
        """Unknown attributes, invalid values and missing required attributes of the tag at `index`."""
        accepted = {attribute.name: attribute for attribute in self.attributes}
        for name, value in tag.attributes.items():
            attribute = accepted.get(name)
            if attribute is None:
                names = ", ".join(f"`{a}`" for a in accepted) or "none"
                message = f"{show(self.name)} has an unknown attribute `{name}`; it is ignored"
                yield Finding(index, ATTRIBUTE, message, f"accepted: {names}")
            elif not attribute.valid(value):
                message = f"{show(self.name)} has `{name}` set to `{value}`, which is no valid value"
                yield Finding(index, ATTRIBUTE, message, f"write {attribute.written}")
        for attribute in self.attributes:
            if attribute.required and attribute.name not in tag.attributes:
                message = f"{show(self.name)} has no `{attribute.name}`{missing_effect}"
                yield Finding(index, ATTRIBUTE, message, f"add {attribute.written}")


@dataclass(frozen=True)
class Closing:
    """Where a component ends: the index of its closing tag, or where it had to stop when it has none."""

    index: int
    found: bool


@dataclass(frozen=True)
class Span:
    """A component from its opening tag to its closing tag, both found; for the nesting check."""

    name: str
    index: int
    closing: int


@dataclass(frozen=True)
class ComponentTags:
    """The page's tag lines that can be components: outside code and outside HTML comments."""

    tags: tuple[tuple[int, TagLine], ...]
    line_count: int

    @cached_property
    def _indices(self) -> list[int]:
        return [index for index, _ in self.tags]

    def at(self, index: int) -> TagLine | None:
        position = bisect.bisect_left(self._indices, index)
        if position < len(self.tags) and self.tags[position][0] == index:
            return self.tags[position][1]
        return None

    def after(self, start: int) -> Iterable[tuple[int, TagLine]]:
        return self.tags[bisect.bisect_right(self._indices, start) :]

    def find_closing(
        self,
        start: int,
        name: str,
        nesting: Collection[str] = (),
        stop_at: Collection[tuple[str, bool]] = (),
        taken: Collection[int] = (),
    ) -> Closing:
        """The `</name>` matching the opening tag at `start`: the one nesting rule of every component.

        Tags named in `nesting` (and `name` itself) nest; at nesting depth 0 a tag `(name, closing)` listed in
        `stop_at` ends the block without its closing tag (`found=False`), as does the end of the page. Lines
        in `taken` belong to a block already laid out and are no tags any more.
        """
        nesting = {name, *nesting}
        depth = 0
        for index, tag in self.after(start):
            if tag.self_closing or index in taken:
                continue
            if depth == 0 and tag.closing and tag.name == name:
                return Closing(index, found=True)
            if depth == 0 and (tag.name, tag.closing) in stop_at:
                return Closing(index, found=False)
            if tag.name in nesting:
                depth = max(depth + (-1 if tag.closing else 1), 0)
        return Closing(self.line_count, found=False)


@lru_cache(maxsize=64)
def commented_lines(page: ParsedPage) -> frozenset[int]:
    """The lines inside closed HTML comments: what is commented out is neither rendered nor checked.

    A comment never closed hides nothing on the site (only its first line), so it hides nothing here either.
    """
    closed = (comment for comment in page.comments if "-->" in comment.text)
    return frozenset(index for comment in closed for index in range(comment.index, comment.last + 1))


@lru_cache(maxsize=64)
def component_tags(page: ParsedPage) -> ComponentTags:
    """The page's component tags, in order."""
    commented = commented_lines(page)
    tags = [(index, tag) for index, tag in page.tag_lines if index not in commented]
    tags += [
        (index, tag)
        for index, tag in page.list_item_tags
        if tag.name in OPENS_LIST_ITEM and tag.opening and index not in commented
    ]
    with_text = [
        (index, tag)
        for index, line in page.outside_code()
        if index not in commented
        and "<hfoption" in line
        and (tag := parse_id_tag_with_text(line)) is not None
    ]
    return ComponentTags(tuple(sorted(tags + with_text, key=lambda found: found[0])), len(page.lines))


def crossing(spans: Iterable[Span]) -> Iterator[Finding]:
    """Components must nest: one opened inside another is closed inside it too."""
    ordered = sorted(spans, key=lambda span: span.index)
    for position, outer in enumerate(ordered):
        for inner in ordered[position + 1 :]:
            if inner.index > outer.closing:
                break
            if inner.closing > outer.closing:
                yield Finding(
                    inner.index,
                    NESTING,
                    f"{show(inner.name)} opens inside {show(outer.name)} (line {outer.index + 1}) but closes "
                    f"after it (line {inner.closing + 1}); the two blocks overlap",
                    f"close {show(inner.name)} before `</{outer.name}>`, or open it after",
                )
