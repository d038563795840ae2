"""The one reading of YAML that comes from a tree: front matter, `_toctree.yml`, `polydocs.yml`,
`_redirects.yml`, `translations.lock.yml`. No anchors or aliases, and nesting bounded, before any node
is made.

An alias repeats a node wherever it is written: eight levels of nine aliases in 600 bytes of front matter
made a 264 MB page, one more level 22 GB. libyaml makes nodes recursively in C: a flow of 20,000 `[` (40
KB) ended the process with a segmentation fault, no exception to catch; Python's composer raises
RecursionError. None of polydocs' files needs either, so the file's events are read first (libyaml's
parser keeps its own stack: linear, no recursion) and the first anchor, alias or collection deeper than
`MAX_DEPTH` is refused at its line, before the composer sees the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError, Severity

# A toctree section is two levels (its mapping and its `sections:` list): 32 allows 15 nested sections,
# where real trees use 4; Python-Markdown and Jinja then walk them well inside the recursion limit.
MAX_DEPTH = 32
# libyaml's parser and composer, ten times faster than the pure-Python ones and they keep node marks.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_ALIASES = "YAML anchors and aliases (`&name`, `*name`) are not supported"
_ALIASES_HINT = "write the value out where it belongs"


@dataclass(frozen=True)
class YamlRefusal:
    """Why a YAML text is not read: the 1-based line of the text where it happens, and what to do."""

    line: int
    message: str
    hint: str


def yaml_refusal(text: str) -> YamlRefusal | None:
    """Why `text` is not read: its first alias (where a node would be repeated), else its first anchor,
    else its first collection deeper than `MAX_DEPTH`; None when it may be read, or when it is not valid
    YAML (the composer reports that at its line). Reading stops at the first alias or too deep collection:
    libyaml's scanner slows down with each level it is in (20,000 `[` take it 2 s to the end)."""
    anchor = 0
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            line = event.start_mark.line + 1 if event.start_mark else 1
            if isinstance(event, yaml.AliasEvent):
                return YamlRefusal(line, _ALIASES, _ALIASES_HINT)
            anchor = anchor or (line if getattr(event, "anchor", None) else 0)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return YamlRefusal(
                        line, f"YAML nested deeper than {MAX_DEPTH} levels is not read", "flatten it"
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return None
    return YamlRefusal(anchor, _ALIASES, _ALIASES_HINT) if anchor else None


def compose_tree_yaml(
    path: Path, text: str, code: str, hint: str, severity: Severity = "error"
) -> yaml.Node | None:
    """The node tree of `text`, read from `path` (None for an empty document); raises PolydocsError with
    one diagnostic of `code` at its line for a refused text (`yaml_refusal`) or invalid YAML (`hint` says
    how to fix that)."""
    refusal = yaml_refusal(text)
    if refusal is not None:
        raise PolydocsError(
            [Diagnostic(str(path), refusal.line, code, refusal.message, refusal.hint, severity)]
        )
    try:
        return yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        raise PolydocsError([invalid_yaml(path, text, error, code, hint, severity)]) from None


def load_tree_yaml(text: str) -> object:
    """The data of a text `yaml_refusal` accepted (raises yaml.YAMLError for invalid YAML)."""
    return yaml.load(text, Loader=_LOADER)


def invalid_yaml(
    path: Path, text: str, error: yaml.YAMLError, code: str, hint: str, severity: Severity
) -> Diagnostic:
    """`invalid YAML: <problem>` at the line of `text` where it is (`yaml_error_line`)."""
    problem = getattr(error, "problem", None) or str(error).split("\n")[0]
    line = yaml_error_line(error, text)
    return Diagnostic(str(path), line, code, f"invalid YAML: {problem}", hint, severity)


def yaml_error_line(error: yaml.YAMLError, text: str) -> int:
    """The 1-based line of `text` a YAML error is about: where libyaml noticed it, unless that is past
    the text's last line (it reached the end looking for a `]` or a quote), then where the unclosed
    construct began; never a line the text does not have."""
    lines = max(1, len(text.rstrip("\n").split("\n")))
    for name in ("problem_mark", "context_mark"):
        mark = getattr(error, name, None)
        if mark is not None and mark.line + 1 <= lines:
            return int(mark.line) + 1
    return lines
