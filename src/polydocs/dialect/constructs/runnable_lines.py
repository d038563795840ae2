"""Lines of a Python block that are for doc-builder's test runner, not for readers.

doc-builder's runnable blocks (its README, "runnable code blocks"; `convert_md_to_mdx._clean_code_for_doc`)
hide from readers a `# pytest-decorator: module.decorator` line (the decorator its pytest plugin puts on
the block's test), any line marked `# doc-builder: hide`, and the `# doc-builder: ignore-bare-assert`
(or `# ignore-bare-assert`) comment that silences its bare-assert warning, the line itself kept. The
site highlights the block without them (`markup/code_highlight.py`); the snippet checker runs the block
as written, where they are comments. Not yet done as doc-builder does: a hidden line's continuation
lines (an open bracket, a trailing backslash) and a hidden block opener's indented body stay.
"""

from __future__ import annotations

import re

# The languages doc-builder cleans: its Python fences (`py`, `python`), with or without `runnable:`.
PYTHON_LANGUAGES = frozenset({"py", "python", "python3"})
_HIDDEN = re.compile(r"#\s*doc-builder:\s*hide\b")
_DECORATOR = re.compile(r"#\s*pytest-decorator:")
_SILENCE = re.compile(r"#\s*(?:doc-builder:\s*)?ignore-bare-assert\b")


def reader_code(code: str) -> str:
    """`code` as readers see it: doc-builder's test-runner lines and comments removed."""
    if "doc-builder" not in code and "pytest-decorator" not in code and "ignore-bare-assert" not in code:
        return code
    kept = []
    for line in code.split("\n"):
        if _HIDDEN.search(line) or _DECORATOR.match(line.lstrip()):
            continue
        silenced = _SILENCE.search(line) if "ignore-bare-assert" in line else None
        kept.append(line[: silenced.start()].rstrip() if silenced else line)
    return "\n".join(kept)
