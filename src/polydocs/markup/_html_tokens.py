"""HTML as a flat list of tokens, and what a sanitiser took out of it, found by comparing two such lists.

Tokens are normalised as far as two spellings of one document differ (entities decoded, attribute order,
`<br />` and `<br>`), so that a page nh3 did not change compares equal to nh3's output.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import NamedTuple

from polydocs.dialect.attributes import read_attributes

_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
# Elements html.parser reads as raw text: the quick tokenizer leaves pages holding them to it.
_RAW_TEXT = frozenset({"script", "style"})
# How far ahead the alignment looks where the lists part (tags a browser adds, `</p>` before `<div>`).
_LOOKAHEAD = 12


class Token(NamedTuple):
    kind: str  # start, end, text, comment, other
    tag: str = ""
    attributes: tuple[tuple[str, str], ...] = ()
    text: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        """What aligns two tokens: the same element (attributes aside), or the same text."""
        return (self.kind, self.tag, self.text)


def _start(tag: str, attrs: list[tuple[str, str | None]]) -> Token:
    return Token("start", tag, tuple((name, value or "") for name, value in attrs))


class _Tokenizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []
        self.closed_void: set[int] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(_start(tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.tokens.append(Token("end", tag))
        else:
            self.closed_void.add(len(self.tokens) - 1)

    def handle_endtag(self, tag: str) -> None:
        self.tokens.append(Token("end", tag))

    def handle_data(self, data: str) -> None:
        _append_text(self.tokens, data)

    def handle_comment(self, data: str) -> None:
        self.tokens.append(Token("comment", text=data))

    def handle_decl(self, decl: str) -> None:
        self.tokens.append(Token("other", text=f"<!{decl}>"))

    def unknown_decl(self, data: str) -> None:
        self.tokens.append(Token("other", text=f"<![{data}]>"))

    def handle_pi(self, data: str) -> None:
        self.tokens.append(Token("other", text=f"<?{data}>"))


def _append_text(tokens: list[Token], data: str) -> None:
    if tokens and tokens[-1].kind == "text":
        data = tokens.pop().text + data
    tokens.append(Token("text", text=data))


# The plain HTML converters write (double-quoted or bare attributes, ordinary comments), read exactly as
# html.parser reads it; anything else falls back to html.parser. A start tag's attributes, once the pattern
# has found them plain, are read by the one attribute reader (`dialect/attributes.py`).
_SPACE = r"[\t\n\f\r ]"
_NAME = r"[a-zA-Z][a-zA-Z0-9:-]*"
_PLAIN = re.compile(
    rf"(?P<text>[^<]+)"
    rf"|<!--(?P<comment>(?!-?>)(?:(?!--!?>).)*?)-->"
    rf"|</(?P<end>{_NAME}){_SPACE}*>"
    rf"|<(?P<start>{_NAME})(?P<attributes>(?:{_SPACE}+[a-zA-Z_:][-a-zA-Z0-9_:.]*"
    rf"""(?:{_SPACE}*={_SPACE}*(?:"[^"]*"|'[^']*'))?)*)"""
    rf"{_SPACE}*(?P<close>/?)>",
    re.DOTALL,
)


def _plain_tokens(text: str, closed_void: set[int] | None = None) -> list[Token] | None:
    """The tokens html.parser would give, when `text` is plain HTML (ten times quicker); else None.
    `closed_void` gets the index of each void element written closed (`<br/>`)."""
    tokens: list[Token] = []
    position = 0
    while position < len(text):  # read from one position at a time: a search would read ahead again
        match = _PLAIN.match(text, position)
        if match is None:
            return None
        position = match.end()
        data, comment, end, start, attributes, close = match.groups()
        if data is not None:
            tokens.append(Token("text", text=html.unescape(data) if "&" in data else data))
        elif comment is not None:
            tokens.append(Token("comment", text=comment))
        elif end is not None:
            tokens.append(_end_token(end))
        else:
            token = _start_token(start, attributes)
            if token.tag in _RAW_TEXT:
                return None
            tokens.append(token)
            if close and token.tag not in _VOID:
                tokens.append(_end_token(token.tag))
            elif close and closed_void is not None:
                closed_void.add(len(tokens) - 1)
    return tokens


# Highlighted code repeats the same few tags thousands of times (`<span class="n">`): each is read once.
@functools.lru_cache(maxsize=4096)
def _start_token(name: str, attributes: str) -> Token:
    found = [
        (written.name.lower(), None if written.form == "alone" else _unescape(written.value))
        for written in read_attributes(attributes).attributes
    ]
    return _start(name.lower(), found)


@functools.lru_cache(maxsize=1024)
def _end_token(name: str) -> Token:
    return Token("end", name.lower())


def _unescape(text: str) -> str:
    return html.unescape(text) if "&" in text else text


def tokenize(text: str) -> list[Token]:
    return _read(text).tokens


@dataclass(frozen=True)
class ReadHtml:
    """A text's tokens, and which of its void elements are written closed (`<br/>`): html.parser reports
    those as a start and an end, the tokens as a start alone (an end never written as html5ever writes)."""

    tokens: list[Token]
    closed_void: frozenset[int]


def read_html(text: str) -> ReadHtml:
    """The text read once for the readers of one page in turn, the sanitiser's `before` then the visible
    text (`visible_source.py`), which read the same page again with html.parser (2.5 times the time);
    kept for reading only."""
    found = _LAST_READ.get(text)
    if found is None:
        found = _read(text)
        _LAST_READ.clear()
        _LAST_READ[text] = found
    return found


_LAST_READ: dict[str, ReadHtml] = {}


def _read(text: str) -> ReadHtml:
    closed_void: set[int] = set()
    plain = _plain_tokens(text, closed_void)
    if plain is not None:
        return ReadHtml(plain, frozenset(closed_void))
    parser = _Tokenizer()
    parser.feed(text)
    parser.close()
    return ReadHtml(parser.tokens, frozenset(parser.closed_void))


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_value(value: str) -> str:
    return value.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace('"', "&quot;")


def _serialize(token: Token) -> str:
    if token.kind == "text":
        return _escape_text(token.text)
    return _serialize_tag(token) if token.kind in ("start", "end") else _serialize_other(token)


@functools.lru_cache(maxsize=4096)
def _serialize_tag(token: Token) -> str:
    if token.kind == "end":
        return "" if token.tag in _VOID else f"</{token.tag}>"
    return f"<{token.tag}" + "".join(f' {n}="{_escape_value(v)}"' for n, v in token.attributes) + ">"


def _serialize_other(token: Token) -> str:
    return f"<!--{token.text}-->" if token.kind == "comment" else token.text


def serialize(tokens: list[Token]) -> str:
    """The tokens written as html5ever (nh3's parser) writes them: equal to nh3's output when nh3 kept all.

    Only a shortcut: an equal string proves the tokens equal, a different one proves nothing."""
    return "".join(_serialize(token) for token in tokens)


@dataclass(frozen=True)
class RemovedMarkup:
    """An element (`attribute` None), one of its attributes, or other markup (`tag` ""), by its index
    among the tokens of the page before sanitising."""

    index: int
    tag: str = ""
    attribute: tuple[str, str] | None = None
    text: str = ""


@dataclass
class Comparison:
    """How `after` (the sanitiser's output) differs from `before`."""

    removed: list[RemovedMarkup] = field(default_factory=list)
    # Text `after` has and `before` does not: the two parsers read some markup differently.
    added_text: bool = False
    # Tags `after` adds where `before` leaves them out, as a browser reading `before` adds them too; at the
    # very end they close what `before` leaves open, which would swallow the page around it.
    closes_at_end: bool = False

    @property
    def only_structure(self) -> bool:
        return not self.removed and not self.added_text and not self.closes_at_end


def compare(before: list[Token], after: list[Token], removed_with_content: frozenset[str]) -> Comparison:
    """Align the two token lists in one pass: what `after` lacks of `before`, and what it adds.

    Where they part, the nearest point where both go on alike again is taken (`_resync`). A stray end tag
    `after` drops is what a browser ignores: no removal. An element removed with its content counts once,
    whatever it held."""
    result = Comparison()
    i = j = 0
    pending_text = ""  # the rest of a text token of `after` that several of `before` make up
    while i < len(before):
        token = before[i]
        target = Token("text", text=pending_text) if pending_text else (after[j] if j < len(after) else None)
        if target is not None and token.key == target.key:
            result.removed += _attributes_removed(i, token, target)
            i, j, pending_text = i + 1, j + 1, ""
        elif (
            target is not None and token.kind == target.kind == "text" and target.text.startswith(token.text)
        ):
            pending_text = target.text[len(token.text) :]
            j, i = (j + 1 if not pending_text else j), i + 1
        elif (token.kind == "start" and token.tag in removed_with_content) or pending_text:
            i = _removed(before, i, result, removed_with_content)
        else:
            skipped_before, skipped_after = _resync(before, i, after, j)
            result.added_text |= any(
                t.kind != "start" and t.kind != "end" for t in after[j : j + skipped_after]
            )
            j += skipped_after
            end = i + max(skipped_before, 1 if skipped_after == 0 else 0)
            while i < end:
                i = _removed(before, i, result, removed_with_content)
    result.closes_at_end = j < len(after) and all(t.kind == "end" for t in after[j:])
    result.added_text |= any(t.kind == "text" and t.text.strip() for t in after[j:])
    return result


def _resync(before: list[Token], i: int, after: list[Token], j: int) -> tuple[int, int]:
    """How many tokens of each list to pass so that they agree again, on a token and on the next one that
    is no end tag (end tags are where the lists differ most: a removed element's, one a browser adds);
    (1, 0) when they do not agree again soon."""
    for total in range(1, _LOOKAHEAD + 1):
        for skip_before in range(total + 1):
            b, a = i + skip_before, j + total - skip_before
            if b < len(before) and a < len(after) and before[b].key == after[a].key:
                if _next_opening(before, b) == _next_opening(after, a):
                    return skip_before, total - skip_before
    return 1, 0


def _next_opening(tokens: list[Token], index: int) -> tuple[str, str, str] | None:
    following = (t for t in tokens[index + 1 : index + 1 + _LOOKAHEAD] if t.kind != "end")
    return next((t.key for t in following), None)


def _removed(before: list[Token], i: int, result: Comparison, removed_with_content: frozenset[str]) -> int:
    """Record `before[i]` as removed; returns the index after it (after its content, when that went too)."""
    token = before[i]
    if token.kind == "start":
        result.removed.append(RemovedMarkup(i, token.tag))
        if token.tag in removed_with_content and token.tag not in _VOID:
            return _after_element(before, i)
    elif token.kind in ("comment", "other") or (token.kind == "text" and token.text.strip()):
        result.removed.append(RemovedMarkup(i, text=token.text))
    return i + 1


def _after_element(before: list[Token], start: int) -> int:
    tag, depth = before[start].tag, 0
    for index in range(start, len(before)):
        token = before[index]
        if token.tag == tag and token.kind in ("start", "end"):
            depth += 1 if token.kind == "start" else -1
            if depth == 0:
                return index + 1
    return len(before)


def _attributes_removed(index: int, old: Token, new: Token) -> list[RemovedMarkup]:
    kept = set(new.attributes)
    return [RemovedMarkup(index, old.tag, attribute) for attribute in old.attributes if attribute not in kept]
