"""Callouts: `> [!TIP]` alerts of a known kind and in the right place, `<Tip>` and `<hfoptions>` balanced."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument

# GitHub's alert kinds, which the site renders as admonitions titled in the page's language.
CALLOUT_KINDS = ("NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION")

_ALERT = re.compile(r"^(?P<quote>\s*>\s*)\[!(?P<kind>[^\]]*)\](?P<rest>.*)$")
_BARE_ALERT = re.compile(r"^\s*\[!(?P<kind>[A-Za-z]+)\]")
_QUOTE = re.compile(r"^\s*>")
_TAG = re.compile(r"<(?P<close>/?)(?P<name>Tip|hfoptions|hfoption)\b(?P<attrs>[^<>]*?)(?P<selfclose>/?)>")
_ATTRIBUTE = re.compile(r"(?P<name>[\w-]+)(?:\s*=\s*(?P<value>\{[^}]*\}|\"[^\"]*\"|'[^']*'|\S+))?")

# Attributes each component accepts, with the values allowed (None: any non-empty value).
_ALLOWED_ATTRIBUTES: dict[str, dict[str, frozenset[str] | None]] = {
    "Tip": {"warning": frozenset({"{true}", "{false}"})},
    "hfoptions": {"id": None},
    "hfoption": {"id": None},
}
_REQUIRED_ATTRIBUTES = {"hfoptions": ("id",), "hfoption": ("id",)}
_PARENT = {"hfoption": "hfoptions"}


def _problem(document: LintDocument, line: int, code: str, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(document.path), line, code, message, hint, "error")


def check_alerts(document: LintDocument) -> Iterator[Diagnostic]:
    known = ", ".join(CALLOUT_KINDS)
    previous = ""
    for number, line in document.prose_lines():
        match = _ALERT.match(line)
        if match:
            kind = match.group("kind").strip()
            if kind.upper() not in CALLOUT_KINDS:
                yield _problem(
                    document,
                    number,
                    "callout-kind",
                    f"unknown callout kind `[!{kind}]`",
                    f"use one of {known}",
                )
            if _QUOTE.match(previous):
                yield _problem(
                    document,
                    number,
                    "callout-position",
                    f"`[!{kind}]` is not the first line of its quote, so it renders as plain text",
                    "start a new `>` block with the marker, separated by a blank line",
                )
            if match.group("rest").strip():
                yield _problem(
                    document,
                    number,
                    "callout-text",
                    f"text after `[!{kind}]` on the marker's line",
                    "put the marker alone on its line and the text on the next `>` line",
                )
            following = document.lines[number] if number < len(document.lines) else ""
            # A non-blank line right after the marker continues the quote (lazily, without `>`).
            if not match.group("rest").strip() and not re.match(r"^\s*(>\s*)?[^\s>]", following):
                yield _problem(
                    document,
                    number,
                    "callout-empty",
                    f"`[!{kind}]` callout has no text",
                    "add `> text` lines",
                )
        elif _BARE_ALERT.match(line) and not _QUOTE.match(line):
            kind = _BARE_ALERT.match(line).group("kind")  # type: ignore[union-attr]
            yield _problem(
                document,
                number,
                "callout-quote",
                f"`[!{kind}]` outside a `>` quote renders as plain text",
                f"write `> [!{kind}]` and prefix the callout's lines with `> `",
            )
        previous = line


@dataclass
class _Open:
    name: str
    line: int
    ids: set[str]


def _check_attributes(document: LintDocument, line: int, name: str, attrs: str) -> Iterator[Diagnostic]:
    allowed = _ALLOWED_ATTRIBUTES[name]
    seen = set()
    for match in _ATTRIBUTE.finditer(attrs):
        attribute, value = match.group("name"), match.group("value")
        seen.add(attribute)
        if attribute not in allowed:
            accepted = ", ".join(f"`{a}`" for a in allowed) or "none"
            yield _problem(
                document,
                line,
                "component-attribute",
                f"<{name}> has an unknown attribute `{attribute}`",
                f"accepted: {accepted}",
            )
            continue
        values = allowed[attribute]
        shown = (value or "").strip("\"'")
        if (values is not None and value not in values) or (values is None and not shown):
            expected = " or ".join(sorted(values)) if values else "a non-empty value"
            yield _problem(
                document,
                line,
                "component-attribute",
                f"<{name} {attribute}={value or ''}> is not a valid value",
                f"write {attribute}={expected}",
            )
    for required in _REQUIRED_ATTRIBUTES.get(name, ()):
        if required not in seen:
            yield _problem(
                document,
                line,
                "component-attribute",
                f"<{name}> has no `{required}`",
                f'add {required}="..." (unique on the page)',
            )


def check_components(document: LintDocument) -> Iterator[Diagnostic]:
    """`<Tip>`, `<hfoptions>` and `<hfoption>`: known attributes, closed, properly nested."""
    stack: list[_Open] = []
    text = document.prose_text
    for match in _TAG.finditer(text):
        line = document.line_of(match.start(), text)
        name = match.group("name")
        if match.group("close"):
            if stack and stack[-1].name == name:
                stack.pop()
            elif any(o.name == name for o in stack):
                inner = stack.pop()
                yield _problem(
                    document,
                    inner.line,
                    "component-unclosed",
                    f"<{inner.name}> is not closed before </{name}> on line {line}",
                    f"add </{inner.name}>",
                )
                while stack and stack[-1].name != name:
                    stack.pop()
                if stack:
                    stack.pop()
            else:
                yield _problem(
                    document,
                    line,
                    "component-unopened",
                    f"</{name}> closes nothing",
                    f"remove it or add <{name}>",
                )
            continue
        yield from _check_attributes(document, line, name, match.group("attrs"))
        if match.group("selfclose"):
            continue
        parent = _PARENT.get(name)
        if parent and (not stack or stack[-1].name != parent):
            yield _problem(
                document,
                line,
                "component-nesting",
                f"<{name}> outside <{parent}>",
                f"wrap the options in <{parent} id=...>",
            )
        if name == "Tip" and any(o.name == "Tip" for o in stack):
            yield _problem(
                document, line, "component-nesting", "<Tip> inside another <Tip>", "close the first one"
            )
        if parent and stack and stack[-1].name == parent:
            option = re.search(r"id\s*=\s*[\"']([^\"']*)", match.group("attrs"))
            if option and option.group(1) in stack[-1].ids:
                yield _problem(
                    document,
                    line,
                    "component-attribute",
                    f'<hfoption id="{option.group(1)}"> repeats an option of this <hfoptions>',
                    "give each option its own id",
                )
            elif option:
                stack[-1].ids.add(option.group(1))
        stack.append(_Open(name, line, set()))
    for still_open in stack:
        yield _problem(
            document,
            still_open.line,
            "component-unclosed",
            f"<{still_open.name}> is never closed",
            f"add </{still_open.name}> after its content",
        )


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    yield from check_alerts(document)
    yield from check_components(document)
