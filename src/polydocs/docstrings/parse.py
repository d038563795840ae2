"""A Hugging Face docstring read into located sections, as doc-builder's README ("Writing source
documentation") and its parser (`parse_rst_docstring`) read it.

    Args:
        name (`type`, *optional*, defaults to `x`):
            description
        > Group title
    Returns:
        `type`: description
    Raises:
        `ValueError`: when ...

`Args:`, `Arguments:`, `Params:` and `Parameters:` open parameters, `Attributes:` attributes (written the same
way), `Returns:`/`Yields:` a type and a description, `Raises:` one exception per line. Everything else is
Markdown text. Where doc-builder splits a parameter's line at its first colon, the type here ends at the
parenthesis that closes it, so a type holding a colon or a link
(`([`~utils.X`] or dict of `str`: [`~utils.X`], *optional*)`) stays whole. A docstring doc-builder would
mis-render is a `Problem` at its line, never a failure: every line of the docstring ends up in a section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

SectionKind = Literal["text", "parameters", "attributes", "returns", "yields", "raises"]

_HEADER = re.compile(
    r"^[ ]*(?P<title>Args?|Arguments?|Params?|Parameters?|Attributes?|Returns?|Yields?|Raises?):[ ]*$"
)
_KINDS: dict[str, SectionKind] = {
    "arg": "parameters",
    "argument": "parameters",
    "param": "parameters",
    "parameter": "parameters",
    "attribute": "attributes",
    "return": "returns",
    "yield": "yields",
    "raise": "raises",
}
_FENCE = re.compile(r"^[ ]*(```|~~~)")


def toggles_code(line: str) -> bool:
    """Whether a docstring's line opens or closes its fenced example, as doc-builder's docstring loop reads
    it: any line starting, after spaces, with ``` or ~~~ (neither the run's length nor its character is
    matched, unlike a page's fences: `dialect/fence_lines.py`). Every reader of docstrings asks this."""
    return _FENCE.match(line) is not None


_NAME = re.compile(r"\*{0,2}[A-Za-z_][\w.]*")
_DEFAULT = re.compile(r"^defaults?(?:[ ]+to|:)[ ]*(?P<value>.*)$", re.IGNORECASE)
_OPTIONAL = re.compile(r"^\*+optional\*+$|^optional$", re.IGNORECASE)
_ONE_CODE_SPAN = re.compile(r"^`([^`]+)`$")


@dataclass(frozen=True)
class Problem:
    """Something doc-builder would render wrongly, at a 0-based line of the docstring."""

    line: int
    message: str
    hint: str


@dataclass(frozen=True)
class Parameter:
    """One documented parameter (or attribute): its line, as written between the parentheses (`intro`),
    and the fields read from it."""

    name: str
    line: int
    intro: str = ""
    type: str = ""
    optional: bool = False
    # The default as written after "defaults to", one code span unwrapped (`True`); None when not said.
    default: str | None = None
    description: str = ""
    # The `> Title` line above it, for parameters documented in groups.
    group: str = ""


@dataclass(frozen=True)
class Returned:
    """What `Returns:` or `Yields:` says: a type (Markdown, may be empty) and a description."""

    type: str
    description: str
    line: int


@dataclass(frozen=True)
class Raised:
    """One line of `Raises:`: the exception (Markdown, a code span or a link) and when."""

    exception: str
    description: str
    line: int


@dataclass(frozen=True)
class Section:
    """A run of the docstring: Markdown text, or one of the sections doc-builder reads, from `line`."""

    kind: SectionKind
    line: int
    text: str = ""
    parameters: tuple[Parameter, ...] = ()
    returned: Returned | None = None
    raised: tuple[Raised, ...] = ()


@dataclass(frozen=True)
class HfDocstring:
    sections: tuple[Section, ...]
    problems: tuple[Problem, ...] = field(default=())


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _blank(line: str) -> bool:
    return not line.strip()


def _dedent(lines: list[str]) -> str:
    """The lines without their common indentation, trailing blank lines dropped."""
    while lines and _blank(lines[-1]):
        lines.pop()
    width = min((_indent(line) for line in lines if not _blank(line)), default=0)
    return "\n".join(line[width:] for line in lines)


def _closing(text: str, start: int) -> int:
    """The index of the `)` closing the `(` at `start`, skipping code spans and brackets; -1 if none."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char == "`":
            end = text.find("`", index + 1)
            if end < 0:
                return -1
            index = end
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
            if depth == 0:
                return index if char == ")" else -1
        index += 1
    return -1


def top_level_split(text: str, separator: str) -> list[str]:
    """`text` split at each `separator` outside code spans, brackets and parentheses."""
    parts, depth, start, index = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        if char == "`":
            end = text.find("`", index + 1)
            index = len(text) if end < 0 else end
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
        index += 1
    parts.append(text[start:])
    return parts


def _intro_fields(intro: str) -> tuple[str, bool, str | None]:
    """`` `int`, *optional*, defaults to `1` `` -> (`` `int` ``, True, `1`)."""
    kind, optional, default = [], False, None
    for part in (part.strip() for part in top_level_split(intro, ",")):
        if _OPTIONAL.match(part):
            optional = True
        elif found := _DEFAULT.match(part):
            value = found["value"].strip().rstrip(".")
            code = _ONE_CODE_SPAN.match(value)
            default = code[1] if code else value
        elif part and not optional and default is None:
            kind.append(part)
    return ", ".join(kind), optional, default


def _parameter_line(line: str, index: int, group: str) -> tuple[Parameter, Problem | None]:
    """`name (intro): description` -> the parameter and its first description line."""
    text = line.strip()
    name = _NAME.match(text)
    if name is None:
        return Parameter(text, index, group=group), Problem(
            index,
            "this line of an Args/Attributes section names no parameter",
            "write `name (`type`): description`, one parameter per line at the section's indentation",
        )
    rest, intro, problem = text[name.end() :].lstrip(), "", None
    if rest.startswith("("):
        close = _closing(rest, 0)
        if close < 0:  # an unbalanced backtick or bracket: up to the last `):`, as a reader would split it
            end = rest.rfind("):")
            intro, rest = (rest[1:end], rest[end + 2 :]) if end > 0 else (rest[1:], "")
            kind, optional, default = _intro_fields(intro)
            return Parameter(
                name[0], index, intro.strip(), kind, optional, default, rest.strip(), group
            ), Problem(
                index,
                f"the type of parameter `{name[0]}` has a parenthesis, bracket or backtick it never closes",
                "balance them before the colon: `name (`type`, *optional*): description`",
            )
        intro, rest = rest[1:close].strip(), rest[close + 1 :].lstrip()
    if rest.startswith(":"):
        rest = rest[1:].strip()
    elif rest:
        problem = Problem(
            index,
            f"parameter `{name[0]}` has no colon between its name (and type) and its description",
            "write `name (`type`): description`",
        )
    else:
        problem = Problem(
            index,
            f"parameter `{name[0]}` has no colon after its name (and type)",
            "end the line with a colon: `name (`type`):`, the description below",
        )
    kind, optional, default = _intro_fields(intro)
    return Parameter(name[0], index, intro, kind, optional, default, rest, group), problem


def _split_returned(line: str) -> tuple[str, str]:
    """`` `List[int]`: A list `` -> (type, description): at the first colon outside code and brackets.
    A line with no colon is a type when it is only code spans and links, else a description."""
    parts = top_level_split(line, ":")
    if len(parts) > 1:
        return parts[0].strip(), ":".join(parts[1:]).strip()
    if re.fullmatch(r"(\[?`[^`]+`\]?(\([^)]*\))?[ ,]*(or|of|and)?[ ]*)+", line.strip()):
        return line.strip(), ""
    return "", line.strip()


def _split_raised(line: str) -> tuple[str, str]:
    """`` `ValueError`: if ... `` or `TypeError if ...` or `[`HTTPError`](url) if ...`."""
    text = line.strip()
    end = -1
    if text.startswith("["):
        close = text.find("]")
        end = close + 1 if close > 0 else -1
        if end > 0 and text[end : end + 1] == "(":
            close = text.find(")", end)
            end = close + 1 if close > 0 else end
    elif text.startswith("`"):
        close = text.find("`", 1)
        end = close + 1 if close > 0 else -1
    if end < 0:
        end = len(text.split(" ", 1)[0])
    exception, description = text[:end].rstrip(":"), text[end:].lstrip()
    return exception, description.removeprefix(":").lstrip()


class _Reader:
    """One pass over the lines, section by section (doc-builder's loop, with the problems it ignores)."""

    def __init__(self, text: str) -> None:
        self.lines = text.expandtabs(4).split("\n")
        self.index = 0
        self.sections: list[Section] = []
        self.problems: list[Problem] = []
        self.text_start = 0
        self.text: list[str] = []
        self.in_code = False
        self.returns_seen: dict[str, int] = {}

    def read(self) -> HfDocstring:
        while self.index < len(self.lines):
            line = self.lines[self.index]
            header = None if self.in_code else _HEADER.match(line)
            if header is not None:
                self._flush_text()
                self._section(header["title"].lower().removesuffix("s"), _indent(line))
                continue
            self._toggle_code(line)
            if not self.text:
                self.text_start = self.index
            self.text.append(line)
            self.index += 1
        if self.in_code:
            self.problems.append(
                Problem(self.fence_line, "a code block opened here is never closed", "close it with ```")
            )
        self._flush_text()
        return HfDocstring(tuple(self.sections), tuple(self.problems))

    def _toggle_code(self, line: str) -> None:
        if toggles_code(line):
            self.in_code = not self.in_code
            self.fence_line = self.index

    def _flush_text(self) -> None:
        text = _dedent(self.text)
        if text.strip():
            self.sections.append(Section("text", self.text_start, text))
        self.text = []

    def _body_indent(self, header_indent: int) -> int | None:
        """The indentation of the section's first line, None (a problem) when the section is empty."""
        self.index += 1
        while self.index < len(self.lines) and _blank(self.lines[self.index]):
            self.index += 1
        if self.index < len(self.lines) and _indent(self.lines[self.index]) > header_indent:
            return _indent(self.lines[self.index])
        return None

    def _continuation(self, indent: int, *, deeper: bool) -> list[str]:
        """The lines after the current one that belong to it: blank, or indented past `indent` (or as far,
        when not `deeper`), as doc-builder reads them: a deeper `Returns:` is description."""
        lines: list[str] = []
        self.index += 1
        while self.index < len(self.lines):
            line = self.lines[self.index]
            inside = _indent(line) > indent if deeper else _indent(line) >= indent
            if not (_blank(line) or inside):
                break
            self._toggle_code(line)
            lines.append(line)
            self.index += 1
        return lines

    def _section(self, word: str, header_indent: int) -> None:
        kind = _KINDS[word]
        header = self.index
        indent = self._body_indent(header_indent)
        if indent is None:
            self.problems.append(
                Problem(
                    header,
                    f"this {kind.capitalize()} section is empty",
                    "indent its content under the section's title, or remove the title",
                )
            )
            return
        if kind in ("returns", "yields"):
            self._returned(kind, header, indent)
        elif kind == "raises":
            self._raised(header, indent)
        else:
            self._parameters(kind, header, indent)

    def _parameters(self, kind: SectionKind, header: int, indent: int) -> None:
        parameters, group = [], ""
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if _blank(line) or _indent(line) != indent or _HEADER.match(line):
                break
            if line.lstrip().startswith(">"):
                group = line.lstrip()[1:].strip()
                self.index += 1
                # A blank line under a group title does not end the section (TrainingArguments' groups).
                while self.index < len(self.lines) and _blank(self.lines[self.index]):
                    self.index += 1
                continue
            parameter, problem = _parameter_line(line, self.index, group)
            if problem is not None:
                self.problems.append(problem)
            more = _dedent(self._continuation(indent, deeper=True))
            description = "\n".join(part for part in (parameter.description, more) if part)
            parameters.append(replace(parameter, description=description))
        self.sections.append(Section(kind, header, parameters=tuple(parameters)))

    def _returned(self, kind: SectionKind, header: int, indent: int) -> None:
        if kind in self.returns_seen:
            self.problems.append(
                Problem(
                    header,
                    f"a second {kind.capitalize()} section (the first is at line "
                    f"{self.returns_seen[kind] + 1} of the docstring); doc-builder shows only one",
                    "merge them into one section",
                )
            )
        self.returns_seen.setdefault(kind, header)
        first = self.index
        kind_text, description = _split_returned(self.lines[first])
        more = _dedent(self._continuation(indent, deeper=False))
        description = "\n".join(part for part in (description, more) if part)
        self.sections.append(Section(kind, header, returned=Returned(kind_text, description, first)))

    def _raised(self, header: int, indent: int) -> None:
        raised = []
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if _blank(line) or _indent(line) != indent or _HEADER.match(line):
                break
            first = self.index
            exception, description = _split_raised(line)
            more = _dedent(self._continuation(indent, deeper=True))
            description = "\n".join(part for part in (description, more) if part)
            raised.append(Raised(exception, description, first))
        self.sections.append(Section("raises", header, raised=tuple(raised)))


def parse_docstring(text: str) -> HfDocstring:
    """The docstring (as Python cleans it: `inspect.cleandoc`) in sections, with the problems found."""
    return _Reader(text).read()
