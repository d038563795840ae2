"""Which lines detect-secrets needs to see: those on which at least one enabled plugin reports something.

detect-secrets runs every plugin over every line, then its filters per candidate, in Python: most of a
cold build's secret scan. Its plugins only ever report a match of their own regexes on the line, so a
line is first kept for a plugin when it holds one of the literals every match of those regexes contains
(`required_literals.py`, looked for in the joined lines at C speed), then asked of the plugin itself
(`analyze_line`, before any filter): a line no plugin reports anything on can have no finding, whatever
the filters say. The lines kept are the lines detect-secrets would report on, and some more. A
whole file (a tracked file that is no page) is scanned by detect-secrets only when some line of what
it reads is kept (`whole_files.py`).

Only plugins of a kind read here are trusted to judge a line alone: a kind is the pair of methods it
finds secrets with, each reviewed in detect-secrets 1.5 (what it reads: the line, the file's suffix;
the context of lines around it only to verify a secret against its service, which our settings never
turn on). A plugin of any other kind, or whose regexes are not compiled text patterns, could look
anywhere: then there is no prefilter and every line is scanned.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from detect_secrets.plugins.base import BasePlugin, RegexBasedDetector
from detect_secrets.plugins.high_entropy_strings import HighEntropyStringsPlugin
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.keyword import KeywordDetector
from detect_secrets.util.code_snippet import get_code_snippet

from polydocs.lint.secrets.required_literals import Literals, fold, required_literals


def _denylist(plugin: BasePlugin, filename: str) -> Iterable[object]:
    return plugin.denylist  # type: ignore[attr-defined, no-any-return]


def _quoted_string(plugin: BasePlugin, filename: str) -> Iterable[object]:
    # The unquoted regex of `non_quoted_string_regex` is only used with `enable_eager_search`, which
    # detect-secrets passes for ad hoc strings (`scan_line`), never when scanning a file.
    return [plugin.regex]  # type: ignore[attr-defined]


def _keyword_table(plugin: BasePlugin, filename: str) -> Iterable[object]:
    from detect_secrets.plugins import keyword
    from detect_secrets.util.filetype import determine_file_type

    # `KeywordDetector.analyze_line` picks its table by the file's type, the quotes-required one by default.
    default = keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP
    return list(keyword.REGEX_BY_FILETYPE.get(determine_file_type(filename), default))


# (analyze_line, analyze_string) -> the regexes whose matches are all that plugin can report.
_KINDS: dict[tuple[object, object], Callable[[BasePlugin, str], Iterable[object]]] = {
    (BasePlugin.analyze_line, RegexBasedDetector.analyze_string): _denylist,
    # Yields the matches of its denylist that decode as a JWT: fewer, never others.
    (BasePlugin.analyze_line, JwtTokenDetector.analyze_string): _denylist,
    (HighEntropyStringsPlugin.analyze_line, HighEntropyStringsPlugin.analyze_string): _quoted_string,
    (KeywordDetector.analyze_line, KeywordDetector.analyze_string): _keyword_table,
}


def _regexes(plugin: BasePlugin, filename: str) -> list[re.Pattern[str]] | None:
    """The regexes `plugin` reports matches of, on a file named `filename`; None: a kind not read here."""
    kind = (type(plugin).analyze_line, type(plugin).analyze_string)
    read = _KINDS.get(kind)
    found = list(read(plugin, filename)) if read else []
    regexes = [r for r in found if isinstance(r, re.Pattern) and isinstance(r.pattern, str)]
    return regexes if read and len(regexes) == len(found) else None


def lines_worth_scanning(
    plugins: Sequence[BasePlugin], filename: str, lines: Sequence[str]
) -> set[int] | None:
    """The indices of `lines` (in a file named `filename`; no line holds a line break, as from
    `str.splitlines`) on which some plugin reports something; None when a plugin is of a kind this
    cannot read, and every line must be scanned."""
    regexes = {id(plugin): _regexes(plugin, filename) for plugin in plugins}
    if any(found is None for found in regexes.values()):
        return None
    # detect-secrets gives plugins each line without its trailing whitespace.
    stripped = [line.rstrip() for line in lines]
    texts = _JoinedLines(stripped)
    kept: set[int] = set()
    for plugin in plugins:
        own = regexes[id(plugin)] or []
        candidates = texts.containing([_required(regex) for regex in own])
        kept |= {i for i in candidates - kept if _reports(plugin, own, filename, stripped[i])}
    return kept


@cache
def _required(regex: re.Pattern[str]) -> Literals | None:
    return required_literals(regex)


def _reports(plugin: BasePlugin, regexes: list[re.Pattern[str]], filename: str, line: str) -> bool:
    """Whether `plugin` reports anything on `line`: a match of one of its regexes (the cheap question),
    then the plugin's own answer."""
    if not any(regex.search(line) for regex in regexes):
        return False
    snippet = get_code_snippet([line], 1)
    return bool(plugin.analyze_line(filename=filename, line=line, line_number=1, context=snippet))


class _JoinedLines:
    """The lines joined once as they are and once folded (for literals of regexes ignoring case)."""

    def __init__(self, lines: list[str]) -> None:
        self.count = len(lines)
        folded = fold("\n".join(lines)).split("\n")  # folding neither makes nor takes a newline
        self.texts = {False: _Joined(lines), True: _Joined(folded)}

    def containing(self, requirements: list[Literals | None]) -> set[int]:
        """Lines holding one of the literals of any requirement; every line if one is unknown."""
        if any(literals is None for literals in requirements):
            return set(range(self.count))
        found: set[int] = set()
        for literals in requirements:
            assert literals is not None
            for literal in _fewest(literals.strings):
                found |= self.texts[literals.folded].lines_holding(literal)
        return found


class _Joined:
    def __init__(self, lines: list[str]) -> None:
        # No line holds a newline (they come from `str.splitlines`), so a literal without one found in
        # the joined text lies within one line; one with a newline is found in no line.
        self.lines = lines
        self.text = "\n".join(lines)
        self.starts = [0]
        for line in lines:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.found: dict[str, set[int]] = {}  # the plugins' regexes share literals (the keyword tables)

    def lines_holding(self, literal: str) -> set[int]:
        if literal not in self.found:
            self.found[literal] = self._search(literal) if "\n" not in literal else set()
        return self.found[literal]

    def _search(self, literal: str) -> set[int]:
        found: set[int] = set()
        at = self.text.find(literal)
        while at >= 0:
            if len(found) > len(self.lines) // 8:
                # A literal in many lines (`.`, a quote): asking each line costs less than finding each.
                return found | {i for i, line in enumerate(self.lines) if literal in line}
            line = bisect_right(self.starts, at) - 1
            found.add(line)
            at = self.text.find(literal, self.starts[line + 1])
        return found


@cache  # the same few sets of literals for every file, and each costs thousands of set operations
def _fewest(strings: frozenset[str], shortest: int = 3) -> tuple[str, ...]:
    """Fewer, shorter strings one of which each of `strings` holds: a line holding none of them holds
    none of `strings` (`api_key`, `apikey`, `db_pass`, `password` -> `key`, `pass`). Each is a pass over
    the whole text, so few cost less than exact ones, though they keep more lines for the plugins."""
    uncovered = set(strings)
    chosen: list[str] = []
    while uncovered:
        pieces = {
            s[start : start + size]
            for s in uncovered
            for size in range(min(shortest, len(s)), len(s) + 1)
            for start in range(len(s) - size + 1)
        }
        best = max(pieces, key=lambda piece: (sum(piece in s for s in uncovered), len(piece), piece))
        chosen.append(best)
        uncovered = {s for s in uncovered if best not in s}
    return tuple(chosen)
