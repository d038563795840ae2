"""Fence info strings of more than one word (```` ```python out ````, ```` ```py no-format ````), and output
blocks: the fences that show what code printed rather than code to run.

markdown-it (the page's one parse) reads every such line as a fence, as CommonMark says; pymdownx's
superfences reads ```` ```python out ```` as no fence at all (a bare word after the language is no option
it knows), and the rest of the page becomes one code block. `superfences_opening` gives the opening line
superfences reads the same way, and `is_output` says which fences are output: the site styles them apart
from code, and the snippet checker must not run them nor the site badge them.
"""

from __future__ import annotations

import re

# The second word of ```` ```python out ````; a lone ```` ```out ```` / ```` ```output ```` is output too.
OUTPUT_WORDS = frozenset({"out", "output"})
OUTPUT_CLASS = "polydocs-output"
# What superfences already reads after the language: `key="value"` options, or an attribute list.
_OPTION = re.compile(r"""^[\w-]+=(?:"[^"]*"|'[^']*'|\S+)$""")
_LANGUAGE = re.compile(r"^[\w#.+-]+$")


def is_output(info: str) -> bool:
    """Whether a fence with this info string shows output (`python out`, `py output`, `out`)."""
    words = info.lower().split()
    return bool(words) and (words[0] in OUTPUT_WORDS or (len(words) > 1 and words[1] in OUTPUT_WORDS))


def superfences_opening(info: str) -> str | None:
    """The info string to write instead for superfences (`{.python .polydocs-output}`), or None when
    superfences already reads it as the fence it is (or it is no fence superfences should open)."""
    words = info.split()
    # No language at all (```` ```← a note ````): left as it is. Such a line is a pasted mistake more
    # often than a fence, and on the one page that has one (transformers' pipeline_tutorial) making it a
    # fence turns the page's code into prose whose `x[0]["key"]` mkdocs-autorefs then fails on.
    if not words or info.lstrip().startswith("{") or not _LANGUAGE.match(words[0]):
        return None
    language = "text" if words[0].lower() in OUTPUT_WORDS else words[0]
    if is_output(info):
        return f"{{.{language} .{OUTPUT_CLASS}}}"
    if all(_OPTION.match(word) for word in words[1:]):
        return None
    return f"{{.{language}}}"
