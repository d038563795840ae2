"""Code parity: a translation shows the same code blocks as its English page; only comments may differ."""

from __future__ import annotations

import difflib
import io
import re
import tokenize
from collections.abc import Iterator
from functools import lru_cache

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.snippets.regions import Region

_SHELL_LANGUAGES = frozenset({"bash", "sh", "shell", "console", "zsh", "yaml", "yml", "toml", "dockerfile"})
_HASH_COMMENT = re.compile(r"(^|\s)#.*$")


def _strip_python_comments(code: str) -> str | None:
    """The code with every `#` comment removed, using Python's own tokenizer; None when it cannot tokenize."""
    lines = code.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    for token in reversed(tokens):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return "\n".join(lines)


def _strip_hash_comments(code: str) -> str:
    """Rough `#` removal for shells and for Python that does not tokenize (`>>>` sessions, `...`)."""
    kept = []
    for line in code.splitlines():
        if "'" in line or '"' in line:
            kept.append(line if not line.lstrip().startswith("#") else "")
        else:
            kept.append(_HASH_COMMENT.sub("", line))
    return "\n".join(kept)


def normalized_code(region: Region) -> str:
    """What must match across languages: the code without comments, trailing spaces or blank lines."""
    return _normalized(region.language, region.kind, region.code)


@lru_cache(maxsize=4096)
def _normalized(language: str, kind: str, code: str) -> str:
    """`normalized_code` of a block's text, remembered: an English page's blocks are compared with each of
    its translations' (twenty languages of the course: Python's tokenizer ran on each block twenty times)."""
    if language == "python":
        stripped = _strip_python_comments(code) if kind == "script" else None
        code = stripped if stripped is not None else _strip_hash_comments(code)
    elif language in _SHELL_LANGUAGES:
        code = _strip_hash_comments(code)
    return "\n".join(line.rstrip() for line in code.splitlines() if line.strip())


def _key(region: Region) -> tuple[str, str]:
    return region.language, normalized_code(region)


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    english = context.english(document)
    if english is None:
        return
    ours, theirs = document.regions, english.regions
    source = f"en/{english.local}.md"
    path = str(document.path)
    hint = f"copy the code of {source} (translate only its comments), or change the English page first"
    matcher = difflib.SequenceMatcher(
        None, [_key(r) for r in ours], [_key(r) for r in theirs], autojunk=False
    )
    for operation, our_start, our_end, their_start, their_end in matcher.get_opcodes():
        if operation == "equal":
            continue
        pairs = min(our_end - our_start, their_end - their_start)
        for offset in range(pairs):
            mine, original = ours[our_start + offset], theirs[their_start + offset]
            yield Diagnostic(
                path,
                mine.start_line,
                "code-parity",
                f"code block differs from {source}:{original.start_line}",
                hint,
                "error",
            )
        for extra in ours[our_start + pairs : our_end]:
            yield Diagnostic(
                path,
                extra.start_line,
                "code-parity",
                f"code block that {source} does not have",
                hint,
                "error",
            )
        for missing in theirs[their_start + pairs : their_end]:
            before = ours[our_start + pairs - 1] if our_start + pairs > 0 else None
            line = before.end_line if before else 1
            yield Diagnostic(
                path,
                line,
                "code-parity",
                f"missing the code block of {source}:{missing.start_line}",
                hint,
                "error",
            )
