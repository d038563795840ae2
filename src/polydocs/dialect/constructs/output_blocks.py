"""Output blocks: the fences that show what code printed (```` ```python out ````, ```` ```py output ````,
```` ```out ````) rather than code to run.

The site styles them apart from code (`output_opening`: the class `polydocs-output`), the snippet checker
does not run them and the site puts no evidence badge on them (`is_output`, read by `snippets/regions.py`).
"""

from __future__ import annotations

import re

# The second word of ```` ```python out ````; a lone ```` ```out ```` / ```` ```output ```` is output too.
OUTPUT_WORDS = frozenset({"out", "output"})
OUTPUT_CLASS = "polydocs-output"
_LANGUAGE = re.compile(r"^[\w#.+-]+$")


def is_output(info: str) -> bool:
    """Whether a fence with this info string shows output (`python out`, `py output`, `out`)."""
    words = info.lower().split()
    return bool(words) and (words[0] in OUTPUT_WORDS or (len(words) > 1 and words[1] in OUTPUT_WORDS))


def output_opening(info: str) -> str | None:
    """The info string that gives an output block its class (`{.python .polydocs-output}`), highlighted
    in its language (`text` for a bare ```` ```out ````); None for a fence that is no output block."""
    words = info.split()
    if not is_output(info) or not _LANGUAGE.match(words[0]):
        return None
    language = "text" if words[0].lower() in OUTPUT_WORDS else words[0]
    return f"{{.{language} .{OUTPUT_CLASS}}}"
