"""Every YAML a tree holds is read by one rule (`sources/tree_yaml.py`): no anchors or aliases, nesting
bounded, refused at path:line before a node is made. Each file type is tried with the alias bomb, a merge
key, an unused anchor and nesting that crashed libyaml's composer."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils.meta import get_data

from hostile_sizes import alias_bomb, deep_toctree
from polydocs.diagnostics import PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.sources import load_project_config, load_toctree
from polydocs.sources.freshness import read_lock
from polydocs.sources.front_matter import as_mkdocs_reads, front_matter_lines, front_matter_problem
from polydocs.sources.redirects import read_redirects
from polydocs.sources.tree_yaml import MAX_DEPTH, yaml_refusal

# Deep enough that libyaml's composer, which recurses in C, ended the process (a segmentation fault).
DEEP_FLOW = "key: " + "[" * 20_000 + "]" * 20_000 + "\n"
MERGE_KEY = "base: &base {title: A}\npage:\n  <<: *base\n"
UNUSED_ANCHOR = "title: &name Home\n"


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        (alias_bomb(8), 2, "anchors and aliases"),
        (MERGE_KEY, 3, "anchors and aliases"),
        (UNUSED_ANCHOR, 1, "anchors and aliases"),
        ("a: 1\nb: *nowhere\n", 2, "anchors and aliases"),
        (DEEP_FLOW, 1, f"nested deeper than {MAX_DEPTH} levels"),
        ("".join("  " * n + "- \n" for n in range(2_000)), MAX_DEPTH + 1, "nested deeper"),
    ],
    ids=["bomb", "merge-key", "unused-anchor", "alias-alone", "deep-flow", "deep-block"],
)
def test_anchors_aliases_and_deep_nesting_are_refused_at_their_line(text, line, says):
    refusal = yaml_refusal(text)
    assert refusal is not None and refusal.line == line and says in refusal.message


def test_plain_yaml_and_invalid_yaml_are_left_to_the_composer():
    assert yaml_refusal("title: Home\nhide: [toc]\nnested: {a: {b: [1, 2]}}\n") is None
    assert yaml_refusal("a: [\n") is None  # the composer reports the syntax error at its line
    assert yaml_refusal("title: a & b * c\n") is None  # `&` and `*` inside a value are text


def test_front_matter_with_aliases_is_refused_and_mkdocs_reads_an_empty_one(tmp_path):
    page = f"---\n{alias_bomb(8)}---\n# Bomb\n\nText.\n"
    problem = front_matter_problem(tmp_path / "bomb.md", page)
    assert problem is not None and problem.code == "front-matter" and problem.line == 3  # the first alias
    assert "anchors and aliases" in problem.message and "left out of the page" in problem.message
    assert as_mkdocs_reads(page) == "---\n{}\n---\n# Bomb\n\nText.\n"
    assert front_matter_lines(page) == page.count("\n", 0, page.index("# Bomb"))  # not content either


@pytest.mark.parametrize(("front", "line"), [(MERGE_KEY, 5), (DEEP_FLOW, 3)], ids=["merge-key", "deep-flow"])
def test_other_refused_front_matter_is_located_and_never_read(tmp_path, front, line):
    page = f"---\ntitle: A\n{front}---\n# A\n"
    problem = front_matter_problem(tmp_path / "a.md", page)
    assert problem is not None and problem.line == line
    assert as_mkdocs_reads(page) == "---\n{}\n---\n# A\n"


def test_front_matter_polydocs_reads_is_handed_to_mkdocs_as_written(tmp_path):
    page = "---\ntitle: A & B\n---\n# A\n"
    assert front_matter_problem(tmp_path / "a.md", page) is None
    assert as_mkdocs_reads(page) == page


@pytest.mark.parametrize(
    "page", ["Missing: [a page](./nowhere).\n\nText.\n", "  Note: text\r\nmore\r\n\r\n# A\r\n"]
)
def test_a_first_line_of_key_and_value_stays_on_the_page(page):
    # MkDocs would take it as MultiMarkdown metadata and drop it; doc-builder shows it, lint checks it.
    assert get_data(page) != (page, {})  # what MkDocs does with the page as written
    assert get_data(as_mkdocs_reads(page)) == (page, {})
    assert front_matter_lines(page) == 0


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in {
        "en/_toctree.yml": "- local: index\n  title: Home\n",
        "en/index.md": "# H\n",
        **files,
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _refused(error: pytest.ExceptionInfo[PolydocsError]) -> tuple[str, int, str]:
    (problem,) = error.value.diagnostics
    return Path(problem.path).name, problem.line, problem.message


@pytest.mark.parametrize(
    ("toctree", "line"),
    [
        ("- &a\n  local: index\n  title: Home\n- sections: [*a, *a]\n  title: More\n", 4),
        ("- local: index\n  title: Home\n- title: S\n  sections:\n  - <<: *x\n", 5),
        (deep_toctree(2_000), 33),
        ("- sections: " + "[" * 20_000 + "]" * 20_000 + "\n  title: S\n", 1),
    ],
    ids=["aliases", "merge-key", "2000-level", "deep-flow"],
)
def test_a_toctree_with_aliases_or_deep_nesting_is_refused_at_its_line(tmp_path, toctree, line):
    root = _write(tmp_path, {"en/_toctree.yml": toctree})
    with pytest.raises(PolydocsError) as error:
        load_toctree(root / "en" / "_toctree.yml")
    assert _refused(error)[:2] == ("_toctree.yml", line)


@pytest.mark.parametrize(
    ("settings", "line"),
    [
        ("site_name: &a [*a]\n", 1),
        ("iframe_hosts: &h [huggingface.co]\nother: *h\n", 2),
        ("site_name: " + "[" * 20_000 + "]" * 20_000 + "\n", 1),
    ],
    ids=["cycle", "alias", "deep-flow"],
)
def test_polydocs_yml_with_aliases_or_deep_nesting_is_refused(tmp_path, settings, line):
    root = _write(tmp_path, {"polydocs.yml": settings})
    with pytest.raises(PolydocsError) as error:
        load_project_config(root)
    assert _refused(error)[:2] == ("polydocs.yml", line)


def test_redirects_with_aliases_are_a_located_warning_and_no_redirect(tmp_path):
    root = _write(tmp_path, {"en/_redirects.yml": "old: &new index\nolder: *new\n"})
    redirects, (problem,) = read_redirects(root / "en" / "_redirects.yml")
    assert redirects == [] and problem.code == "redirects-invalid" and problem.line == 2
    assert problem.severity == "warning" and "anchors and aliases" in problem.message
    assert "anchors and aliases" in str(load_source_tree(root).problems[0])


@pytest.mark.parametrize(
    ("lock", "line"),
    [
        ("es:\n  index: &h sha256:0123456789abcdef\n  guide: *h\n", 3),
        ("es: " + "{a: " * 5_000 + "b" + "}" * 5_000 + "\n", 1),
    ],
    ids=["alias", "deep-flow"],
)
def test_a_translation_lock_with_aliases_or_deep_nesting_is_refused(tmp_path, lock, line):
    root = _write(tmp_path, {"translations.lock.yml": lock})
    with pytest.raises(PolydocsError) as error:
        read_lock(root / "translations.lock.yml")
    assert _refused(error)[:2] == ("translations.lock.yml", line)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("- sections:\n  - local: index\n    title: [broken\n", 3),  # libyaml noticed at the end: line 4
        ("site_name: [oops\n", 1),
        ('site_name: "unclosed\n', 1),
        ("a: 1\nb: [\n\nc: 2\n", 2),
        ("a: 1\n  b: 2\n", 2),
    ],
)
def test_invalid_yaml_is_reported_at_a_line_the_file_has_where_the_problem_is(tmp_path, text, line):
    (tmp_path / "polydocs.yml").write_text(text, encoding="utf-8")
    with pytest.raises(PolydocsError) as raised:
        load_project_config(tmp_path)
    (problem,) = raised.value.diagnostics
    assert problem.line == line, problem
    assert problem.message.startswith("invalid YAML: ") and "\n" not in problem.message
