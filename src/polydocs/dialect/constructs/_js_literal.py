"""A JavaScript literal as MDX components carry it (`choices={[{text: "a", correct: true}]}`), read as data.

Only literals: arrays, objects (bare or quoted keys), strings in either quote with JavaScript's escapes,
numbers, `true`, `false`, `null`; trailing commas are allowed, as JavaScript allows them. Anything else
(a variable, a call, a template string) is a `LiteralProblem` at the offset where it starts: the page's
author gets a located message, and nothing on the page is ever evaluated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

JsValue = str | float | bool | None | list["JsValue"] | dict[str, "JsValue"]

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_WORDS: dict[str, JsValue] = {"true": True, "false": False, "null": None}
_NUMBER_CHARS = frozenset("0123456789+-.eE")


class LiteralProblem(ValueError):
    """What is not a literal, and where (an offset into the text)."""

    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


def parse_js_literal(text: str) -> JsValue:
    """The value `text` writes; raises `LiteralProblem` for anything that is not one whole literal."""
    reader = _Reader(text)
    value = reader.value()
    reader.skip_space()
    if reader.position < len(text):
        raise LiteralProblem(reader.position, "unexpected text after the value")
    return value


@dataclass
class _Reader:
    text: str
    position: int = 0

    def value(self) -> JsValue:
        self.skip_space()
        char = self.peek()
        if char == "[":
            return self._array()
        if char == "{":
            return self._object()
        if char in "\"'":
            return self._string()
        if char and (char.isdigit() or char in "+-."):
            return self._number()
        return self._word()

    def skip_space(self) -> None:
        while self.position < len(self.text):
            if self.text.startswith("//", self.position):
                end = self.text.find("\n", self.position)
                self.position = len(self.text) if end < 0 else end
            elif self.text[self.position].isspace():
                self.position += 1
            else:
                return

    def peek(self) -> str:
        return self.text[self.position] if self.position < len(self.text) else ""

    def _expect(self, char: str) -> None:
        self.skip_space()
        if self.peek() != char:
            found = repr(self.peek()) if self.peek() else "the end"
            raise LiteralProblem(self.position, f"expected {char!r}, found {found}")
        self.position += 1

    def _items(self, close: str, item: Callable[[], None]) -> None:
        """Read `item()` separated by commas up to `close`, a trailing comma allowed."""
        self.position += 1
        while True:
            self.skip_space()
            if self.peek() == close:
                self.position += 1
                return
            item()
            self.skip_space()
            if self.peek() == ",":
                self.position += 1
            elif self.peek() != close:
                self._expect(close)

    def _array(self) -> list[JsValue]:
        values: list[JsValue] = []
        self._items("]", lambda: values.append(self.value()))
        return values

    def _object(self) -> dict[str, JsValue]:
        values: dict[str, JsValue] = {}

        def member() -> None:
            key = self._key()
            self._expect(":")
            values[key] = self.value()

        self._items("}", member)
        return values

    def _key(self) -> str:
        if self.peek() in "\"'":
            return self._string()
        start = self.position
        while self.position < len(self.text) and (self.peek().isalnum() or self.peek() in "_$"):
            self.position += 1
        if start == self.position:
            raise LiteralProblem(start, "expected a property name")
        return self.text[start : self.position]

    def _string(self) -> str:
        quote, start = self.peek(), self.position
        self.position += 1
        parts: list[str] = []
        while self.position < len(self.text):
            char = self.text[self.position]
            self.position += 1
            if char == quote:
                return "".join(parts)
            if char == "\n":
                break
            parts.append(self._escape() if char == "\\" else char)
        raise LiteralProblem(start, "this string is never closed")

    def _escape(self) -> str:
        char = self.peek()
        self.position += 1
        if char in ("u", "x"):
            width = 4 if char == "u" else 2
            digits = self.text[self.position : self.position + width]
            try:
                code = int(digits, 16)
            except ValueError:
                raise LiteralProblem(self.position - 2, f"bad \\{char} escape") from None
            self.position += width
            return chr(code)
        if char == "\n":
            return ""  # a backslash before a line break continues the string
        return _ESCAPES.get(char, char)

    def _number(self) -> float:
        start = self.position
        while self.position < len(self.text) and self.peek() in _NUMBER_CHARS:
            self.position += 1
        try:
            return float(self.text[start : self.position])
        except ValueError:
            raise LiteralProblem(start, "not a number") from None

    def _word(self) -> JsValue:
        start = self.position
        while self.position < len(self.text) and (self.peek().isalnum() or self.peek() in "_$"):
            self.position += 1
        word = self.text[start : self.position]
        if word in _WORDS:
            return _WORDS[word]
        what = f"`{word}`" if word else repr(self.peek()) if self.peek() else "the end"
        raise LiteralProblem(start, f"{what} is not a literal (only strings, numbers, arrays and objects)")
