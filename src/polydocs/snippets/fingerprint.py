"""Stable identities for code: comments dropped, so a translated comment is not a code change."""

from __future__ import annotations

import hashlib
import io
import tokenize
from pathlib import PurePath

from polydocs.sources.languages import is_registered_tag


def normalized_code(code: str) -> str:
    """`code` without comments and trailing spaces; line structure kept so line numbers still agree."""
    try:
        comments = [
            token.start
            for token in tokenize.generate_tokens(io.StringIO(code).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return "\n".join(line.rstrip() for line in code.splitlines())
    lines = code.splitlines()
    for row, col in comments:
        lines[row - 1] = lines[row - 1][:col]
    return "\n".join(line.rstrip() for line in lines)


def code_hash(code: str) -> str:
    """The hash a report records for a block, compared by the site's badges."""
    return hashlib.sha256(normalized_code(code).encode()).hexdigest()[:16]


def page_name(path: PurePath) -> str:
    """`docs_src/es/perf_torch_compile.md` -> `es/perf_torch_compile.md` (from the language folder on)."""
    parts = path.parts
    for index in range(len(parts) - 2, -1, -1):
        if is_registered_tag(parts[index]):
            return "/".join(parts[index:])
    return path.name
