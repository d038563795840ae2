"""Stable identities for code: comments dropped, so a translated comment is not a code change."""

from __future__ import annotations

import hashlib
import io
import tokenize
from pathlib import Path

from polydocs.diagnostics import display_path
from polydocs.sources.pages import page_at


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


def page_name(path: Path) -> str:
    """`docs_src/es/perf_torch_compile.md` -> `es/perf_torch_compile.md`, the page's key in reports (the
    site model's `PageAddress.key`); a file in no source tree is named by its path as given (its folders
    kept: two libraries' `quicktour.md` checked together stay two pages)."""
    address = page_at(path)
    return address.key if address is not None else display_path(path)
