"""Golden cases: `cases/<construct>/<case>.md` renders to `<case>.html`, its warnings to `<case>.warnings`.

A case's context comes from `cases/<construct>/_context.yml`, overridden by `<case>.context.yml` (both
optional): `lang`, `page_local` (default: the case name), `known_pages`, `line_offset`, `iframe_hosts`, `api`,
`include_root` (relative to the case's folder: the case is then a file whose `<literalinclude>`s read there).
Run `pytest tests/markup --update-golden` to rewrite the expectations; the diff is printed.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml

from polydocs.markup import MarkupContext, render
from polydocs.sources import language_of
from polydocs.sources.api_inventory import ApiInventory

CASES = Path(__file__).parent / "cases"


def _case_files() -> list[Path]:
    return sorted(CASES.glob("*/*.md"))


def _context_for(case: Path) -> MarkupContext:
    settings: dict[str, object] = {}
    for source in (case.parent / "_context.yml", case.with_suffix(".context.yml")):
        if source.exists():
            settings.update(yaml.safe_load(source.read_text(encoding="utf-8")) or {})
    lang = str(settings.get("lang", "en"))
    page_local = str(settings.get("page_local", case.stem))
    context = MarkupContext(
        path=f"docs_src/{lang}/{page_local}.md",
        lang=language_of(lang),
        line_offset=int(str(settings.get("line_offset", 0))),
        page_local=page_local,
        known_pages=frozenset(str(page) for page in settings.get("known_pages", []) or []),  # type: ignore[attr-defined]
    )
    if "include_root" in settings:  # the case is a file whose `<literalinclude>`s read below that folder
        context.source_file = case
        context.include_root = (case.parent / str(settings["include_root"])).resolve()
    if "iframe_hosts" in settings:
        context.iframe_hosts = tuple(settings["iframe_hosts"])  # type: ignore[arg-type]
    if "api" in settings:
        context.api = ApiInventory.from_config(settings["api"])  # type: ignore[arg-type]
    return context


def _check(path: Path, actual: str, update: bool, capsys: pytest.CaptureFixture[str]) -> str | None:
    """Compare with the golden file (or rewrite it); the diff when they differ."""
    expected = path.read_text(encoding="utf-8") if path.exists() else ""
    if actual == expected:
        return None
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True), str(path), "actual"
        )
    )
    if update:
        path.write_text(actual, encoding="utf-8")
        with capsys.disabled():
            print(f"\nupdated {path}\n{diff}")
        return None
    return diff


@pytest.mark.parametrize("case", _case_files(), ids=lambda case: f"{case.parent.name}/{case.stem}")
def test_golden_case(
    case: Path,
    request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str],
) -> None:
    update = bool(request.config.getoption("--update-golden", default=False))
    context = _context_for(case)
    html = render(case.read_text(encoding="utf-8"), context)
    warnings = [str(diagnostic) for diagnostic in context.warnings]
    problems = [
        diff
        for diff in (
            _check(case.with_suffix(".html"), html + "\n", update, capsys),
            _check(case.with_suffix(".warnings"), "".join(w + "\n" for w in warnings), update, capsys),
        )
        if diff
    ]
    assert not problems, "golden files differ (rerun with --update-golden to accept):\n" + "\n".join(problems)
