"""HTML elements written with JSX attributes, as MDX pages write them: `<img style={{ width: "100%" }} />`.

An HTML tag (a lowercase element name, not a component) starting a line, possibly over several lines, whose
attributes hold a `{...}` expression is no HTML a browser reads: Python-Markdown showed the whole tag as
text. Its attributes are read as data (`_js_literal.py`, never run) and written as HTML:

- `style={{ width: "100%", maxWidth: 960 }}` -> `style="width: 100%; max-width: 960px"` (React's rules: a
  camelCase property is hyphenated, a number gets `px` unless the property has no unit);
- `width={500}`, `alt={"text"}` -> the literal's text; `{true}` -> the bare attribute, `{false}` -> none;
- `className`, `htmlFor` -> `class`, `for`.

Any other expression (a variable, a call, a nested object) cannot be written as HTML: the attribute is
dropped with a `jsx-attribute` finding at its line, and the rest of the tag is kept. What the tag becomes
goes through the page sanitiser like all of the page's HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html import escape

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._js_literal import LiteralProblem, parse_js_literal
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.component_tags import Attribute, ComponentTag, read_component_tag
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import DIALECT_TAGS

ATTRIBUTE = "jsx-attribute"
CODES = code_table(
    DiagnosticCode(ATTRIBUTE, "error", "A JSX attribute value the dialect does not read."),
)

_START = re.compile(r"^[ \t]*<(?P<name>[a-z][a-z0-9-]*)(?=[\s/>]|$)")
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_RENAMED = {"classname": "class", "htmlfor": "for"}
# CSS properties React writes without a unit when given a number.
_UNITLESS = frozenset(
    "flex flex-grow flex-shrink font-weight line-height opacity order orphans widows z-index zoom"
    " grid-row grid-column tab-size column-count fill-opacity stroke-opacity".split()
)


@dataclass(frozen=True)
class JsxTag:
    """An HTML tag written with JSX attributes, from line `index` through `last`: `html` is the tag as
    HTML, `dropped` the attributes it could not write (name, line)."""

    index: int
    last: int
    html: str
    after: str
    dropped: tuple[tuple[str, int], ...]


def find_jsx_tags(page: ParsedPage) -> Iterator[JsxTag]:
    """Every HTML tag holding a JSX expression attribute, in page order (code and comments skipped)."""
    after = 0
    for index, line in visible_lines(page):
        if index < after or "<" not in line:
            continue
        start = _START.match(line)
        if start is None or start["name"] in DIALECT_TAGS:  # `_START` reads lowercase names: no component
            continue
        tag = read_component_tag(page.lines, index)
        if not tag.ended or tag.closing or not any(a.expression for a in tag.attributes.values()):
            continue
        after = tag.last + 1
        yield _as_html(tag)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for tag in find_jsx_tags(page):
        for name, line in tag.dropped:
            yield Finding(
                line,
                ATTRIBUTE,
                f"the JSX attribute `{name}={{...}}` is no literal polydocs can write as HTML; it is dropped",
                f'write it as HTML: `{name}="value"` (a `style` as `style="width: 100%"`)',
            )


def _as_html(tag: ComponentTag) -> JsxTag:
    parts: list[str] = [tag.name]
    dropped: list[tuple[str, int]] = []
    for name, attribute in tag.attributes.items():
        value = _html_value(name, attribute) if attribute.expression else attribute.value
        html_name = _RENAMED.get(name.lower(), name)
        if value is None:
            dropped.append((name, attribute.line))
        elif value is True:
            parts.append(html_name)
        elif value is not False:
            parts.append(f'{html_name}="{escape(value)}"')
    # `<video ... />` closes itself in MDX; in HTML only a void element does, any other needs its end tag.
    ending = (" />" if tag.name in _VOID else f"></{tag.name}>") if tag.self_closing else ">"
    return JsxTag(tag.index, tag.last, "<" + " ".join(parts) + ending, tag.after, tuple(dropped))


def _html_value(name: str, attribute: Attribute) -> str | bool | None:
    """The attribute's HTML value, True (bare), False (left out), or None: no literal HTML can hold."""
    if attribute.value.strip() == name:
        return None  # a `{name}` shorthand reads a variable
    try:
        value = parse_js_literal(attribute.value)
    except LiteralProblem:
        return None
    if name == "style" and isinstance(value, dict):
        return _css(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return _number(value)
    return None


def _css(style: Mapping[str, object]) -> str | None:
    declarations = []
    for key, value in style.items():
        prop = re.sub(r"[A-Z]", lambda upper: "-" + upper[0].lower(), key)
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, float):
            text = _number(value) + ("" if prop in _UNITLESS or value == 0 else "px")
        elif isinstance(value, str):
            text = value
        else:
            return None
        declarations.append(f"{prop}: {text}")
    return "; ".join(declarations)


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)
