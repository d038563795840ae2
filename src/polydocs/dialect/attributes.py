"""Tag attributes as pages write them, HTML and MDX alike, read by one reader for every part of polydocs.

`read_attributes` reads from a position (just after a tag's name) to the tag's `>` or `/>`:

- `name="text"`, `name='text'`: the text as written (no escapes; a `>` inside belongs to the value);
- `name={expression}`: the text between balanced braces, JavaScript strings inside read whole (a `}` in
  `{"a}b"}` is the string's), the braces left out: `warning={true}` is "true", `style={{ a: 1 }}` is
  `{ a: 1 }`;
- `name=text`: an unquoted value, HTML's rule (no blank, quote, `=`, `<`, `>` or backtick), a `/` right
  before the tag's `>` left to end the tag (`<img src=a.png/>` closes itself);
- `name` alone: the empty value (`allowfullscreen`, `<Tip warning>`);
- `{name}`: MDX's shorthand, its name its value.

A name whose `=` is followed by no value (`x= %`, a quote or brace never closed) is read alone, and
reading stops where the value should start.

Blanks, line ends included, may stand around `=` and between attributes. Names are kept as written; what
a reader does with case, entities or blanks around a value is its own (HTML lowercases names, MDX keeps
them). Reading stops at the first character that starts no attribute, and says where.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Form = Literal["double", "single", "expression", "bare", "alone", "shorthand"]
# How reading ended: at the tag's `>` or `/>`, at the text's end, at a character that starts no attribute,
# or at a quote or brace that the text never closes (more text may close it).
Ending = Literal[">", "/>", "end", "stopped", "unclosed"]

_BLANKS = re.compile(r"\s*+")
# A name, and its `=` and value when the value is quoted or unquoted (a `{` value is read by
# `expression_end`). An unquoted value may hold a `/`, but not one right before the tag's `>`.
_NAMED = re.compile(
    r"""(?P<name>[A-Za-z_:$][\w:.$-]*+)(?P<blanks>\s*+)(?:=\s*+(?:"(?P<double>[^"]*+)"|'(?P<single>[^']*+)'"""
    r"""|(?P<bare>(?:[^\s"'=<>`/{]|/(?!>))(?:[^\s"'=<>`/]++|/(?!>))*+)))?"""
)
_WRITTEN_VALUES: tuple[Form, ...] = ("double", "single", "bare")
_JS_QUOTES = "\"'`"


@dataclass(frozen=True)
class WrittenAttribute:
    """One attribute: `name` as written, `value` without its quotes or braces, its `form`, and where its
    name (`start`) and value (`value_start`) begin and where it ends (`end`), as offsets into the text."""

    name: str
    value: str
    form: Form
    start: int
    value_start: int
    end: int

    @property
    def expression(self) -> bool:
        return self.form in ("expression", "shorthand")


@dataclass(frozen=True)
class AttributeRun:
    """The attributes read, in order, and where reading ended: `end` is after the `>`, at the character that
    starts no attribute, or at the quote or brace never closed."""

    attributes: tuple[WrittenAttribute, ...]
    end: int
    ending: Ending


def read_attributes(text: str, start: int = 0) -> AttributeRun:
    """The attributes of the tag whose name ends at `start`, up to its `>` or `/>`."""
    found: list[WrittenAttribute] = []
    position = start
    while True:
        position = _blanks_end(text, position)
        if position >= len(text):
            return AttributeRun(tuple(found), position, "end")
        if text.startswith("/>", position):
            return AttributeRun(tuple(found), position + 2, "/>")
        if text[position] == ">":
            return AttributeRun(tuple(found), position + 1, ">")
        attribute = _attribute(text, position)
        if attribute is None:  # no name, or a `{` never closed
            return AttributeRun(tuple(found), position, "unclosed" if text[position] == "{" else "stopped")
        found.append(attribute)
        position = attribute.end
        if attribute.form == "alone" and text.startswith("=", attribute.value_start):
            value = _blanks_end(text, attribute.value_start + 1)
            if text[value : value + 1] in ('"', "'", "{"):
                return AttributeRun(tuple(found), value, "unclosed")
            return AttributeRun(tuple(found), value, "stopped")


def _blanks_end(text: str, position: int) -> int:
    match = _BLANKS.match(text, position)
    assert match is not None  # `\s*` matches everywhere
    return match.end()


def _attribute(text: str, start: int) -> WrittenAttribute | None:
    if text.startswith("{", start):
        end = expression_end(text, start)
        if end is None:
            return None
        shorthand = text[start + 1 : end - 1].strip()
        return WrittenAttribute(shorthand, shorthand, "shorthand", start, start + 1, end)
    named = _NAMED.match(text, start)
    if named is None:
        return None
    name, equals = named["name"], named.end("blanks")
    for form in _WRITTEN_VALUES:
        if named[form] is not None:
            return WrittenAttribute(name, named[form], form, start, named.start(form), named.end())
    value = _blanks_end(text, equals + 1)
    if text.startswith("=", equals) and text.startswith("{", value):
        end = expression_end(text, value)
        if end is not None:
            return WrittenAttribute(name, text[value + 1 : end - 1], "expression", start, value + 1, end)
    # No `=`, or no value after it (`read_attributes` then stops there).
    return WrittenAttribute(name, "", "alone", start, equals, named.end("name"))


def expression_end(text: str, start: int) -> int | None:
    """Where the `{...}` opened at `start` ends (after its `}`), braces balanced and JavaScript strings
    read whole (a backslash escapes one character; a line end ends a string that is no template); None
    when it never ends."""
    depth, position = 0, start
    while position < len(text):
        char = text[position]
        position += 1
        if char in _JS_QUOTES:
            position = _js_string_end(text, position, char)
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return position
    return None


def _js_string_end(text: str, position: int, quote: str) -> int:
    while position < len(text):
        char = text[position]
        position += 1
        if char == "\\":
            position += 1
        elif char == quote or (char == "\n" and quote != "`"):
            return position
    return len(text)
