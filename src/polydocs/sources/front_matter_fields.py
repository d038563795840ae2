"""The fields of a page's front matter the site reads, made safe before any template sees them: every field
the theme or MkDocs reads is checked or escaped, and any other field is dropped.

Material prints most front matter into the page as HTML without escaping it (`subtitle` into every page's
navigation, `status` into a class attribute, `revision_date` into the page, `title` and `tags` into the
search results), includes `.icons/<icon>.svg`, tests `"toc" in hide`, and MkDocs renders the page with
the template `template` names: a page could put markup into every page of its language, or stop the
language's build. So each field is declared here, with what is allowed, and each problem is a
`front-matter` warning at the field's line, naming the field and what is allowed. The list follows
Material 9.8's templates and search plugin (docs/trust.md, "Front matter"). The build applies it to each
page it publishes (`site/plugin.py`), lint to each page it reads (`lint/rules/front_matter.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from polydocs.diagnostics import Diagnostic
from polydocs.guide import guide_url

CODE = "front-matter"
_ICON = re.compile(r"^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)+$")  # read whole (`fullmatch`)
_HIDDEN_PARTS = ("navigation", "toc", "footer", "path", "tags", "feedback")
_STATUSES = ("new", "deprecated")
# Up to the line's first `:` (the caller strips the key): a lazy key before `\s*:` read a run of blanks
# again from each of its characters, quadratic in the line (issue 35, family 9).
_TOP_LEVEL_KEY = re.compile(r"^(?P<key>[^\s#:'\"-][^:]*+):")


class _Refused(Exception):
    """The value is not allowed; the field is dropped."""


@dataclass(frozen=True)
class _Field:
    # What is allowed, as the warning says it.
    allowed: str
    # The value as templates may print it; raises _Refused.
    made_safe: Callable[[Any, Callable[[str], bool]], Any]


def _text(value: Any, _: Callable[[str], bool]) -> Markup:
    """Text, escaped once: `Markup` is printed as it is where the theme does not escape, and not
    escaped again where it does (`| e`), so it reads the same everywhere."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise _Refused
    return escape(str(value))


def _texts(value: Any, icon_exists: Callable[[str], bool]) -> list[Markup]:
    if not isinstance(value, list):
        raise _Refused
    return [_text(item, icon_exists) for item in value]


def _hidden_parts(value: Any, _: Callable[[str], bool]) -> list[str]:
    if not isinstance(value, list) or not all(item in _HIDDEN_PARTS for item in value):
        raise _Refused
    return list(value)


def _status(value: Any, _: Callable[[str], bool]) -> str:
    if value not in _STATUSES:
        raise _Refused
    return str(value)


def _icon(value: Any, icon_exists: Callable[[str], bool]) -> str:
    if not (isinstance(value, str) and _ICON.fullmatch(value) and icon_exists(value)):
        raise _Refused
    return value


def _search(value: Any, _: Callable[[str], bool]) -> dict[str, Any]:
    if not isinstance(value, dict) or not set(value) <= {"exclude", "boost"}:
        raise _Refused
    if "exclude" in value and not isinstance(value["exclude"], bool):
        raise _Refused
    boost = value.get("boost", 1)
    if isinstance(boost, bool) or not isinstance(boost, (int, float)):
        raise _Refused
    return dict(value)


def _never(value: Any, _: Callable[[str], bool]) -> Any:
    raise _Refused


_TEXT = "text"
FIELDS: dict[str, _Field] = {
    "title": _Field(_TEXT, _text),
    "description": _Field(_TEXT, _text),
    "author": _Field(_TEXT, _text),
    "subtitle": _Field(_TEXT, _text),
    "revision_date": _Field(_TEXT, _text),
    "git_revision_date_localized": _Field(_TEXT, _text),
    "git_creation_date_localized": _Field(_TEXT, _text),
    "tags": _Field("a list of texts", _texts),
    "hide": _Field(f"a list of {', '.join(_HIDDEN_PARTS)}", _hidden_parts),
    "status": _Field(" or ".join(_STATUSES), _status),
    "icon": _Field("the name of one of the theme's icons, like `material/rocket`", _icon),
    "search": _Field("`exclude: true|false` and `boost: <number>`", _search),
    "template": _Field("nothing: pages do not choose the theme's templates", _never),
}


def front_matter_problems(
    meta: MutableMapping[str, Any], path: str, text: str, icon_exists: Callable[[str], bool]
) -> list[Diagnostic]:
    """Check or escape every field of `meta` (read from the page `text` at `path`), in place: a value
    not allowed, and a field the site does not read, are dropped; returns a problem at each one's line."""
    lines = _key_lines(text)
    problems = []
    for key in list(meta):
        field = FIELDS.get(str(key))
        line = lines.get(str(key), 1)
        if field is None:
            del meta[key]
            problems.append(_problem(path, line, f"`{key}:` is no field the site reads; it is ignored"))
            continue
        try:
            meta[key] = field.made_safe(meta[key], icon_exists)
        except _Refused:
            shown = _shown(meta.pop(key))
            message = f"`{key}: {shown}` is not allowed (`{key}` takes {field.allowed}); it is ignored"
            problems.append(_problem(path, line, message))
    return problems


def theme_icon_exists(theme_dirs: list[str]) -> Callable[[str], bool]:
    """Whether `.icons/<name>.svg` is in one of the theme's folders (the file Material includes)."""
    return lambda name: any((Path(folder) / ".icons" / f"{name}.svg").is_file() for folder in theme_dirs)


def _key_lines(text: str) -> dict[str, int]:
    """The line of each top-level key of the page's front matter (1-based; the page's first line is
    the opening `---`)."""
    found: dict[str, int] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines[1:], start=2):
        if line.rstrip() in ("---", "..."):
            break
        match = _TOP_LEVEL_KEY.match(line)
        if match is not None:
            found.setdefault(match["key"].strip(), number)
    return found


def _shown(value: Any) -> str:
    shown = repr(value) if isinstance(value, str) else str(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _problem(path: str, line: int, message: str) -> Diagnostic:
    hint = f"fix or remove the field ({guide_url('trust.md', 'Front matter')})"
    return Diagnostic(path, line, CODE, message, hint)
