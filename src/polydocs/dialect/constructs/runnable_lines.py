"""Lines of a Python block that are for doc-builder's test runner, not for readers.

doc-builder's runnable blocks (its README, "runnable code blocks"; `convert_md_to_mdx._clean_code_for_doc`)
hide from readers a `# pytest-decorator: module.decorator` line (the decorator its pytest plugin puts on
the block's test), any statement marked `# doc-builder: hide`, and the `# doc-builder: ignore-bare-assert`
(or `# ignore-bare-assert`) comment that silences its bare-assert warning, the line itself kept. A hidden
statement goes whole, as doc-builder takes it: its continuation lines while its brackets `(`/`[` are open
or it ends with `\\`; the indented body of a hidden `for`/`if`/`while`/`with`/`elif`/`else:`; an opener
whose body was that hidden line alone; and runs of blank lines left behind become one. The site highlights
the block without them (`markup/code_highlight.py`); the snippet checker runs the block as written, where
they are comments.
"""

from __future__ import annotations

import re

# The languages doc-builder cleans: its Python fences (`py`, `python`), with or without `runnable:`.
PYTHON_LANGUAGES = frozenset({"py", "python", "python3"})
_HIDDEN = re.compile(r"#\s*doc-builder:\s*hide\b")
_DECORATOR = re.compile(r"#\s*pytest-decorator:")
_SILENCE = re.compile(r"#\s*(?:doc-builder:\s*)?ignore-bare-assert\b")
# doc-builder's block openers (`_re_block_opener`): the statements whose indented body goes with them.
_OPENER = re.compile(r"(?:for |if |while |with |elif |else\s*:)")


def reader_code(code: str) -> str:
    """`code` as readers see it: doc-builder's test-runner lines and comments removed."""
    if "doc-builder" not in code and "pytest-decorator" not in code and "ignore-bare-assert" not in code:
        return code
    shown = _ShownLines()
    for line in code.split("\n"):
        shown.read(line)
    text = "\n".join(shown.lines).rstrip("\n")  # as doc-builder, no blank line left at the end
    return text + "\n" if code.endswith("\n") else text


class _ShownLines:
    """The lines of a block readers see, read one by one as doc-builder's `_clean_code_for_doc` reads them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.brackets = 0  # those a hidden statement left open
        self.running = False  # a hidden statement goes on to this line
        self.body_of = -1  # the indentation of a hidden block opener, while its body is skipped

    def read(self, line: str) -> None:
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if self.body_of >= 0 and (not stripped or indent > self.body_of):
            return
        self.body_of = -1
        if self.running:
            self._go_on(stripped, self.brackets)
        elif _HIDDEN.search(stripped) or _DECORATOR.match(stripped):
            self._hide(stripped, indent)
        elif not stripped and self.lines and not self.lines[-1].strip():
            return  # a run of blank lines shows as one
        else:
            silenced = _SILENCE.search(line) if "ignore-bare-assert" in line else None
            self.lines.append(line[: silenced.start()].rstrip() if silenced else line)

    def _go_on(self, stripped: str, brackets: int) -> None:
        self.brackets = (
            brackets + stripped.count("(") - stripped.count(")") + stripped.count("[") - stripped.count("]")
        )
        self.running = self.brackets > 0 or stripped.rstrip().endswith("\\")

    def _hide(self, stripped: str, indent: int) -> None:
        self._go_on(stripped, 0)
        if not self.running and _OPENER.match(stripped):
            self.body_of = indent
        self._drop_emptied_opener(indent)

    def _drop_emptied_opener(self, indent: int) -> None:
        """The block opener just above a hidden line, less indented, goes with it (doc-builder's
        `_remove_empty_block_opener`), the blank lines between too."""
        last = len(self.lines) - 1
        while last >= 0 and not self.lines[last].strip():
            last -= 1
        if last < 0:
            return
        above = self.lines[last].lstrip()
        if len(self.lines[last]) - len(above) < indent and above.endswith(":") and _OPENER.match(above):
            del self.lines[last:]
