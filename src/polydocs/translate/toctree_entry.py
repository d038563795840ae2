"""Adding a page to a translation's `_toctree.yml` where the English toctree has it, by editing the text:
every other line of the file (comments, quoting, the translated titles) stays as the translator wrote it."""

from __future__ import annotations

import json
from dataclasses import dataclass

import yaml

from polydocs.sources.toctree import TocEntry, TocPage, TocSection, Toctree


@dataclass(frozen=True)
class _Place:
    """Where a page entry goes: after or before a page the translation lists, or at the file's end."""

    anchor: TocPage | None
    after: bool


def toctree_with_page(text: str, translation: Toctree, english: Toctree, local: str) -> str | None:
    """The toctree text with `local` added at its English position (its English title, to translate);
    None when the translation's toctree already lists it or English does not."""
    listed = {entry.local for entry in translation.pages()}
    english_entry = next((entry for entry in english.pages() if entry.local == local), None)
    if local in listed or english_entry is None:
        return None
    place = _place(english, {entry.local: entry for entry in translation.pages()}, local)
    lines = text.split("\n")
    if place.anchor is None:
        at, indent = _end_of_text(lines), 0
    else:
        start = place.anchor.line - 1
        indent = _dash_column(lines[start])
        at = _entry_end(lines, start, indent) if place.after else start
    entry = [f"{' ' * indent}- local: {local}", f"{' ' * indent}  title: {_yaml_scalar(english_entry.title)}"]
    return "\n".join(lines[:at] + entry + lines[at:])


def _place(english: Toctree, listed: dict[str, TocPage], local: str) -> _Place:
    """After the nearest earlier page of its English section the translation lists, else before the
    nearest later one; failing both, the same by English reading order; else at the end."""
    section = _siblings(english.entries, local) or []
    reading = [entry.local for entry in english.pages()]
    for order in (section, reading):
        position = order.index(local)
        earlier = [name for name in reversed(order[:position]) if name in listed]
        later = [name for name in order[position + 1 :] if name in listed]
        if earlier:
            return _Place(listed[earlier[0]], after=True)
        if later:
            return _Place(listed[later[0]], after=False)
    return _Place(None, after=True)


def _siblings(entries: list[TocEntry], local: str) -> list[str] | None:
    """The page names of the section (or top level) holding `local`, in order."""
    names = [entry.local for entry in entries if isinstance(entry, TocPage)]
    if local in names:
        return names
    for entry in entries:
        if isinstance(entry, TocSection) and (found := _siblings(entry.children, local)) is not None:
            return found
    return None


def _dash_column(line: str) -> int:
    """The column of the `- ` that opens the entry on this line (`  - local: x` -> 2)."""
    stripped = line.lstrip()
    return len(line) - len(stripped) if stripped.startswith("-") else max(len(line) - len(stripped) - 2, 0)


def _entry_end(lines: list[str], start: int, indent: int) -> int:
    """The index just after the entry starting at `start`: its keys are indented deeper than its dash."""
    index = start + 1
    while index < len(lines):
        line = lines[index]
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        index += 1
    while index > start + 1 and not lines[index - 1].strip():
        index -= 1  # blank lines after the entry stay between it and what follows
    return index


def _end_of_text(lines: list[str]) -> int:
    end = len(lines)
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return end


def _yaml_scalar(value: str) -> str:
    """The title as YAML reads it back: plain where that is safe, else a double-quoted (JSON) string."""
    try:
        plain_reads_back = yaml.safe_load(f"title: {value}") == {"title": value}
    except yaml.YAMLError:
        plain_reads_back = False
    return value if plain_reads_back and value.strip() == value else json.dumps(value, ensure_ascii=False)
