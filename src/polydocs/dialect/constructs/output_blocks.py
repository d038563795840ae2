"""Output blocks: the fences that show what code printed (```` ```python out ````, ```` ```py output ````,
```` ```out ````) rather than code to run; and interactive sessions, doc-builder's other output convention,
where the lines after `>>>` and `...` prompts are code and every other line is what it printed.

The site styles output apart from code (`output_opening`: the class `polydocs-output`; a session is
highlighted as a Python console, its output lines apart from its prompts, `SESSION_OPENING`); the snippet
checker runs no output block and only the prompted lines of a session (`is_output`, `is_session`, read by
`snippets/regions.py`), and the site puts no evidence badge on an output block.
"""

from __future__ import annotations

import re

# The second word of ```` ```python out ````; a lone ```` ```out ```` / ```` ```output ```` is output too.
OUTPUT_WORDS = frozenset({"out", "output"})
OUTPUT_CLASS = "polydocs-output"
SESSION_CLASS = "polydocs-session"
# A session highlighted as a Python console: prompts, code and the lines it printed told apart.
SESSION_OPENING = f"{{.pycon .{SESSION_CLASS}}}"
# Fences that may hold an interactive session (`>>>` prompts) even without a Python info string.
SESSION_LANGUAGES = frozenset({"", "py", "python", "python3", "pycon", "python-repl", "doctest"})
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


def is_session(info: str, content: str) -> bool:
    """Whether a fence holds an interactive session: a Python (or unnamed) fence whose code starts at a
    `>>>` prompt."""
    words = info.split()
    first = words[0].lower() if words else ""
    return first in SESSION_LANGUAGES and content.lstrip().startswith(">>>")
