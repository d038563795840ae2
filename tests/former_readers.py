"""The readers `polydocs.dialect.attributes` and `polydocs.dialect.fence_lines` replaced, as they were (at
1f1da49), kept for the tests that compare the one reader with each of them on random input.

Where a former reader and the new one differ, the difference is a listed bug of the former one, with a
test of its own (tests/dialect/test_attribute_reader.py, tests/dialect/test_fence_lines.py).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

# dialect/tags.py: `parse_attributes`.
_TAG_ATTRIBUTE = re.compile(
    r"""(?P<name>[A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"(?P<double>[^"]*)"|'(?P<single>[^']*)'|\{(?P<expression>[^}]*)\}|(?P<bare>[^\s"'=<>`/]+)))?"""
)


def tag_attributes(text: str) -> dict[str, str]:
    attributes = {}
    for match in _TAG_ATTRIBUTE.finditer(text):
        value = next((v for v in match.group("double", "single", "expression", "bare") if v is not None), "")
        attributes[match["name"].lower()] = value.strip()
    return attributes


# notebooks/plain_markdown.py: an `<iframe>`'s attributes, and the `<Tip>` and `<hfoption>` lines.
_NOTEBOOK_ATTRIBUTE = re.compile(
    r"(?<![\w-])(?P<name>[\w-]++)\s*+=\s*+(?:\"(?P<double>[^\"]*)\"|'(?P<single>[^']*)'|(?P<bare>[^\s>]+))"
)
TIP_OPEN = re.compile(r"^[ ]*<Tip(?P<warning>\s+warning=(?:\{true\}|\"true\"))?\s*>[ ]*$")
TIP_CLOSE = re.compile(r"^[ ]*</Tip\s*>[ ]*$")
HFOPTIONS_TAG = re.compile(r"^[ ]*</?hfoptions\b[^<>]*+>[ ]*$|^[ ]*</hfoption\s*>[ ]*$", re.MULTILINE)
HFOPTION_OPEN = re.compile(
    r"^[ ]*<hfoption\s+id=(?:\"(?P<double>[^\"]*)\"|'(?P<single>[^']*)')\s*>[ ]*$", re.MULTILINE
)


def notebook_attributes(text: str) -> dict[str, str]:
    found = {}
    for match in _NOTEBOOK_ATTRIBUTE.finditer(text):
        value = next((v for v in match.group("double", "single", "bare") if v is not None), "")
        found[match["name"].lower()] = html.unescape(value)
    return found


def notebook_option_tags(text: str) -> str:
    text = HFOPTIONS_TAG.sub("", text)
    return HFOPTION_OPEN.sub(lambda m: f"**{m['double'] if m['double'] is not None else m['single']}**", text)


# markup/_html_tokens.py: a plain start tag's attributes.
_SPACE = r"[\t\n\f\r ]"
_VALUE = r"""(?:"(?P<double>[^"]*)"|'(?P<single>[^']*)')"""
_HTML_ATTRIBUTE = re.compile(
    rf"(?<!{_SPACE}){_SPACE}++(?P<name>[a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:{_SPACE}*={_SPACE}*{_VALUE})?"
)


def html_attributes(attributes: str) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for match in _HTML_ATTRIBUTE.finditer(attributes):
        value = match["double"] if match["double"] is not None else match["single"]
        found.append((match["name"].lower(), None if value is None else html.unescape(value)))
    return found


# dialect/constructs/component_tags.py: `read_component_tag` and its walker.
_START = re.compile(r"^(?P<indent>[ \t]*)<(?P<closing>/)?(?P<name>[A-Za-z][\w-]*)")
_NAME = re.compile(r"[A-Za-z_$][\w:.$-]*")
_BARE_VALUE = re.compile(r"[^\s\"'=<>`/]+")


@dataclass(frozen=True)
class Attribute:
    value: str
    expression: bool = False
    line: int = 0
    column: int = 0


def component_tag(lines: tuple[str, ...], index: int) -> tuple[object, ...]:
    """(last line, name, attributes as (value, expression, line, column), closing, self-closing, ended,
    after): the fields of the former `ComponentTag`."""
    start = _START.match(lines[index])
    assert start is not None
    reader = _TagReader(lines, index, start.end())
    attributes, self_closing, ended = reader.attributes()
    line, column = reader.line, reader.column
    after = lines[line][column:] if ended and line < len(lines) else ""
    found = {name: (a.value, a.expression, a.line, a.column) for name, a in attributes.items()}
    return (
        min(line, len(lines) - 1),
        start["name"],
        found,
        start["closing"] is not None,
        self_closing,
        ended,
        after.strip(),
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


# dialect/page.py: the fence lines `_blank_component_tags` steps over, and the closing line of a parsed fence.
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})")


def fence_line_kinds(lines: list[str]) -> list[str]:
    """For each line: "open", "close", "inside" (a fence's content) or "" (outside every fence)."""
    kinds = []
    fence = ""
    for raw in lines:
        match = _FENCE.match(raw)
        if fence:
            if match and match.group("fence")[0] == fence[0] and len(match.group("fence")) >= len(fence):
                fence = ""
                kinds.append("close")
            else:
                kinds.append("inside")
            continue
        if match and not (match.group("fence")[0] == "`" and "`" in raw[match.end() :]):
            fence = match.group("fence")
            kinds.append("open")
            continue
        kinds.append("")
    return kinds


def closes(line: str, marker: str) -> bool:
    stripped = line.strip().lstrip(">").strip()
    return bool(stripped) and set(stripped) == {marker[0]} and len(stripped) >= len(marker)


# site/warm_start.py: the languages of a text's fences.
_WARM_FENCE = re.compile(r"^[ \t]*+(?:`{3,}+|~{3,}+)[ \t]*+\{?[ \t]*+\.?([\w+-]+)", re.MULTILINE)


def fence_languages(text: str) -> set[str]:
    return {match.lower() for match in _WARM_FENCE.findall(text)}
