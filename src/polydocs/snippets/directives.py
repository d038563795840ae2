"""`<!-- polydocs: ... -->` comments before a code block: what the checker should do with it."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from polydocs.diagnostics import Diagnostic
from polydocs.guide import guide_url
from polydocs.snippets.environment import CHECKER_VARIABLES, NAME_PATTERN, changes_how_programs_load

COMMENT_PATTERN = re.compile(r"\A\s*<!--\s*polydocs:(?P<body>.*?)-->\s*\Z", re.DOTALL)
# The benchmark table placeholder belongs to polydocs.bench, not to the snippet checker.
FOREIGN_FIRST_WORDS = frozenset({"benchmarks"})
REQUIREMENTS = ("cuda",)


@dataclass(frozen=True)
class SetupCode:
    """Hidden code from a `<!-- polydocs: setup ... -->` comment; `first_line` is its first code line."""

    code: str
    first_line: int


@dataclass(frozen=True)
class Directives:
    """Everything the comments before one code block asked for."""

    skip: bool = False
    reason: str = ""
    requires: str = ""
    raises: str = ""
    fresh: bool = False
    timeout: float | None = None
    setup: tuple[SetupCode, ...] = field(default=())
    # (NAME, value) pairs from `env=NAME=value`; value None for `env=NAME` (the checker's value).
    env: tuple[tuple[str, str | None], ...] = field(default=())

    def key(self) -> str:
        """A stable text form, part of the result-cache key."""
        # Not the skip reason: translations translate it, and the checker reads it from the page itself.
        setup = "|".join(s.code for s in self.setup)
        return repr((self.skip, self.requires, self.raises, self.fresh, self.timeout, setup, self.env))

    def skip_reason(self, device: str) -> str:
        """Why the block does not run on `device`; empty when it runs."""
        if self.requires == "cuda" and device != "cuda":
            return "requires cuda"
        return self.reason or "skipped by directive" if self.skip else ""


class _DirectiveValueError(ValueError):
    pass


def _flag(value: str | None) -> bool:
    if value is not None:
        raise _DirectiveValueError("takes no value")
    return True


def _text(value: str | None) -> str:
    if not value:
        raise _DirectiveValueError('needs a value, e.g. KEY="..."')
    return value


def _requirement(value: str | None) -> str:
    if value not in REQUIREMENTS:
        raise _DirectiveValueError(f"must be one of: {', '.join(REQUIREMENTS)}")
    return value


def _exception_name(value: str | None) -> str:
    if not value or not re.fullmatch(r"[A-Za-z_][\w.]*", value):
        raise _DirectiveValueError("needs an exception class name, e.g. raises=ValueError")
    return value


def _seconds(value: str | None) -> float:
    try:
        seconds = float(value or "")
    except ValueError:
        raise _DirectiveValueError("needs a number of seconds, e.g. timeout=600") from None
    if seconds <= 0:
        raise _DirectiveValueError("must be positive")
    return seconds


def _environment_variable(value: str | None) -> tuple[tuple[str, str | None], ...]:
    name, has_value, text = (value or "").partition("=")
    if not NAME_PATTERN.fullmatch(name):
        raise _DirectiveValueError(
            "needs a variable name, e.g. env=NAME (the checker's value) or env=NAME=value"
        )
    if name in CHECKER_VARIABLES:
        raise _DirectiveValueError(f"cannot set {name}: the checker sets it for every session")
    if changes_how_programs_load(name):
        raise _DirectiveValueError(
            f"cannot set {name}: it changes how programs or libraries load, and no page may; "
            "drop the directive"
        )
    return ((name, text if has_value else None),)


# Options as data: each key, the Directives field it sets and its validator.
_KEYS: dict[str, tuple[str, Callable[[str | None], object]]] = {
    "skip": ("skip", _flag),
    "reason": ("reason", _text),
    "requires": ("requires", _requirement),
    "raises": ("raises", _exception_name),
    "fresh": ("fresh", _flag),
    "timeout": ("timeout", _seconds),
    "env": ("env", _environment_variable),
}
# Keys that may be given more than once; their values add up instead of replacing each other.
_REPEATABLE = frozenset({"env"})


def is_polydocs_comment(html: str) -> bool:
    """True for a `<!-- polydocs: ... -->` comment meant for the snippet checker."""
    match = COMMENT_PATTERN.match(html)
    if not match:
        return False
    words = match.group("body").split()
    return not (words and words[0] in FOREIGN_FIRST_WORDS)


def parse_comment(
    html: str, path: str, line: int, into: Directives, problems: list[Diagnostic]
) -> Directives:
    """Merge one comment starting at `line` into `into`; problems go to `problems`."""
    match = COMMENT_PATTERN.match(html)
    assert match, "call is_polydocs_comment first"
    body = match.group("body")
    first, _, rest = body.partition("\n")
    if first.split() and first.split()[0] == "setup":
        if first.split()[1:]:
            problems.append(_problem(path, line, "`setup` takes no options; put them in a separate comment"))
        code = rest.rstrip()
        setup = SetupCode(code + "\n", line + 1)
        return replace(into, setup=(*into.setup, setup))
    try:
        words = shlex.split(body)
    except ValueError as error:
        problems.append(_problem(path, line, f"cannot read the directive ({error})"))
        return into
    values: dict[str, object] = {}
    for word in words:
        key, has_value, value = word.partition("=")
        if key not in _KEYS:
            known = ", ".join([*_KEYS, "setup"])
            problems.append(_problem(path, line, f"unknown key `{key}` (known: {known})"))
            continue
        name, validate = _KEYS[key]
        try:
            validated = validate(value if has_value else None)
        except _DirectiveValueError as error:
            problems.append(_problem(path, line, f"`{key}` {error}"))
            continue
        if key in _REPEATABLE:
            validated = values.get(name, getattr(into, name)) + validated  # type: ignore[operator]
        values[name] = validated
    if "reason" in values and not values.get("skip", into.skip):
        problems.append(_problem(path, line, "`reason` only goes with `skip`"))
    return replace(into, **values)  # type: ignore[arg-type]


def _problem(path: str, line: int, message: str) -> Diagnostic:
    return Diagnostic(
        path,
        line,
        "snippet-directive",
        message,
        f"write `<!-- polydocs: KEY[=VALUE] ... -->` as {guide_url('checking.md', 'Directives')} describes",
        "error",
    )
