"""Every diagnostic code is declared once (a construct's with its construct, the others in polydocs.codes;
`polydocs.codes.CODES` gathers them all), listed in docs/linting.md, and explained by the guide section its
help link names; the sources emit no code that is not declared."""

from __future__ import annotations

import re
from pathlib import Path

from emitted_codes import emitted_codes
from polydocs.codes import CODES
from polydocs.guide import github_anchor

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _section(page: str, heading: str) -> str:
    """The text of a guide page's section: from its heading to the next heading of its level or above."""
    text = (DOCS / page).read_text(encoding="utf-8")
    headings = list(re.finditer(r"^(#{1,6}) (.+)$", text, re.MULTILINE))
    for position, found in enumerate(headings):
        if github_anchor(found[2]) == github_anchor(heading):
            level = len(found[1])
            end = next((h.start() for h in headings[position + 1 :] if len(h[1]) <= level), len(text))
            return text[found.end() : end]
    raise AssertionError(f"docs/{page} has no heading {heading!r}")


def test_every_code_the_sources_emit_is_declared() -> None:
    emitted = emitted_codes()
    assert len({code.text for code in emitted}) > 100  # the scan still finds the constructors' calls
    missing = [
        f"{code.where}: {code.text}"
        for code in emitted
        if not (any(re.fullmatch(code.text, name) for name in CODES) if code.pattern else code.text in CODES)
    ]
    assert not missing, (
        "codes emitted but declared nowhere (a construct's code in its module's CODES, any other in "
        "polydocs/codes.py):\n" + "\n".join(missing)
    )


def test_every_declared_code_is_listed_and_explained_where_its_help_link_points() -> None:
    listing = (DOCS / "linting.md").read_text(encoding="utf-8")
    unlisted = [name for name in CODES if f"`{name}`" not in listing]
    assert not unlisted, f"codes docs/linting.md does not list: {unlisted}"
    unexplained = [
        f"{code.name}: docs/{code.page}#{github_anchor(code.section)}"
        for code in CODES.values()
        if f"`{code.name}`" not in _section(code.page, code.section)
    ]
    assert not unexplained, "codes their help section does not name:\n" + "\n".join(unexplained)


def test_every_code_the_rules_table_lists_is_declared() -> None:
    table = _section("linting.md", "Rules and their codes").split("\n### ")[0]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| `")]
    listed = {name for row in rows for name in re.findall(r"`([a-z][a-z-]*)`", row[1])}
    assert listed - set(CODES) == set()
