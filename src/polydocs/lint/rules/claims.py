"""Claims about torch.compile: every mode and backend a page names exists in the installed torch.

Names are found where a page makes a claim about them, in any language:
- code and inline code: `mode="..."`, `backend="..."` given to a `...compile(` call, and Trainer's
  `torch_compile_mode=`/`torch_compile_backend=`;
- prose: a backticked word right before or after the word mode/modo/backend (`el modo `default``);
- sections whose heading says mode(s)/modo(s) or backend(s): their backticked words, and their tables'
  and lists' leading names;
- tables whose first header cell says mode/modo/backend: the first cell of every row.
A table or list of modes must list every mode torch has (`torch._inductor.list_mode_options()`).
Prose, sections and tables count only on pages that mention torch.compile. Torch is only imported when a page
names something.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from markdown_it.token import Token

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument

Kind = Literal["mode", "backend"]

_KWARG = re.compile(
    r"\b(?:torch_compile_)?(?P<kind>mode|backend)\s*=\s*(?P<quote>[\"'])(?P<name>[^\"'\n]+)(?P=quote)"
)
_WORD = {
    "mode": re.compile(r"\bmod[eo]s?\b", re.IGNORECASE),
    "backend": re.compile(r"\bbackends?\b", re.IGNORECASE),
}
_CODE_SPAN = re.compile(r"`(?P<name>[a-z][a-z0-9_-]*)`")
_PARENTHESIS = re.compile(r"[()]")
# The word right before a code span (read on the 12 characters before it), or right after it.
_WORD_BEFORE = {kind: re.compile(word.pattern + r"\s*$", re.IGNORECASE) for kind, word in _WORD.items()}
_WORD_AFTER = {kind: re.compile(r"\s*" + word.pattern, re.IGNORECASE) for kind, word in _WORD.items()}
_LEADING_CODE = re.compile(r"^\s*+`(?P<name>[^`]+)`")  # at the start only: read with `match`
_INLINE_CODE = re.compile(r"`([^`]+)`")
_ABOUT_COMPILE = re.compile(r"torch\.compile|torch_compile")
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
# Words that are torch.compile's or Trainer's parameter names, not values: `mode`, `fullgraph`...
_PARAMETERS = frozenset(
    {"model", "mode", "backend", "fullgraph", "dynamic", "options", "disable", "torch_compile"}
    | {"torch_compile_mode", "torch_compile_backend", "modo", "modos", "modes", "backends"}
)


@dataclass(frozen=True)
class Claim:
    line: int
    kind: Kind
    name: str
    # A backticked word in a section about modes may also be a backend (`cudagraphs`) or the reverse.
    loose: bool = False


def _code_span_claims(token: Token, section: Kind) -> list[Claim]:
    """The backticked names of an inline token in a mode/backend section: loose claims, by line."""
    assert token.map is not None
    return [
        Claim(number, section, span.group("name"), loose=True)
        for number, line in enumerate(token.content.splitlines(), start=token.map[0] + 1)
        for span in _CODE_SPAN.finditer(line)
        if span.group("name") not in _PARAMETERS
    ]


def _kind_of(text: str) -> Kind | None:
    for kind, word in _WORD.items():
        if word.search(text):
            return kind  # type: ignore[return-value]
    return None


def _adjacent_claims(line_number: int, line: str) -> Iterator[Claim]:
    """`el modo `default``, `the `inductor` backend`: a code span touching the word mode or backend."""
    for match in _CODE_SPAN.finditer(line):
        before = line[max(0, match.start() - 12) : match.start()]
        after = line[match.end() : match.end() + 12]
        for kind in _WORD:
            if _WORD_BEFORE[kind].search(before) or _WORD_AFTER[kind].match(after):
                yield Claim(line_number, kind, match.group("name"))  # type: ignore[arg-type]


def _enclosing_calls(code: str, positions: list[int]) -> list[str]:
    """For each of the increasing `positions`, the name of the call whose parentheses hold it
    (`torch.compile`), or "" outside any call: one pass over the code's parentheses (walking back from
    every keyword read the code once per keyword: a block of `mode="a"` lines was quadratic)."""
    names, open_at, parentheses = [], [], _PARENTHESIS.finditer(code)
    called: dict[int, str] = {}  # each call's name read once, however many keywords it holds
    found = next(parentheses, None)
    for position in positions:
        while found is not None and found.start() < position:
            if found.group() == "(":
                open_at.append(found.start())
            elif open_at:
                open_at.pop()
            found = next(parentheses, None)
        if open_at and open_at[-1] not in called:
            called[open_at[-1]] = _call_name(code, open_at[-1])
        names.append(called[open_at[-1]] if open_at else "")
    return names


def _call_name(code: str, parenthesis: int) -> str:
    """The dotted name right before the parenthesis at `parenthesis`."""
    start = parenthesis
    while start > 0 and (code[start - 1].isalnum() or code[start - 1] in "_."):
        start -= 1
    return code[start:parenthesis]


def _kwarg_claims(code: str, first_line: int, outside_calls: bool = False) -> Iterator[Claim]:
    """`mode=`/`backend=` given to a compile call (`open(f, mode="r")` is no claim), or `torch_compile_*=`;
    with `outside_calls`, also a bare `mode="..."` (inline code on a page about torch.compile)."""
    matches = list(_KWARG.finditer(code))
    calls = _enclosing_calls(code, [match.start() for match in matches])
    line, counted = first_line, 0
    for match, call in zip(matches, calls, strict=True):
        line, counted = line + code.count("\n", counted, match.start()), match.start()
        if (
            match.group(0).startswith("torch_compile_")
            or call.endswith("compile")
            or (outside_calls and not call)
        ):
            yield Claim(line, match.group("kind"), match.group("name"))  # type: ignore[arg-type]


def _code_claims(document: LintDocument, about_compile: bool) -> Iterator[Claim]:
    for region in document.regions:
        body = "\n".join(document.lines[region.start_line : region.end_line - 1])
        yield from _kwarg_claims(body, region.start_line + 1)
    for number, line in enumerate(document.lines, start=1):
        if number not in document.code_lines:
            for span in _INLINE_CODE.finditer(line):
                yield from _kwarg_claims(span.group(1), number, outside_calls=about_compile)


def _cell_name(text: str) -> str:
    return text.strip().strip("`*_ ").strip()


@dataclass
class Listing:
    """A table or list that enumerates modes: where it starts and the names it gives."""

    line: int
    names: list[str]


def _section_claims(document: LintDocument) -> tuple[list[Claim], list[Listing]]:
    claims: list[Claim] = []
    listings: list[Listing] = []
    tokens = document.tokens
    section: Kind | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open":
            section = _kind_of(tokens[index + 1].content)
        elif token.type == "table_open":
            index = _table(tokens, index, section, claims, listings)
            continue
        elif token.type in ("bullet_list_open", "ordered_list_open") and token.level == 0:
            index = _list(tokens, index, section, claims, listings)
            continue
        elif token.type == "inline" and section and token.map:
            claims += _code_span_claims(token, section)
        index += 1
    return claims, listings


def _first_line(token: Token, default: int) -> int:
    return token.map[0] + 1 if token.map else default


def _table(
    tokens: Sequence[Token], index: int, section: Kind | None, claims: list[Claim], listings: list[Listing]
) -> int:
    start = _first_line(tokens[index], 0)
    rows: list[tuple[int, list[str]]] = []
    while tokens[index].type != "table_close":
        if tokens[index].type == "tr_open":
            line = _first_line(tokens[index], start)
            cells = []
            index += 1
            while tokens[index].type != "tr_close":
                if tokens[index].type == "inline":
                    cells.append(tokens[index].content)
                index += 1
            rows.append((line, cells))
        index += 1
    if not rows or not rows[0][1]:
        return index + 1
    # A table whose first column is headed "mode" or "backend" lists names; in a section about modes, any
    # other table's first column may name them (loosely: a backend there is no error).
    header_kind = _kind_of(rows[0][1][0])
    kind = header_kind or section
    if kind:
        names = [(line, _cell_name(cells[0])) for line, cells in rows[1:] if cells]
        names = [(line, name) for line, name in names if _NAME.match(name)]
        claims.extend(Claim(line, kind, name, loose=header_kind is None) for line, name in names)
        if header_kind == "mode" and len(names) >= 2:
            listings.append(Listing(start, [name for _, name in names]))
    return index + 1


def _list(
    tokens: Sequence[Token], index: int, section: Kind | None, claims: list[Claim], listings: list[Listing]
) -> int:
    """A list whose every item starts with a backticked name, inside a mode or backend section."""
    start = _first_line(tokens[index], 0)
    depth, leading = 0, []
    items = 0
    while True:
        token = tokens[index]
        depth += token.nesting if token.type.endswith(("list_open", "list_close")) else 0
        if token.type == "list_item_open" and depth == 1:
            items += 1
            inline = next(t for t in tokens[index:] if t.type == "inline")
            match = _LEADING_CODE.match(inline.content)
            if match and inline.map:
                leading.append((inline.map[0] + 1, match.group("name")))
        elif token.type == "inline" and section and token.map:
            claims += _code_span_claims(token, section)
        index += 1
        if depth == 0:
            break
    if section == "mode" and len(leading) == items and items >= 2:
        listings.append(Listing(start, [name for _, name in leading]))
    return index


def page_claims(document: LintDocument) -> tuple[list[Claim], list[Listing]]:
    """Every claim of the page, once per (line, kind, name), and the page's listings of modes.

    Prose, sections and tables only count on a page about torch.compile: elsewhere "backend" or "mode" mean
    other things (a tokenizer's backend, a file mode).
    """
    claims: list[Claim] = []
    listings: list[Listing] = []
    about_compile = _ABOUT_COMPILE.search(document.text) is not None
    if about_compile:
        claims, listings = _section_claims(document)
        for number, line in enumerate(document.lines, start=1):
            if number not in document.code_lines:
                claims.extend(_adjacent_claims(number, line))
    claims.extend(_code_claims(document, about_compile))
    strict = {(c.line, c.name) for c in claims if not c.loose}
    unique = {c for c in claims if not c.loose or (c.line, c.name) not in strict}
    return sorted(unique, key=lambda c: (c.line, c.kind, c.name)), listings


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    claims, listings = page_claims(document)
    if not claims and not listings:
        return
    known = {"mode": context.facts.compile_modes(), "backend": context.facts.compile_backends()}
    path = str(document.path)
    if not known["mode"]:
        yield Diagnostic(
            path,
            claims[0].line if claims else 1,
            "claims-torch",
            "torch is not installed; claims not checked",
            "install the torch the pages are written for",
            "warning",
        )
        return
    version = context.facts.torch_version
    suggested = {"mode": known["mode"], "backend": context.facts.public_compile_backends()}
    for claim in claims:
        names = known[claim.kind]
        if claim.name in names or (claim.loose and claim.name in known["mode"] + known["backend"]):
            continue
        yield Diagnostic(
            path,
            claim.line,
            f"claims-{claim.kind}",
            f"`{claim.name}` is not a torch.compile {claim.kind} in torch {version}",
            f"use one of: {', '.join(suggested[claim.kind])}",
            "error",
        )
    for listing in listings:
        missing = [mode for mode in known["mode"] if mode not in listing.names]
        if missing:
            yield Diagnostic(
                path,
                listing.line,
                "claims-modes-incomplete",
                f"this list of modes leaves out {', '.join(missing)} "
                f"(torch {version} has {len(known['mode'])})",
                "add a line for each missing mode",
                "error",
            )
