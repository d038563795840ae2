"""MDX component tags as pages write them: `<Question choices={[...]} />` over many lines, `{fw}` shorthands.

A component tag starts a line (after spaces) with a capitalised or snake_case name, which HTML elements
never have. Its attributes are read as MDX reads them: `name="text"`, `name='text'`, `name={expression}`
(braces balanced, JavaScript strings inside skipped whole), a bare `name`, or a shorthand `{name}`. The
expression stays text; the construct that owns the component decides what it may hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage

_START = re.compile(r"^(?P<indent>[ \t]*)<(?P<closing>/)?(?P<name>[A-Za-z][\w-]*)")
_NAME = re.compile(r"[A-Za-z_$][\w:.$-]*")
_BARE_VALUE = re.compile(r"[^\s\"'=<>`/]+")


@dataclass(frozen=True)
class Attribute:
    """One attribute's value: its text, and whether it was written as a `{...}` expression. `line` and
    `column` say where the value starts (0-based, into the page), for findings about what it holds."""

    value: str
    expression: bool = False
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class ComponentTag:
    """A component tag from line `index` through line `last`; `ended` is False when no `>` ends it."""

    index: int
    last: int
    name: str
    attributes: dict[str, Attribute] = field(default_factory=dict)
    closing: bool = False
    self_closing: bool = False
    ended: bool = True
    # What follows the tag's `>` on its last line.
    after: str = ""

    @property
    def opening(self) -> bool:
        return not self.closing and not self.self_closing

    def text(self, name: str, default: str = "") -> str:
        attribute = self.attributes.get(name)
        return attribute.value if attribute is not None else default


def is_component_name(name: str) -> bool:
    """MDX components are capitalised or snake_case; HTML element names are lowercase words."""
    return name[0].isupper() or "_" in name


def find_component_tags(page: ParsedPage) -> tuple[ComponentTag, ...]:
    """Every component tag a reader may meet, in page order (code and closed comments skipped)."""
    return page.derived(_read_component_tags)


def _read_component_tags(page: ParsedPage) -> tuple[ComponentTag, ...]:
    return tuple(_component_tags(page))


def _component_tags(page: ParsedPage) -> Iterator[ComponentTag]:
    after = 0
    for index, line in visible_lines(page):
        if index < after:
            continue
        start = _START.match(line)
        if start is None or not is_component_name(start["name"]):
            continue
        tag = read_component_tag(page.lines, index)
        yield tag
        after = tag.last + 1


def read_component_tag(lines: tuple[str, ...], index: int) -> ComponentTag:
    """The component tag starting line `index` (which `_START` matches)."""
    start = _START.match(lines[index])
    assert start is not None
    reader = _TagReader(lines, index, start.end())
    attributes, self_closing, ended = reader.attributes()
    line, column = reader.line, reader.column
    after = lines[line][column:] if ended and line < len(lines) else ""
    return ComponentTag(
        index,
        min(line, len(lines) - 1),
        start["name"],
        attributes,
        closing=start["closing"] is not None,
        self_closing=self_closing,
        ended=ended,
        after=after.strip(),
    )


@dataclass
class _TagReader:
    """Walks the tag's text across lines; `line` and `column` are where it stands."""

    lines: tuple[str, ...]
    line: int
    column: int

    def peek(self, width: int = 1) -> str:
        text = self.lines[self.line][self.column : self.column + width] if self.line < len(self.lines) else ""
        return text if text or self.line >= len(self.lines) - 1 else "\n"

    def advance(self, width: int = 1) -> None:
        self.column += width
        if self.column > len(self.lines[self.line]) and self.line < len(self.lines) - 1:
            self.line, self.column = self.line + 1, 0

    def at_end(self) -> bool:
        return self.line >= len(self.lines) - 1 and self.column >= len(self.lines[-1])

    def skip_space(self) -> None:
        while not self.at_end() and self.peek().isspace():
            self.advance()

    def attributes(self) -> tuple[dict[str, Attribute], bool, bool]:
        """The attributes up to the tag's end, whether it closes itself, and whether it ends at all."""
        found: dict[str, Attribute] = {}
        while True:
            self.skip_space()
            if self.at_end():
                return found, False, False
            if self.peek(2) == "/>":
                self.advance(2)
                return found, True, True
            if self.peek() == ">":
                self.advance()
                return found, False, True
            if not self._attribute(found):
                return found, False, False

    def _attribute(self, found: dict[str, Attribute]) -> bool:
        if self.peek() == "{":
            line, column = self.line, self.column
            expression = self._expression()
            if expression is None:
                return False
            found[expression.strip()] = Attribute(expression.strip(), True, line, column + 1)
            return True
        name = _NAME.match(self.lines[self.line], self.column)
        if name is None:
            return False
        self.advance(len(name[0]))
        self.skip_space()
        if self.peek() != "=":
            found[name[0]] = Attribute("", False, self.line, self.column)
            return True
        self.advance()
        self.skip_space()
        value = self._value()
        if value is None:
            return False
        found[name[0]] = value
        return True

    def _value(self) -> Attribute | None:
        line, column, char = self.line, self.column, self.peek()
        if char in "\"'":
            text = self._string(char)
            return None if text is None else Attribute(text, False, line, column + 1)
        if char == "{":
            expression = self._expression()
            return None if expression is None else Attribute(expression, True, line, column + 1)
        bare = _BARE_VALUE.match(self.lines[self.line], self.column)
        if bare is None:
            return None
        self.advance(len(bare[0]))
        return Attribute(bare[0], False, line, column)

    def _string(self, quote: str) -> str | None:
        """A quoted attribute value (HTML: no escapes), the quotes left out."""
        self.advance()
        text: list[str] = []
        while not self.at_end():
            char = self.peek()
            self.advance()
            if char == quote:
                return "".join(text)
            text.append(char)
        return None

    def _expression(self) -> str | None:
        """The text between balanced braces (JavaScript strings inside read whole), braces left out."""
        self.advance()
        depth, text = 1, []
        while not self.at_end():
            char = self.peek()
            self.advance()
            if char in "\"'`":
                text.append(char + self._js_string(char))
                continue
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0:
                return "".join(text)
            text.append(char)
        return None

    def _js_string(self, quote: str) -> str:
        """The rest of a JavaScript string, its closing quote included; a backslash escapes one character."""
        text = []
        while not self.at_end():
            char = self.peek()
            self.advance()
            text.append(char)
            if char == "\\":
                text.append(self.peek())
                self.advance()
            elif char == quote or (char == "\n" and quote != "`"):
                break
        return "".join(text)
