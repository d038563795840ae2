#!/usr/bin/env python3
"""Fuzz every regular expression polydocs applies to page text; print per-pattern times at n and 4n, and flag
super-linear growth.

The patterns are the compiled `re.Pattern`s of the modules of polydocs' page-reading packages (module
globals and class attributes): dialect, markup, lint, notebooks, translate, site, sources, snippets. Each
is run (`finditer` from every position, and `fullmatch`) on long runs of every special character of the
dialect, alone, alternating with a letter or a space, and after the openers of its constructs (`<a `,
`[`, `` ` ``, `<!--`, ...), and on those openers repeated, never ended. A pattern whose time grows more
than `FLAGGED` times from n to 4n characters (a linear one grows about 4 times, a quadratic one 16) is
measured again, the best of seven runs of each size taken in turns, and flagged if it still does.
Times are the best of the runs, in milliseconds.

`tests/test_pattern_growth.py` runs the same fuzz at a small size and fails on a flagged pattern.
Usage: .venv/bin/python scripts/bench_patterns.py [--size N] [--all] [--package polydocs.dialect ...]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import pkgutil
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

PACKAGES = (
    "polydocs.dialect",
    "polydocs.markup",
    "polydocs.lint",
    "polydocs.notebooks",
    "polydocs.translate",
    "polydocs.site",
    "polydocs.sources",
    "polydocs.snippets",
)
# The special characters of the doc-builder dialect and of the Markdown and HTML it extends.
CHARACTERS = "[](){}<>`*_$\\|!:#~-=&\"'@+./?;%^ \t\n"
# What opens a construct: a run after one of these reaches the inside of the patterns that read it.
OPENERS = (
    *("", "<a ", "<", "[", "![", "[[", "`", "```", "&", "<!--", "- ", "> ", "#", "{", "\\", "http://", "a="),
    *(
        "<iframe>",
        "<Tip>",
        '<hfoption id="',
        "<!-- polydocs:",
        "{#if fw",
        "[[autodoc]] ",
        "> [!",
        "](",
        "```py\n",
    ),
)
# The openers the unit test tries (every one of them costs the benchmark's minutes).
TEST_OPENERS = ("", "<a ", "<", "#", "[", "> ", "```", "<iframe>", "<!--", "<!-- polydocs:", "<hfoptions ")
FLAGGED = 10.0
# Patterns polydocs reads only with `match` at successive positions, stopping at the first that fails
# (a tokenizer): measured where they are read, not searched from every position.
READ_AT_ONE_POSITION = frozenset({"polydocs.markup._html_tokens._PLAIN"})
QUICK = 5e-4
MOST_FLAGS = 3


@dataclass(frozen=True)
class NamedPattern:
    name: str
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Growth:
    pattern: str
    input: str
    small: float
    large: float

    @property
    def ratio(self) -> float:
        return self.large / self.small if self.small > 0 else 0.0


def page_patterns(packages: tuple[str, ...] = PACKAGES) -> list[NamedPattern]:
    """Every distinct compiled pattern of the modules of `packages`, named where it is defined."""
    found: dict[tuple[str, int], NamedPattern] = {}
    for module in _modules(packages):
        for owner_name, owner in [(module.__name__, module), *_classes(module)]:
            for name, value in sorted(vars(owner).items()):
                if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                    key = (value.pattern, value.flags)
                    found.setdefault(key, NamedPattern(f"{owner_name}.{name}", value))
    return sorted(found.values(), key=lambda named: named.name)


def _modules(packages: tuple[str, ...]) -> Iterator[object]:
    for package_name in packages:
        package = importlib.import_module(package_name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            try:
                yield importlib.import_module(info.name)
            except ImportError:  # an optional dependency missing (MkDocs where only the checker runs)
                continue


def _classes(module: object) -> list[tuple[str, object]]:
    return [
        (f"{module.__name__}.{name}", value)  # type: ignore[attr-defined]
        for name, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == module.__name__  # type: ignore[attr-defined]
    ]


def hostile_inputs(openers: tuple[str, ...] = OPENERS) -> list[tuple[str, Callable[[int], str]]]:
    """(label, text of about n characters for n) for every character, shape and opener."""
    inputs: list[tuple[str, Callable[[int], str]]] = []
    for character in CHARACTERS:
        for opener in openers:
            inputs.append((f"{opener}{character!r}*n", lambda n, c=character, o=opener: o + c * n))
        inputs.append((f"({character!r}+'a')*n", lambda n, c=character: (c + "a") * (n // 2)))
        inputs.append((f"({character!r}+' ')*n", lambda n, c=character: (c + " ") * (n // 2)))
    for opener in filter(None, openers):  # a construct opened again and again, never closed
        inputs.append((f"{opener!r}*n", lambda n, o=opener: o * (n // len(o))))
        inputs.append((f"({opener!r}+'x\\n')*n", lambda n, o=opener: (o + "x\n") * (n // (len(o) + 2))))
    return inputs


def _seconds(work: Callable[[], object], repeats: int) -> float:
    """The best time of `repeats` runs; a run too short to time is repeated until it lasts 0.2 ms. The
    garbage collector is off meanwhile, as `timeit` has it: the match objects of a long text would
    otherwise start collections that look like super-linear growth."""
    with _collector_off():
        return _best(work, repeats)


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _once(work: Callable[[], object]) -> float:
    with _collector_off():
        started = time.perf_counter()
        work()
        return time.perf_counter() - started


def _best(work: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        loops, elapsed = 1, 0.0
        while True:
            started = time.perf_counter()
            for _ in range(loops):
                work()
            elapsed = time.perf_counter() - started
            if elapsed >= 2e-4 or loops >= 1024:
                break
            loops *= 4
        best = min(best, elapsed / loops)
    return best


def _run(named: NamedPattern, text: str) -> Callable[[], object]:
    pattern = named.pattern

    def search_everywhere() -> None:
        for _ in pattern.finditer(text):
            pass
        pattern.fullmatch(text)

    def match_here() -> None:
        pattern.match(text)
        pattern.fullmatch(text)

    return match_here if named.name in READ_AT_ONE_POSITION else search_everywhere


def growth(named: NamedPattern, label: str, make: Callable[[int], str], size: int, repeats: int) -> Growth:
    """The best times at `size` and 4 x `size`, measured in turns, so that both see the same machine (on a
    loaded one, timing one size and then the other made linear patterns look 8 to 13 times slower)."""
    small_work, large_work = _run(named, make(size)), _run(named, make(4 * size))
    small = large = float("inf")
    for _ in range(repeats):
        small = min(small, _seconds(small_work, 1))
        large = min(large, _seconds(large_work, 1))
    return Growth(named.name, label, small, large)


def flagged_growth(
    patterns: list[NamedPattern],
    size: int,
    report: Callable[[Growth], None] | None = None,
    openers: tuple[str, ...] = OPENERS,
) -> list[Growth]:
    """Every (pattern, input) whose time grows more than `FLAGGED` times from `size` to 4 x `size`. An input
    the pattern reads at 4 x `size` in less than `QUICK` seconds is linear enough to skip (a quadratic
    pattern reads 4 x 4,000 characters in milliseconds); the others are timed at both sizes, and a
    flagged one again as the best of seven runs of each size in turns, to rule out a busy machine."""
    flagged = []
    for named in patterns:
        flagged_here = 0
        for label, make in hostile_inputs(openers):
            if flagged_here >= MOST_FLAGS:  # one super-linear pattern is shown by a few inputs: fix it first
                break
            if _once(_run(named, make(4 * size))) < QUICK:
                continue
            first = growth(named, label, make, size, repeats=1)
            if report is not None:
                report(first)
            if first.ratio > FLAGGED:
                again = growth(named, label, make, size, repeats=7)
                if again.ratio > FLAGGED:
                    flagged.append(again)
                    flagged_here += 1
                    if report is not None:
                        report(again)
    return flagged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=4_000, help="n, the smaller size in characters")
    parser.add_argument(
        "--all", action="store_true", help="print every pattern's slowest input, not only flagged ones"
    )
    parser.add_argument("--package", action="append", help="only this package (repeatable)")
    args = parser.parse_args()
    patterns = page_patterns(tuple(args.package) if args.package else PACKAGES)
    slowest: dict[str, Growth] = {}

    def keep(result: Growth) -> None:
        if result.pattern not in slowest or result.large > slowest[result.pattern].large:
            slowest[result.pattern] = result
        if result.ratio > FLAGGED:
            print(
                f"  measuring: {result.pattern} on {result.input}: x{result.ratio:.1f}",
                file=sys.stderr,
                flush=True,
            )

    flagged = flagged_growth(patterns, args.size, keep)
    print(f"{len(patterns)} patterns x {len(hostile_inputs())} inputs, n = {args.size:,}")
    print(f"{'pattern':60} {'slowest input':22} {'n ms':>9} {'4n ms':>9} {'ratio':>6}")
    shown = slowest.values() if args.all else flagged
    for result in sorted(shown, key=lambda r: -r.large):
        mark = "  SUPER-LINEAR" if result in flagged else ""
        print(
            f"{result.pattern[:60]:60} {result.input[:22]:22} {result.small * 1e3:9.3f} "
            f"{result.large * 1e3:9.3f} {result.ratio:6.1f}{mark}"
        )
    print(f"{len(flagged)} flagged (time x{FLAGGED:g} or more from n to 4n)")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
