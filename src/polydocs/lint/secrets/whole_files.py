"""Which files that are no pages detect-secrets needs to scan: those in which some line of a reading its
`scan_file` makes is one a plugin reports anything on (`prefilter.lines_worth_scanning`); in any other
file it can find nothing.

`scan_file` reads a file as its transformers read it (YAML, INI pairs) or else line by line, then, when
that found nothing, as its eager transformers read it (INI with a section header added). A file no
transformer reads is judged by its lines, each distinct line of the files of one extension asked once
(what a plugin reports on a line depends on the line and the file's extension only: the keyword
plugin's table), as the pages' scan does; a file a transformer reads is judged by its readings alone.
On diffusers' 2,232 tracked files that are no pages, 11 in 400 are handed over; the others' lines would
each have gone through every filter detect-secrets runs, most of `polydocs init`'s time before.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from detect_secrets.plugins.base import BasePlugin

from polydocs.lint.secrets.prefilter import lines_worth_scanning

# A file's readings as scan_file makes them: (its first reading, its eager one, whether a transformer
# made either); None where it cannot be read so, and detect-secrets decides as it always does.
_Readings = tuple[list[str], list[str], bool]


def files_worth_scanning(plugins: Sequence[BasePlugin], paths: Iterable[Path]) -> set[Path]:
    """The files of `paths` in which detect-secrets' `scan_file` could find anything."""
    worth: set[Path] = set()
    by_extension: dict[str, dict[Path, list[str]]] = {}
    for path in paths:
        readings = _readings(path)
        if readings is None:
            worth.add(path)
        elif readings[2]:
            if any(_any_kept(plugins, path.name, lines) for lines in readings[:2]):
                worth.add(path)
        else:
            by_extension.setdefault(os.path.splitext(path.name)[1], {})[path] = readings[0]
    for extension, files in by_extension.items():
        distinct = list(dict.fromkeys(line for lines in files.values() for line in lines))
        kept = lines_worth_scanning(plugins, f"lines{extension}", distinct)
        kept_lines = set(distinct) if kept is None else {distinct[index] for index in kept}
        worth |= {path for path, lines in files.items() if not kept_lines.isdisjoint(lines)}
    return worth


def _readings(path: Path) -> _Readings | None:
    from detect_secrets.transformers import get_transformed_file

    try:
        with open(path) as file:  # as scan_file opens it: the same encoding, the same newlines
            first = get_transformed_file(file)  # type: ignore[arg-type]
            lines = first or file.readlines()
            file.seek(0)
            eager = get_transformed_file(file, use_eager_transformers=True)  # type: ignore[arg-type]
    except (OSError, UnicodeDecodeError):
        return None
    # detect-secrets gives plugins each line without its trailing whitespace.
    return [line.rstrip() for line in lines], [line.rstrip() for line in eager or []], bool(first or eager)


def _any_kept(plugins: Sequence[BasePlugin], filename: str, lines: list[str]) -> bool:
    if any("\n" in line for line in lines):
        return True  # a transformed value spanning lines: not lines the prefilter reads
    kept = lines_worth_scanning(plugins, filename, lines)
    return kept is None or bool(kept)
