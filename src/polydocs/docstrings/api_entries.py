"""One documented object of an API page as a reader sees it, field by field, whoever rendered it.

The side-by-side check (`side_by_side.py`) reads doc-builder's output (`doc_builder_entries.py`) and
polydocs' built page (`built_entries.py`) into these, as plain text: markup stripped, links shown by the
text a reader sees (`` [`~utils.X`] `` reads `X`), whitespace collapsed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape


@dataclass(frozen=True)
class SignatureParameter:
    """`name: annotation = default` of the signature (`*args`, `**kwargs` keep their stars)."""

    name: str
    annotation: str = ""
    default: str = ""


@dataclass(frozen=True)
class DocumentedParameter:
    """A parameter (or attribute) of the docstring: its name, the parenthesis after it, its description."""

    name: str
    intro: str
    description: str


@dataclass(frozen=True)
class Described:
    """What Returns/Yields say (`kind` the type) or one exception of Raises (`kind` the exception)."""

    kind: str
    description: str


@dataclass(frozen=True)
class ApiEntry:
    anchor: str
    name: str
    source: str
    signature: tuple[SignatureParameter, ...]
    parameters: tuple[DocumentedParameter, ...]
    returns: Described | None
    yields: Described | None
    raises: tuple[Described, ...]


_WHITESPACE = re.compile(r"\s+")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_LIST_MARKER = re.compile(r"^[ ]*(?:[-*+]|\d+\.)[ ]+", re.MULTILINE)
_API_LINK = re.compile(r"\[`(?P<tilde>~?)(?P<name>[^`\]]+)`\](?!\()")
_MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\([^)]*\)")
# CommonMark: `*` emphasises inside a word (`2*d*r`), `_` only at word edges.
_EMPHASIS = re.compile(
    r"(?<!\*)(?P<mark>\*{1,2})(?=\S)(?P<text>.+?)(?<=\S)(?P=mark)(?!\*)"
    r"|(?<![\w_])(?P<under>_{1,2})(?=\S)(?P<utext>.+?)(?<=\S)(?P=under)(?![\w_])",
    re.S,
)
_QUOTE_MARKER = re.compile(r"^[ ]*>[ ]?", re.MULTILINE)


def plain_text(text: str) -> str:
    """Whitespace collapsed, spaces before closing punctuation dropped (HTML inlines leave them)."""
    text = _WHITESPACE.sub(" ", text).strip()
    return re.sub(r" (?=[,.;:)\]])|(?<=[(\[]) ", "", text)


def markdown_text(text: str) -> str:
    """What a reader reads of doc-builder's Markdown: API links by their shown name, code without
    backticks, emphasis without stars, tags dropped."""
    text = _API_LINK.sub(lambda m: _shown_name(m["tilde"], m["name"]), text)
    text = _MARKDOWN_LINK.sub(lambda m: m["text"], text)
    text = _LIST_MARKER.sub("", _QUOTE_MARKER.sub("", text))
    # Emphasis is read outside code spans only (`__init__` keeps its underscores).
    parts = re.split(r"(`[^`]*`)", text)
    for index in range(0, len(parts), 2):
        for _ in range(2):
            parts[index] = _EMPHASIS.sub(lambda m: m["text"] or m["utext"], parts[index])
        parts[index] = parts[index].replace("\\", "")
    text = "".join(parts).replace("`", "")
    return plain_text(unescape(_TAG.sub(" ", text)))


def html_text(html: str) -> str:
    """What a reader reads of a rendered fragment: tags dropped, entities read."""
    blocks = re.sub(r"</?(?:p|dt|dd|dl|li|ul|ol|div|pre|h\d|table|tr|td|th)\b[^>]*>", " ", html)
    return plain_text(unescape(_TAG.sub("", blocks)))


def _shown_name(tilde: str, name: str) -> str:
    name = name.removesuffix("()")
    shown = name.rsplit(".", 1)[-1] if tilde else name
    return shown


def signature_text(text: str) -> str:
    """An annotation or default without the spaces and wrapping parentheses a formatter added."""
    text = _WHITESPACE.sub("", text)
    while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1]
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += char in "([{"
        depth -= char in ")]}"
        if depth < 0:
            return False
    return depth == 0


def split_signature(text: str) -> tuple[SignatureParameter, ...]:
    """The parameters between a signature's outer parentheses, `*` and `/` markers left out."""
    parameters = []
    for part in _top_level(text, ","):
        part = part.strip()
        if not part or part in ("*", "/"):
            continue
        name_part, _, default = _top_level_partition(part, "=")
        name, _, annotation = name_part.partition(":")
        parameters.append(
            SignatureParameter(name.strip(), signature_text(annotation), signature_text(default))
        )
    return tuple(parameters)


def _outside_literals(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of `text` from `start` outside string literals, with the bracket depth after it."""
    depth, quote = 0, ""
    for index in range(start, len(text)):
        char = text[index]
        if quote:
            quote = "" if char == quote and text[index - 1] != "\\" else quote
        elif char in "'\"":
            quote = char
        else:
            depth += (char in "([{") - (char in ")]}")
            yield index, char, depth


def _top_level(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside brackets and string literals."""
    parts, start = [], 0
    for index, char, depth in _outside_literals(text):
        if char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _top_level_partition(text: str, separator: str) -> tuple[str, str, str]:
    parts = _top_level(text, separator)
    if len(parts) == 1:
        return text, "", ""
    return parts[0], separator, separator.join(parts[1:])


def signature_between_parentheses(text: str) -> str:
    """`pkg.Name(a: int = 1, *b) -> str` -> `a: int = 1, *b`: what its first parenthesis holds."""
    start = text.find("(")
    if start < 0:
        return ""
    for index, char, depth in _outside_literals(text, start):
        if char in ")]}" and depth == 0:
            return text[start + 1 : index]
    return text[start + 1 :]
