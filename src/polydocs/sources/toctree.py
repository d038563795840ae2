"""Reading a Hugging Face `_toctree.yml`, keeping the line of every entry for error messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.text import read_utf8
from polydocs.sources.tree_yaml import compose_tree_yaml


@dataclass(frozen=True)
class TocPage:
    """A toctree entry that names a page: `local` is its path without `.md`."""

    local: str
    title: str
    line: int


@dataclass
class TocSection:
    """A titled group of entries."""

    title: str
    line: int
    children: list[TocEntry] = field(default_factory=list)


TocEntry = TocPage | TocSection


@dataclass
class Toctree:
    path: Path
    entries: list[TocEntry]

    def pages(self) -> list[TocPage]:
        """Every page entry, depth first, in reading order."""
        found: list[TocPage] = []

        def walk(entries: list[TocEntry]) -> None:
            for entry in entries:
                if isinstance(entry, TocPage):
                    found.append(entry)
                else:
                    walk(entry.children)

        walk(self.entries)
        return found


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _mapping(node: yaml.MappingNode) -> dict[str, yaml.Node]:
    return {key.value: value for key, value in node.value if isinstance(key, yaml.ScalarNode)}


def _scalar(node: yaml.Node | None) -> str | None:
    if isinstance(node, yaml.ScalarNode):
        return str(node.value)
    return None


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Diagnostic] = []

    def problem(self, node: yaml.Node, message: str, hint: str) -> None:
        self.problems.append(Diagnostic(str(self.path), _line(node), "toctree", message, hint, "error"))

    def entries(self, node: yaml.Node) -> list[TocEntry]:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, "expected a list of entries", "write each entry as `- local: page` + `title:`")
            return []
        result: list[TocEntry] = []
        for item in node.value:
            entry = self.entry(item)
            if entry is not None:
                result.append(entry)
        return result

    def entry(self, node: yaml.Node) -> TocEntry | None:
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, "an entry must be a mapping", "use `local:` and `title:` keys, or `sections:`")
            return None
        fields = _mapping(node)
        title = _scalar(fields.get("title"))
        if "sections" in fields:
            return TocSection(title or "", _line(node), self.entries(fields["sections"]))
        local = _scalar(fields.get("local"))
        if not local:
            self.problem(
                node, "entry has neither `local:` nor `sections:`", "name the page with `local: path`"
            )
            return None
        if title is None:
            self.problem(node, f"entry `{local}` has no `title:`", "add the title shown in the navigation")
            title = local
        return TocPage(local.removesuffix(".md"), title, _line(node))


def load_toctree(path: Path) -> Toctree:
    """Parse `_toctree.yml`; raises PolydocsError listing every problem with its line."""
    text = read_utf8(path, "the toctree cannot be read")
    # No anchors or aliases (one node in several places, or inside itself), nesting bounded: `tree_yaml.py`.
    root = compose_tree_yaml(path, text, "toctree", "fix the YAML syntax")
    if root is None:
        raise PolydocsError([Diagnostic(str(path), 1, "toctree", "empty toctree", "list the pages", "error")])
    reader = _Reader(path)
    entries = reader.entries(root)
    if reader.problems:
        raise PolydocsError(reader.problems)
    return Toctree(path, entries)
