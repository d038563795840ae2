"""Messages a pip-installed user can follow: polydocs' own guide is named by its web address, never as a
file of this repository (`docs/ci.md`), and every address points at a page and heading that exist."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from polydocs import __version__
from polydocs.guide import REPOSITORY, github_anchor, guide_url, release_ref, repository_file_url
from polydocs.init.render import fill, template

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO / "src" / "polydocs"
# A path of this repository in a string a user may read: a guide page, a source file, a script, a test.
_REPOSITORY_PATH = re.compile(
    r"(?<![\w/.-])(?:docs/[\w.-]+\.md|src/polydocs/|scripts/[\w.-]+|tests/[\w.-]+/)"
)
_LINK_MAKERS = {"guide_url", "repository_file_url"}
# Where links are made from what they are given: the module itself, the templates' `<<guide:...>>`
# (checked from the templates below), and the codes' help links (each checked by tests/test_codes.py).
_COMPUTED_LINKS = {SOURCES / "guide.py", SOURCES / "init" / "render.py", SOURCES / "diagnostics.py"}
_TEMPLATES = [
    "polydocs.yml",
    "Makefile",
    "workflows/polydocs.yml",
    "workflows/docs.yml",
    "workflows/docs-preview.yml",
]


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _link_calls(tree: ast.Module) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _LINK_MAKERS
    ]


def _headings(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return {github_anchor(match[1]) for match in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def _link_problem(page: str, section: str) -> str | None:
    path = REPO / "docs" / page
    if not path.is_file():
        return f"docs/{page} does not exist"
    if section and github_anchor(section) not in _headings(path):
        return f"docs/{page} has no heading {section!r}"
    return None


def test_no_message_names_a_file_of_this_repository() -> None:
    named = []
    for path in sorted(SOURCES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _docstrings(tree) | {id(arg) for call in _link_calls(tree) for arg in call.args}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
                if _REPOSITORY_PATH.search(node.value):
                    named.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value[:100]!r}")
    assert not named, "strings naming a file of the repository (use polydocs.guide):\n" + "\n".join(named)


def test_every_guide_link_of_the_sources_names_a_page_and_heading_that_exist() -> None:
    problems, links = [], 0
    for path in sorted(SOURCES.rglob("*.py")):
        for call in _link_calls(ast.parse(path.read_text(encoding="utf-8"))):
            parts = [arg.value for arg in call.args if isinstance(arg, ast.Constant)]
            if len(parts) < len(call.args):
                if path not in _COMPUTED_LINKS:
                    problems.append(
                        f"{path.relative_to(REPO)}:{call.lineno}: give the link as literal strings"
                    )
                continue
            links += 1
            if call.func.id == "repository_file_url":  # type: ignore[attr-defined]
                problem = None if (REPO / parts[0]).exists() else f"{parts[0]} does not exist"
            else:
                problem = _link_problem(parts[0], parts[1] if len(parts) > 1 else "")
            if problem:
                problems.append(f"{path.relative_to(REPO)}:{call.lineno}: {problem}")
    assert links >= 10
    assert not problems, "\n".join(problems)


def test_the_files_init_writes_link_the_guide_and_name_no_file_of_this_repository() -> None:
    problems = []
    for name in _TEMPLATES:
        text = template(name)
        for match in re.finditer(r"<<guide:([\w.-]+\.md)(?:#([^>\n]+))?>>", text):
            if problem := _link_problem(match[1], match[2] or ""):
                problems.append(f"templates/{name}: {problem}")
        written = fill(text, {key: "x" for key in re.findall(r"<<(\w+)>>", text)})
        problems += [f"templates/{name}: names {found}" for found in _REPOSITORY_PATH.findall(written)]
        assert "<<guide:" not in written
    assert not problems, "\n".join(problems)
    assert guide_url("ci.md", "Settings the workflows read") in fill(template("polydocs.yml"), _any_values())


def _any_values() -> dict[str, str]:
    return {key: "x" for key in re.findall(r"<<(\w+)>>", template("polydocs.yml"))}


def test_links_point_at_the_running_version_of_the_repository_pyproject_names() -> None:
    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls["Repository"] == REPOSITORY
    assert guide_url("ci.md", "Settings the workflows read") == (
        f"{REPOSITORY}/blob/{release_ref(__version__)}/docs/ci.md#settings-the-workflows-read"
    )
    assert repository_file_url("src/polydocs/guide.py").endswith("/src/polydocs/guide.py")
    assert [release_ref(v) for v in ("0.1.0", "0.2.0.dev3", "0.1.0+local", "")] == [
        "v0.1.0",
        "main",
        "main",
        "main",
    ]
    assert (
        github_anchor("The catalog: every string polydocs adds") == "the-catalog-every-string-polydocs-adds"
    )
