"""`_config.py`: doc-builder's notebook settings beside the toctree, read as data and never run.

doc-builder imports the file; polydocs reads its top-level assignments of literal values (`INSTALL_CONTENT
= "..."`, `notebook_first_cells = [{"type": "code", "content": INSTALL_CONTENT}]`, names of earlier
assignments allowed inside them). An assignment it cannot read without running code is a warning at its
line. No setting changes the site yet: polydocs' notebooks open with their own install cell, pinned to the
versions the pages were checked with (docs/languages.md, "Single-language trees").
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic

CONFIG_NAME = "_config.py"


@dataclass(frozen=True)
class DocBuilderConfig:
    """The literal settings of a `_config.py` (empty without one), by name."""

    path: str = ""
    settings: dict[str, Any] = field(default_factory=dict)


class _KnownNames(ast.NodeTransformer):
    """Replaces the names of settings read so far by their values, so that `literal_eval` accepts them."""

    def __init__(self, known: dict[str, Any]) -> None:
        self.known = known

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.known:
            return ast.copy_location(ast.Constant(self.known[node.id]), node)
        return node


def _not_read(path: Path, line: int, what: str) -> Diagnostic:
    return Diagnostic(
        str(path),
        line,
        "doc-builder-config",
        f"{what}; polydocs reads {CONFIG_NAME} without running it, so this is left out",
        "write the setting as a literal (text, number, list, mapping)",
    )


def read_doc_builder_config(path: Path) -> tuple[DocBuilderConfig, list[Diagnostic]]:
    """The settings of the `_config.py` at `path`, and a warning per statement that is not one."""
    if not path.is_file():
        return DocBuilderConfig(), []
    try:
        module = ast.parse(path.read_text(encoding="utf-8"), str(path))
    except (SyntaxError, UnicodeDecodeError, ValueError) as error:
        return DocBuilderConfig(str(path)), [_not_read(path, getattr(error, "lineno", 1) or 1, str(error))]
    settings: dict[str, Any] = {}
    problems = []
    for node in module.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if not isinstance(node, ast.Assign) or not isinstance(target, ast.Name):
            problems.append(_not_read(path, node.lineno, "a statement that is not `name = value`"))
            continue
        try:
            settings[target.id] = ast.literal_eval(_KnownNames(settings).visit(node.value))
        except (ValueError, TypeError, SyntaxError, RecursionError):
            problems.append(_not_read(path, node.lineno, f"`{target.id}` is computed"))
    return DocBuilderConfig(str(path), settings), problems
