"""`polydocs build` and `polydocs lint` report the same construct problems: same file, line and code.

Both run the dialect's one validation (`polydocs.dialect`); these tests run the real commands, as users
do, once each on one tree of every golden case of `tests/markup/cases/`, once each on a tree of planted
problems (those too large for a golden case: the page bounds), and on the real-world corpus where it is
present. Every code of `CONSTRUCT_CODES` (the codes each construct declares) must be reported in the first
two trees, so a new construct code comes with a case that shows build and lint agree on it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from hostile_sizes import nested_list, unterminated_tags
from polydocs.dialect import CONSTRUCT_CODES
from polydocs.dialect.inline_budget import MAX_BRACKET_STEPS
from polydocs.dialect.page_bounds import MAX_DEPTH

Location = tuple[str, int, str]
Reports = tuple[set[Location], set[Location]]  # what the build reported, what lint reported

GOLDEN_CASES = Path(__file__).parent / "markup" / "cases"

PROBLEMS = {
    "en/_toctree.yml": """
        - title: Guide
          sections:
          - local: index
            title: Home
          - local: embeds
            title: Embeds
          - local: too_deep
            title: Too deep
          - local: too_costly
            title: Too costly
          - local: brackets
            title: Brackets
        """,
    "en/index.md": """
        # Home

        > [!BOGUS]
        > An unknown callout kind.

        <Tip>

        A tip that is never closed.

        <hfoptions id="x">
        <hfoption>

        An option without an id.

        </hfoption>
        </hfoptions>

        See [the missing page](./nowhere) and [`NoSuchObjectAnywhere`].

        ```py
        print("a fence never closed")
        """,
    "en/embeds.md": """
        # Embeds

        <iframe src="https://evil.example/x" title="x"></iframe>

        <iframe src="https://huggingface.co/spaces/a/b"></iframe>

        <Youtube id="?"/>

        <SomeComponent />

        <Gallery columns={2}>

        **Shown** as Markdown.

        </Gallery>

        A formula never closed: \\\\( a_1 + a_2
        """,
    # The page bounds: too large to read as golden cases.
    "en/too_deep.md": "# Too deep\n\n" + nested_list(MAX_DEPTH + 1),
    "en/too_costly.md": "# Too costly\n\n" + unterminated_tags(1_000),
    "en/brackets.md": "# Brackets\n\n" + "[" * 500 + "x" * (MAX_BRACKET_STEPS // 500) + "\n\nAfter.\n",
}


def _write_planted_tree(root: Path) -> Path:
    for name, text in PROBLEMS.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def _case_settings(case: Path) -> dict[str, object]:
    """The case's context, as `tests/markup/test_golden.py` reads it."""
    settings: dict[str, object] = {}
    for source in (case.parent / "_context.yml", case.with_suffix(".context.yml")):
        if source.exists():
            settings.update(yaml.safe_load(source.read_text(encoding="utf-8")) or {})
    return settings


def _write_golden_tree(root: Path) -> Path:
    """Every golden case as a page of one tree: `<lang>/<construct>/<case>.md`, listed in its language's
    toctree; the folders beside the cases (what `<literalinclude>` reads) beside them; the one API
    inventory a case names (`api:`) the tree's `api_reference`, so its links resolve, or are missing."""
    pages: dict[str, list[str]] = {}
    api_references = []
    for case in sorted(GOLDEN_CASES.glob("*/*.md")):
        settings = _case_settings(case)
        lang, construct = str(settings.get("lang", "en")), case.parent.name
        target = root / lang / construct
        if not target.exists():
            for folder in (child for child in case.parent.iterdir() if child.is_dir()):
                if folder.name != "__pycache__":
                    shutil.copytree(folder, target / folder.name)
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(case, target / case.name)
        pages.setdefault(lang, []).append(f"{construct}/{case.stem}")
        if "api" in settings:
            api_references.append(settings["api"])
    assert len(api_references) <= 1, "the golden cases name several API inventories; the tree has one"
    for lang, locals_ in pages.items():
        toctree = [{"title": "Cases", "sections": [{"local": local, "title": local} for local in locals_]}]
        (root / lang / "_toctree.yml").write_text(yaml.safe_dump(toctree), encoding="utf-8")
    if api_references:
        project = {"api_reference": api_references[0]}
        (root / "polydocs.yml").write_text(yaml.safe_dump(project), encoding="utf-8")
    return root


def _reports(source: Path, out: Path) -> Reports:
    return _build_locations(source, out), _lint_locations(source, source)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Reports:
    folder = tmp_path_factory.mktemp("planted")
    return _reports(_write_planted_tree(folder / "docs"), folder / "site")


@pytest.fixture(scope="module")
def golden(tmp_path_factory: pytest.TempPathFactory) -> Reports:
    """One build and one lint of all the golden cases together."""
    folder = tmp_path_factory.mktemp("golden")
    return _reports(_write_golden_tree(folder / "docs"), folder / "site")


def _codes(*locations: set[Location]) -> set[str]:
    return {code for found in locations for _, _, code in found}


def _polydocs(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def _build_locations(source: Path, out: Path, *extra: str) -> set[Location]:
    """Every construct diagnostic of a real build, from its JSON report (the terminal counts them by code
    once there are many)."""
    report = out.parent / f"{out.name}-report.json"
    args = ["build", "--source", str(source), "--out", str(out), "--report-json", str(report), *extra]
    result = _polydocs(*args, cwd=source.parent)
    assert result.returncode == 0, result.stderr[-3000:]
    diagnostics = json.loads(report.read_text(encoding="utf-8"))["diagnostics"]
    found = {(d["path"], int(d["line"]), d["code"]) for d in diagnostics}
    return {_relative(location, source) for location in found if location[2] in CONSTRUCT_CODES}


def _lint_locations(target: Path, source: Path) -> set[Location]:
    result = _polydocs("lint", str(target), "--rule", "constructs", "--format", "json", cwd=source.parent)
    assert result.returncode in (0, 1), result.stderr[-3000:]
    findings = json.loads(result.stdout)
    return {_relative((f["path"], f["line"], f["code"]), source) for f in findings}


def _relative(location: Location, source: Path) -> Location:
    path = Path(location[0])
    absolute = path if path.is_absolute() else (source.parent / path)
    return (absolute.resolve().relative_to(source.resolve()).as_posix(), location[1], location[2])


def test_build_and_lint_report_every_construct_problem_alike(planted: Reports) -> None:
    built, linted = planted
    assert built == linted
    # Every construct the tree exercises has its problem found, not just "both found nothing".
    codes = {code for _, _, code in linted}
    assert "fence-unclosed" in codes
    assert len(codes) >= 2
    # Unknown components, self-closing and paired, at their opening tags' lines.
    unknown = sorted(line for path, line, code in linted if code == "component-unknown")
    assert unknown == [9, 11], linted
    bounds = {(path, code) for path, _, code in linted if code.endswith(("-too-deep", "-too-costly"))}
    assert bounds == {
        ("en/too_deep.md", "page-too-deep"),
        ("en/too_costly.md", "page-too-costly"),
        ("en/brackets.md", "inline-too-costly"),
    }


def test_build_and_lint_agree_on_every_golden_case(golden: Reports) -> None:
    built, linted = golden
    assert sorted(built - linted) == [], "reported by the build only"
    assert sorted(linted - built) == [], "reported by lint only"


def test_every_construct_code_is_reported_by_a_golden_case_or_a_planted_page(
    golden: Reports, planted: Reports
) -> None:
    """A construct code no case produces is one whose build/lint agreement nothing checks."""
    missing = sorted(set(CONSTRUCT_CODES) - _codes(*golden, *planted))
    assert not missing, (
        f"no golden case or planted page produces {', '.join(missing)}: add a case that does under "
        "tests/markup/cases/<construct>/ (a .md page; `pytest tests/markup --update-golden` writes its "
        ".html and .warnings), or, for a page too large for a case, a page in PROBLEMS of "
        "tests/test_dialect_parity.py"
    )


@pytest.mark.parametrize("tree", ["transformers-docs", "course-docs", "peft-docs"])
def test_build_and_lint_agree_on_the_corpus(corpus: Path, tmp_path: Path, tree: str) -> None:
    """Each tree's English pages (peft's tree is English alone, no language folders), whose
    `[[autodoc]]` objects the installed library lacks included (peft's `package_reference/osf.md`)."""
    source = (corpus.parent / tree).resolve()
    if not source.is_dir():
        pytest.skip(f"the corpus tree {tree} (../shared/corpus) is absent")
    built = _build_locations(source, tmp_path / "site", "--lang", "en")
    linted = _lint_locations(source / "en" if (source / "en").is_dir() else source, source)
    assert built == linted
    assert linted, "the corpus has construct problems; finding none means the check did not run"


def test_build_and_lint_read_a_tab_as_the_build_reads_it(tmp_path: Path) -> None:
    # text-generation-inference's streaming.md: an embed indented by a tab inside a <div>. The build's steps
    # read the page after Python-Markdown has expanded its tabs; lint read the tab, and called the embed
    # one inside a line of text (iframe-inline) where the build reports its host (iframe-host).
    source = tmp_path / "docs"
    (source / "en").mkdir(parents=True)
    (source / "en" / "_toctree.yml").write_text("- local: index\n  title: Home\n", encoding="utf-8")
    page = '# Home\n\n<div class="block">\n\t<iframe\n        src="https://tracker.example/x"\n'
    page += "    ></iframe>\n</div>\n"
    (source / "en" / "index.md").write_text(page, encoding="utf-8")
    built = _build_locations(source, tmp_path / "site")
    linted = _lint_locations(source, source)
    assert built == linted == {("en/index.md", 4, "iframe-host")}
