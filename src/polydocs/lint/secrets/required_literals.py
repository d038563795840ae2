"""The literal strings a regex cannot match without: every match contains one of them.

Read from the regex's own parse tree (`re._parser`, the parser `re.compile` runs), so that nothing about
a detect-secrets plugin is written here twice. A line that holds none of a regex's required literals
cannot hold a match of it: that is what makes `prefilter.py` a superset of what the plugins see.

Each node of the tree gives what it can say: the finite set of strings it matches exactly, when that set
is small (`AKIA`, `api(?:_|)key`), used to join neighbours into longer literals; and a set one of whose
strings every match contains. Anything this does not know (a class of many characters, a negated class,
a back-reference, an operator of a later Python) says nothing, never something false.
"""

from __future__ import annotations

import re
import re._constants as ops  # type: ignore[import-not-found]  # no stubs: the codes of re's parse tree
import re._parser as parser  # type: ignore[import-not-found]  # no stubs: re's own parser
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import Any

# Sets larger than this stop being joined (a literal of one of 64 spellings is already selective).
_MOST_SPELLINGS = 64
# Python's `re` documents that, with IGNORECASE, ASCII letters also match exactly these four characters
# (U+0130, U+0131, U+017F, U+212A); `fold` maps them to the letter they match.
_NON_ASCII_FOLDS = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}


@dataclass(frozen=True)
class Literals:
    """Strings one of which every match contains; `folded`: they are lower case, to be looked for in
    `fold(text)` (the regex ignores case there), else in the text as it is."""

    strings: frozenset[str]
    folded: bool


def fold(text: str) -> str:
    """What a case-insensitive ASCII literal is looked for in: every character that `re.IGNORECASE`
    lets match an ASCII letter becomes that letter in lower case (`tests/lint` checks it on every
    code point)."""
    for character, letter in _NON_ASCII_FOLDS.items():
        text = text.replace(character, letter)  # `str.translate` costs ten times more on a long text
    return text.lower()


@dataclass(frozen=True)
class _Facts:
    exact: Literals | None  # every string the node can match, when few
    required: Literals | None  # one of these is in every match


_NOTHING_KNOWN = _Facts(None, None)
_EMPTY = Literals(frozenset({""}), False)  # what a zero-width node (`^`, `\b`, a lookahead) matches


def required_literals(regex: re.Pattern[str]) -> Literals | None:
    """Literals one of which every match of `regex` contains; None when none can be said."""
    try:
        tree = parser.parse(regex.pattern, regex.flags)
    except (re.error, TypeError, ValueError, RecursionError):
        return None
    return _usable(_sequence(list(tree), bool(tree.state.flags & re.IGNORECASE)).required)


def _usable(literals: Literals | None) -> Literals | None:
    """A set holding the empty string requires nothing."""
    return literals if literals and "" not in literals.strings else None


def _sequence(items: list[tuple[Any, Any]], ignorecase: bool) -> _Facts:
    """Neighbours that match exactly are joined (`A` then `KIA|BIA` is `AKIA|ABIA`); the longest
    literal set among the joined runs and the other items is the requirement."""
    choices: list[Literals] = []
    run: Literals | None = _EMPTY
    whole: Literals | None = _EMPTY
    for op, argument in items:
        facts = _node(op, argument, ignorecase)
        joined = _join(run, facts.exact) if run is not None and facts.exact is not None else None
        if joined is None:
            choices += [literals for literals in (run, facts.required) if literals is not None]
            run = facts.exact
        else:
            run = joined
        whole = _join(whole, facts.exact) if whole is not None and facts.exact is not None else None
    choices += [run] if run is not None else []
    usable = [literals for literals in choices if _usable(literals)]
    best = max(usable, key=lambda lit: (min(map(len, lit.strings)), -len(lit.strings)), default=None)
    return _Facts(whole, best)


def _join(left: Literals, right: Literals) -> Literals | None:
    if len(left.strings) * len(right.strings) > _MOST_SPELLINGS:
        return None
    return _literals((a + b for a, b in product(left.strings, right.strings)), left.folded or right.folded)


def _literals(strings: Iterable[str], folded: bool) -> Literals | None:
    """Folded strings must be ASCII: `fold` maps a text character by character only towards ASCII
    (`str.lower` is not character by character elsewhere: final sigma, dotted capital I)."""
    distinct = frozenset(strings)
    if folded and not all(s.isascii() for s in distinct):
        return None
    return Literals(frozenset(s.lower() for s in distinct) if folded else distinct, folded)


def _node(op: object, argument: Any, ignorecase: bool) -> _Facts:
    if op is ops.LITERAL:
        return _characters([argument], ignorecase)
    if op is ops.IN:
        return _character_class(argument, ignorecase)
    if op in (ops.AT, ops.ASSERT, ops.ASSERT_NOT):
        return _Facts(_EMPTY, None)  # zero-width: its neighbours are adjacent in the text
    if op is ops.SUBPATTERN:
        _, add_flags, del_flags, content = argument
        ignores = (ignorecase or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
        return _sequence(list(content), ignores)
    if op is ops.ATOMIC_GROUP:
        return _sequence(list(argument), ignorecase)
    if op is ops.BRANCH:
        return _branch(argument[1], ignorecase)
    if op in (ops.MAX_REPEAT, ops.MIN_REPEAT, getattr(ops, "POSSESSIVE_REPEAT", ops.MAX_REPEAT)):
        return _repeat(argument, ignorecase)
    return _NOTHING_KNOWN


def _characters(codes: list[Any], ignorecase: bool) -> _Facts:
    characters = [chr(code) for code in codes if isinstance(code, int)]
    if len(characters) != len(codes):
        return _NOTHING_KNOWN
    literals = _literals(characters, ignorecase)  # a non-ASCII letter ignoring case: nothing known
    return _Facts(literals, literals)


def _character_class(items: list[tuple[Any, Any]], ignorecase: bool) -> _Facts:
    codes: list[Any] = []
    for op, argument in items:
        if op is ops.LITERAL:
            codes.append(argument)
        elif op is ops.RANGE and argument[1] - argument[0] < _MOST_SPELLINGS:
            codes += range(argument[0], argument[1] + 1)
        else:
            return _NOTHING_KNOWN  # a negation, a category (`\d`, `\s`), a wide range
    return _characters(codes, ignorecase) if len(codes) <= _MOST_SPELLINGS else _NOTHING_KNOWN


def _branch(alternatives: list[list[tuple[Any, Any]]], ignorecase: bool) -> _Facts:
    facts = [_sequence(list(alternative), ignorecase) for alternative in alternatives]
    return _Facts(_union([f.exact for f in facts]), _union([_usable(f.required) for f in facts]))


def _union(sets: list[Literals | None]) -> Literals | None:
    known = [s for s in sets if s is not None]
    if not sets or len(known) < len(sets):
        return None
    union = _literals((x for s in known for x in s.strings), any(s.folded for s in known))
    return union if union and len(union.strings) <= _MOST_SPELLINGS else None


def _repeat(argument: Any, ignorecase: bool) -> _Facts:
    least, most, content = argument
    facts = _sequence(list(content), ignorecase)
    if least == 0:
        return _Facts(_union([_EMPTY, facts.exact]) if most == 1 else None, None)
    exact = facts.exact if least == most else None
    for _ in range(least - 1):
        exact = _join(exact, facts.exact) if exact and facts.exact else None
    return _Facts(exact, facts.required or facts.exact)
