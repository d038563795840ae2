"""A page's YAML front matter, read the way MkDocs reads it: one that MkDocs would ignore is reported.

MkDocs takes a page's first lines as front matter when they sit between `---` lines and parse as a YAML
mapping; otherwise it silently keeps them, and readers see the raw YAML (or a rule and text) on top.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from polydocs.diagnostics import Diagnostic

# MkDocs' own pattern (mkdocs.utils.meta.YAML_RE).
_FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_OPENING = re.compile(r"^-{3}[ \t]*\n")
_HINT = "write `key: value` lines between two `---` lines, or remove them"


def front_matter_lines(text: str) -> int:
    """How many lines at the top of the page MkDocs takes as front matter (0: none)."""
    match = _FRONT_MATTER.match(text)
    if match is None or front_matter_problem(Path(), text) is not None:
        return 0
    return text.count("\n", 0, match.end())


def front_matter_problem(path: Path, text: str) -> Diagnostic | None:
    """Why the page's front matter would be shown as text instead of read, None when it is fine."""
    if not _OPENING.match(text):
        return None
    match = _FRONT_MATTER.match(text)
    if match is None:
        return _problem(path, 1, "front matter opened with `---` is never closed, so readers see it as text")
    try:
        data = yaml.load(match.group(1), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark else 1  # the YAML starts on the page's second line
        problem = getattr(error, "problem", None) or "invalid YAML"
        return _problem(path, line, f"front matter is not valid YAML ({problem}), so readers see it as text")
    if not isinstance(data, dict):
        return _problem(path, 2, "front matter is not a mapping of `key: value`, so readers see it as text")
    return None


def _problem(path: Path, line: int, message: str) -> Diagnostic:
    return Diagnostic(str(path), line, "front-matter", message, _HINT)
