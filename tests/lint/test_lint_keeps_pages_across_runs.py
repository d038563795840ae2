"""What lint derives from each page alone is kept in polydocs' cache by everything it reads: what the
rules read of its rendering (anchors, the sanitiser's removals, source shown as text:
`lint/rendering_cache.py`) and its constructs' findings (`lint/constructs_cache.py`). A second lint of
unchanged pages renders and checks none of them, any change of an input reaches the pages it should, and
an entry the cache cannot trust is made again, never believed."""

from __future__ import annotations

import dataclasses
import inspect
import json
import textwrap
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from polydocs.dialect import PageFacts
from polydocs.lint import constructs_cache, rendering_cache
from polydocs.lint.inventory_answers import asked_questions
from polydocs.lint.rendering import RenderingSettings
from polydocs.lint.rendering_cache import rendering_key
from polydocs.lint.rules import constructs
from polydocs.lint.runner import lint_paths
from polydocs.lint.targets import collect_targets
from polydocs.sources.api_inventory import ApiInventory

_RULES = ["unsafe-html", "source-visible", "links"]
_SETTINGS = """\
api_reference:
  package: transformers
  url: "https://huggingface.co/docs/transformers/main/en/{page}#{anchor}"
  objects:
    Trainer: main_classes/trainer
iframe_hosts:
  - huggingface.co
"""
_INDEX = """\
# Index

See [the setup](other.md#setup), [`Trainer`] and [`Trainer.train`].

<iframe src="https://example.org/embed" title="A demo"></iframe>

<p onclick="steal()">Click</p>
"""
_OTHER = """\
# Other

## Setup

Install it.
"""
_TREE = {
    "polydocs.yml": _SETTINGS,
    "en/_toctree.yml": "- sections:\n  - local: index\n    title: Index\n  - local: other\n    title: Other\n"
    "  title: Pages\n",
    "en/index.md": _INDEX,
    "en/other.md": _OTHER,
    "es/_toctree.yml": "- sections:\n  - local: index\n    title: Índice\n  title: Páginas\n",
    "es/index.md": _INDEX.replace("# Index", "# Índice"),
}


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "docs_src"
    for name, text in _TREE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages rendered, in order."""
    return _pages_passed_to(rendering_cache, "rendered", monkeypatch)


def _pages_passed_to(module: object, name: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages (`lang/local`) each call of `module.name(document, ...)` is given from now on, in order."""
    pages: list[str] = []
    function = getattr(module, name)

    def counted(document, *rest):
        pages.append(f"{document.lang}/{document.local}")
        return function(document, *rest)

    monkeypatch.setattr(module, name, counted)
    return pages


def _lint(root: Path, facts, keep: bool = True) -> list[str]:
    report = lint_paths([root], facts=facts, rules=_RULES, keep_pages=keep)
    return [f"{Path(d.path).relative_to(root)}:{d.line} {d.code} {d.message}" for d in report.findings]


def _keys(root: Path) -> dict[str, str]:
    targets = collect_targets([root])
    settings = RenderingSettings(root)
    return {f"{d.lang}/{d.local}": rendering_key(d, settings) for d in targets.documents}


def test_a_second_lint_renders_no_page_and_finds_the_same(tree, facts, renders):
    first = _lint(tree, facts)
    assert sorted(renders) == ["en/index", "en/other", "es/index"]
    assert {line.split()[1] for line in first} >= {"unsafe-html"}, first
    renders.clear()
    assert _lint(tree, facts) == first
    assert renders == []


def _edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


# Each input the key claims, changed: (file, old, new, the pages whose keys change, whether findings do).
_CHANGES = {
    "a neighbouring page's anchors": ("en/other.md", "## Setup", "## Installation", {"en/other"}, True),
    "the page's text": ("en/index.md", "Click", "Press", {"en/index"}, False),
    "iframe hosts": ("polydocs.yml", "  - huggingface.co", "  - example.org", None, False),
    "trusted pages": (
        "polydocs.yml",
        "iframe_hosts:",
        "trusted:\n  paths: [en/index.md]\niframe_hosts:",
        {"en/index"},
        True,
    ),
    "the inventory's settings": (
        "polydocs.yml",
        "    Trainer: main_classes/trainer",
        "    Pipeline: x",
        None,
        False,
    ),
    "the language's tag": (
        "polydocs.yml",
        "iframe_hosts:",
        "languages:\n  es: es-MX\niframe_hosts:",
        {"es/index"},
        False,
    ),
}


@pytest.mark.parametrize("change", _CHANGES, ids=list(_CHANGES))
def test_each_input_of_the_key_reaches_it_and_the_kept_lint_is_a_fresh_one(tree, facts, change):
    name, old, new, changed_pages, findings_change = _CHANGES[change]
    before_keys, before = _keys(tree), _lint(tree, facts)
    _edit(tree, name, old, new)
    after_keys = _keys(tree)
    changed = {page for page in before_keys if before_keys[page] != after_keys[page]}
    assert changed == (changed_pages or set(before_keys))
    fresh = _lint(tree, facts, keep=False)
    assert _lint(tree, facts) == fresh
    assert (fresh != before) == findings_change


def test_an_answer_of_the_inventory_that_changed_renders_the_pages_asking_it_again(
    tree, facts, renders, monkeypatch
):
    _lint(tree, facts)
    renders.clear()
    resolve = ApiInventory.resolve
    monkeypatch.setattr(
        ApiInventory, "resolve", lambda self, name: None if name == "Trainer.train" else resolve(self, name)
    )
    _lint(tree, facts)
    assert sorted(renders) == ["en/index", "es/index"]  # other.md links to no object


def _entries(tree: Path) -> dict[str, Path]:
    """The renderings' entries, by page."""
    folder = tree.parent / "cache" / "lint" / "pages"
    by_page = {}
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))["data"]
        if "anchors" in data:
            by_page[Path(data["page"]).relative_to(tree).with_suffix("").as_posix()] = path
    return by_page


def _another_pages_entry(entries: dict[str, Path]) -> None:
    entries["en/index"].write_text(entries["es/index"].read_text(encoding="utf-8"), encoding="utf-8")


def _damaged(entries: dict[str, Path]) -> None:
    entries["en/index"].write_bytes(b'{"version": "1", "data": {"key": ')


def _findings_of_another_page(entries: dict[str, Path]) -> None:
    stored = json.loads(entries["en/index"].read_text(encoding="utf-8"))
    for finding in stored["data"]["removed"]:
        finding["path"] = str(Path(finding["path"]).with_name("other.md"))
    entries["en/index"].write_text(json.dumps(stored), encoding="utf-8")


@pytest.mark.parametrize("tamper", [_another_pages_entry, _damaged, _findings_of_another_page])
def test_an_entry_the_cache_cannot_trust_is_rendered_again(tree, facts, renders, tamper):
    first = _lint(tree, facts)
    tamper(_entries(tree))
    renders.clear()
    assert _lint(tree, facts) == first
    assert renders == ["en/index"]


def test_the_inventory_notes_every_question_it_answers():
    # A question added to the inventory and not noted would let a kept rendering outlive its answer.
    not_questions = {"from_config", "preload", "without_member_checks"}
    public = {
        name
        for name, member in inspect.getmembers(ApiInventory, inspect.isfunction)
        if not name.startswith("_")
    }
    assert public - not_questions == asked_questions()


def test_source_visible_reads_the_page_as_published_after_the_sanitiser(tree, facts):
    # The build reads a page's visible text after sanitising it, and so does lint: text the sanitiser
    # removes with its element is seen by no reader.
    (tree / "en" / "index.md").write_text(
        textwrap.dedent(
            """\
            # Index

            <textarea>
            [a link](other.md)
            </textarea>
            """
        ),
        encoding="utf-8",
    )
    found = _lint(tree, facts)
    assert [line.split()[:2] for line in found if line.startswith("en/index.md")] == [
        ["en/index.md:3", "unsafe-html"]
    ], found


# The constructs rule's findings: the same tree, read by the dialect's checks.
_CONSTRUCTS_PAGE = """\
# Code

See [the guide](guide.md) and [the old page](old.md).

<iframe src="https://example.org/embed" title="A demo"></iframe>

<literalinclude>
{"path": "../snippet.py", "language": "python", "start-after": "START x", "end-before": "END x"}
</literalinclude>
"""
_SNIPPET = "# START x\nx = 1\n# END x\n"


@pytest.fixture
def checked(tree: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pages whose constructs were checked, in order; the tree gains a page with more constructs."""
    (tree / "en" / "code.md").write_text(_CONSTRUCTS_PAGE, encoding="utf-8")
    (tree / "snippet.py").write_text(_SNIPPET, encoding="utf-8")
    toctree = tree / "en" / "_toctree.yml"
    toctree.write_text(
        toctree.read_text(encoding="utf-8").replace(
            "  title: Pages", "  - local: code\n    title: Code\n  title: Pages"
        ),
        encoding="utf-8",
    )
    return _pages_passed_to(constructs, "_checked", monkeypatch)


def _constructs(root: Path, facts, keep: bool = True) -> list[str]:
    report = lint_paths([root], facts=facts, rules=["constructs"], keep_pages=keep)
    return [f"{Path(d.path).relative_to(root)}:{d.line} {d.code}" for d in report.findings]


def test_a_second_lint_checks_the_constructs_of_no_page_and_finds_the_same(tree, facts, checked):
    first = _constructs(tree, facts)
    assert {"en/code.md:3 link-missing", "en/code.md:5 iframe-host"} <= set(first), first
    checked.clear()
    assert _constructs(tree, facts) == first
    assert checked == []


# Each fact the checks read, changed: (file, old, new); each changes what the checks find.
_FACT_CHANGES = {
    "the pages of the site": ("en/guide.md", None, "# Guide\n"),
    "the old names sent on": ("en/_redirects.yml", None, "old: other\n"),
    "iframe hosts": ("polydocs.yml", "  - huggingface.co", "  - example.org"),
    "the inventory's settings": ("polydocs.yml", "    Trainer: main_classes/trainer", "    Pipeline: x"),
    "what an include reads": ("snippet.py", "# END x", ""),
}


@pytest.mark.parametrize("change", _FACT_CHANGES, ids=list(_FACT_CHANGES))
def test_each_fact_the_checks_read_reaches_the_kept_findings(tree, facts, checked, change):
    name, old, new = _FACT_CHANGES[change]
    before = _constructs(tree, facts)
    if old is None:
        (tree / name).write_text(new, encoding="utf-8")
    else:
        _edit(tree, name, old, new)
    fresh = _constructs(tree, facts, keep=False)
    assert fresh != before
    assert _constructs(tree, facts) == fresh


def test_an_answer_of_the_inventory_that_changed_checks_the_pages_asking_it_again(
    tree, facts, checked, monkeypatch
):
    before = _constructs(tree, facts)
    checked.clear()
    exists = ApiInventory.exists
    monkeypatch.setattr(ApiInventory, "importable", lambda self, name="": True)
    monkeypatch.setattr(
        ApiInventory, "exists", lambda self, name: name != "Trainer.train" and exists(self, name)
    )
    after = _constructs(tree, facts)
    assert sorted(checked) == ["en/index", "es/index"]
    assert after == _constructs(tree, facts, keep=False) != before


def test_every_fact_of_a_page_is_in_the_key_of_its_construct_findings():
    # Facts keyed apart are named here; any other is read into the key as it is, so a new one is too.
    assert constructs_cache._FACTS_KEYED_APART <= {item.name for item in dataclasses.fields(PageFacts)}


def test_damaged_construct_findings_are_checked_again(tree, facts, checked):
    first = _constructs(tree, facts)
    for path in (tree.parent / "cache" / "lint" / "pages").glob("*.json"):
        path.write_text("{}", encoding="utf-8")
    checked.clear()
    assert _constructs(tree, facts) == first
    assert sorted(checked) == ["en/code", "en/index", "en/other", "es/index"]


def test_a_second_lint_of_every_rule_parses_no_page_and_finds_the_same(tree, facts, monkeypatch):
    # What is read of a page's text alone is kept (`text_facts.py`): the license header, the code blocks'
    # directives and black's formatting, whether the page is past its bounds, the links it writes.
    (tree / "en" / "code.md").write_text(
        "# Code\n\nSee [nowhere](other.md#nowhere).\n\n```py\nx=dict(a = 1)\n```\n", encoding="utf-8"
    )
    first = lint_paths([tree], facts=facts).findings
    assert {"license-missing", "code-style", "link-anchor"} <= {finding.code for finding in first}, first
    parsed: list[str] = []
    parse = MarkdownIt.parse
    monkeypatch.setattr(
        MarkdownIt, "parse", lambda self, text, env=None: parsed.append(text) or parse(self, text, env)
    )
    assert lint_paths([tree], facts=facts).findings == first
    assert parsed == []


def test_kept_text_findings_of_other_rules_are_found_again(tree, facts):
    first = lint_paths([tree], facts=facts).findings
    for path in (tree.parent / "cache" / "lint" / "pages").glob("*.json"):
        stored = json.loads(path.read_text(encoding="utf-8"))
        if "refused" in stored["data"]:
            stored["data"]["findings"] = {"license": []}  # as if written for `--rule license` alone
            path.write_text(json.dumps(stored), encoding="utf-8")
    assert lint_paths([tree], facts=facts).findings == first
