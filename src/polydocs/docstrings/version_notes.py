"""`<Added version="2.3.0">`, `<Changed …>`, `<Deprecated …>` in a docstring: the notes doc-builder shows.

doc-builder renders them as boxes titled "Added in 2.3.0" (its `Added.svelte`); here they become Material
admonitions with that title. The text stays the docstring's own Markdown, so its links and code render.
"""

from __future__ import annotations

import re

_OPEN = re.compile(
    r'^(?P<indent>[ ]*)<(?P<kind>Added|Changed|Deprecated)[ ]+version="(?P<version>[^"<>]*)"[ ]*>[ ]*$'
)
_ADMONITION = {"Added": "note", "Changed": "note", "Deprecated": "warning"}


def with_version_notes(markdown: str) -> str:
    """`markdown` with each closed directive turned into an admonition; an unclosed one is left as written."""
    if "<" not in markdown:
        return markdown
    lines = markdown.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        opening = _OPEN.match(lines[index])
        close = _closing(lines, index, opening["kind"]) if opening else -1
        if opening is None or close < 0:
            out.append(lines[index])
            index += 1
            continue
        indent, kind, version = opening["indent"], opening["kind"], opening["version"].replace('"', "")
        out.append(f'{indent}!!! {_ADMONITION[kind]} "{kind} in {version}"')
        out += [
            f"{indent}    {line[len(indent) :]}" if line.strip() else "" for line in lines[index + 1 : close]
        ]
        out.append("")
        index = close + 1
    return "\n".join(out)


def _closing(lines: list[str], start: int, kind: str) -> int:
    for index in range(start + 1, len(lines)):
        if lines[index].strip() == f"</{kind}>":
            return index
    return -1
