"""`polydocs translate LANG PAGE` on a copy of docs_src: page, toctree entry, lock, status, lint."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from polydocs.cli import main
from polydocs.dialect import load_source_tree, parse_page
from polydocs.dialect.constructs.translation_markers import MARKER, PENDING, is_marker

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    copy = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", copy)
    (copy / "pt" / "graph_breaks.md").unlink(missing_ok=True)
    return copy


def _lint_codes(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    capsys.readouterr()
    main(["lint", str(path)])
    return [line.split(": ")[1].split()[0] for line in capsys.readouterr().out.splitlines() if ": " in line]


def test_the_copy_keeps_every_english_line_and_marks_each_prose_block(source: Path) -> None:
    assert main(["translate", "pt", "graph_breaks", "--source", str(source)]) == 0
    english = (source / "en" / "graph_breaks.md").read_text(encoding="utf-8")
    copy = (source / "pt" / "graph_breaks.md").read_text(encoding="utf-8")
    kept = [line for line in copy.split("\n") if not is_marker(line)]
    assert [line for line in kept if line.strip()] == [line for line in english.split("\n") if line.strip()]
    assert [fence.content for fence in parse_page(copy).fences] == [
        fence.content for fence in parse_page(english).fences
    ]
    assert copy.startswith(english.split("-->")[0])  # the license header, first, as it is
    lines = copy.split("\n")
    marked = [lines[index + 2] for index, line in enumerate(lines) if line == MARKER]
    assert "# Diagnosing graph breaks and recompilations" in marked and "## Next steps" in marked
    assert not [line for line in marked if line.startswith(("```", "<!--", "<Tip", "</Tip"))]
    unmarked_openings = [
        line
        for index, line in enumerate(lines)
        if line.startswith(("#", "> [!"))
        and not parse_page(copy).is_code(index)
        and lines[index - 2] != MARKER
    ]
    assert unmarked_openings == []


def test_the_toctree_gets_the_entry_at_the_english_position_and_keeps_its_text(source: Path) -> None:
    toctree = source / "pt" / "_toctree.yml"
    original = "# Títulos traduzidos à mão\n" + toctree.read_text(encoding="utf-8")
    toctree.write_text(original, encoding="utf-8")
    assert main(["translate", "pt", "graph_breaks", "--source", str(source)]) == 0
    edited = toctree.read_text(encoding="utf-8")
    added = "  - local: graph_breaks\n    title: Diagnosing graph breaks and recompilations\n"
    assert edited.replace(added, "") == original
    sections = yaml.safe_load(edited)
    assert [page["local"] for page in sections[1]["sections"]] == [
        "perf_torch_compile",
        "torch_compile",
        "graph_breaks",
    ]


def test_an_existing_translation_is_refused_unless_forced(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = source / "pt" / "torch_compile.md"
    translated = page.read_text(encoding="utf-8")
    toctree = (source / "pt" / "_toctree.yml").read_text(encoding="utf-8")
    assert main(["translate", "pt", "torch_compile", "--source", str(source)]) == 1
    err = capsys.readouterr().err
    assert "already translated" in err and "--force" in err
    assert page.read_text(encoding="utf-8") == translated
    assert main(["translate", "pt", "torch_compile", "--source", str(source), "--force"]) == 0
    assert MARKER in page.read_text(encoding="utf-8")
    assert (source / "pt" / "_toctree.yml").read_text(encoding="utf-8") == toctree  # listed already


def test_unknown_languages_and_pages_are_refused_without_writing(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translate", "de", "graph_breaks", "--source", str(source)]) == 1
    assert main(["translate", "pt", "no_such_page", "--source", str(source)]) == 1
    assert main(["translate", "en", "graph_breaks", "--source", str(source)]) == 1
    err = capsys.readouterr().err
    assert "not a translation of this tree" in err and "no English page `no_such_page`" in err
    assert not (source / "de").exists() and not (source / "pt" / "no_such_page.md").exists()


def test_status_shows_it_in_progress_and_lint_flags_it_until_the_markers_are_gone(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translate", "pt", "graph_breaks", "--source", str(source)]) == 0
    assert load_source_tree(source).freshness.state("pt", "graph_breaks") == "in-progress"
    capsys.readouterr()
    assert main(["status", "--source", str(source), "--lang", "pt"]) == 0
    assert "  in-progress pt/graph_breaks.md" in capsys.readouterr().out

    page = source / "pt" / "graph_breaks.md"
    codes = _lint_codes(capsys, page)
    assert codes and set(codes) == {PENDING}

    translated = "\n".join(
        line for line in page.read_text(encoding="utf-8").split("\n") if not is_marker(line)
    )
    page.write_text(translated, encoding="utf-8")
    assert PENDING not in _lint_codes(capsys, page)
    assert main(["status", "--source", str(source), "--mark", "pt/graph_breaks.md"]) == 0
    assert load_source_tree(source).freshness.state("pt", "graph_breaks") == "current"


def test_the_started_page_builds_and_the_build_warns_of_each_marker(source: Path, tmp_path: Path) -> None:
    from polydocs.site.build import build_site

    assert main(["translate", "pt", "graph_breaks", "--source", str(source)]) == 0
    markers = (source / "pt" / "graph_breaks.md").read_text(encoding="utf-8").count(MARKER)
    report = build_site(source, tmp_path / "site", ["pt"])
    pending = [d for d in report.diagnostics if d.code == PENDING]
    assert len(pending) == markers and all(d.path.endswith("pt/graph_breaks.md") for d in pending)
    html = (tmp_path / "site" / "pt" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    assert "Diagnosing graph breaks" in html and "torch._dynamo.explain" in html
    # Its readers are told that parts are still in English, and where the whole page is.
    assert "Tradução em andamento" in html and 'href="../../en/graph_breaks/"' in html


def test_the_site_status_page_lists_it_as_being_translated(source: Path) -> None:
    from polydocs.lint.status_page import render_status_markdown
    from polydocs.sources import language_of

    before = render_status_markdown(load_source_tree(source), language_of("en"))
    assert "Being translated" not in before
    assert main(["translate", "pt", "graph_breaks", "--source", str(source)]) == 0
    after = render_status_markdown(load_source_tree(source), language_of("en"))
    section = after.split("### Being translated (1)")[1].split("###")[0]
    assert "(graph_breaks.md)" in section
