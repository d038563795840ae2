"""Real builds of trees unlike docs_src: one language at the top, another library, redirects."""

import json
import textwrap
from pathlib import Path

import pytest

from polydocs.cli import main
from polydocs.diagnostics import Diagnostic
from polydocs.dialect import load_source_tree
from polydocs.lint.runner import lint_paths
from polydocs.site.build import build_site
from polydocs.site.build_summary import located_failure

TOC = """
- title: Start
  sections:
  - local: index
    title: Home
  - local: guides/lora
    title: LoRA
  - local: reference
    title: Reference
"""
LIBRARY = "nosuchlib_polydocs"
TREE = {
    "_toctree.yml": TOC,
    "_config.py": 'INSTALL_CONTENT = "! pip install nosuchlib"\n',
    # optimum's redirects send pages that moved to another library's docs to an absolute path.
    "_redirects.yml": "old/lora: guides/lora\nold/gone: guides/nowhere\n"
    "old/habana: /docs/optimum-habana/index#x\n",
    "index.md": "# Home\n\nSee [`LoraConfig`] and [`transformers.Trainer`].\n\n"
    "Read [the LoRA guide](./old/lora#setup) and [its old home](old/lora).\n\n"
    "Habana has [docs of its own](./old/habana).\n",
    "guides/lora.md": "# LoRA\n\nA guide.\n",
    "reference.md": "# Reference\n\n[[autodoc]] LoraConfig\n\n[[autodoc]] tuners.Missing\n",
}


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def other_library(tmp_path_factory):
    """A single-language tree documenting a library that is not installed, built once."""
    root = _write(tmp_path_factory.mktemp("peftlike") / "docs", TREE)
    out = root.parent / "site"
    return root, out, build_site(root, out, library=LIBRARY)


def test_single_language_tree_builds_into_en_with_the_root_page(other_library):
    _, out, report = other_library
    assert [result.lang for result in report.languages] == ["en"]
    assert (out / "en" / "guides" / "lora" / "index.html").is_file()
    assert (out / "index.html").is_file()
    # The tree's own settings are not published as assets.
    assert not list((out / "en").glob("_*")) and not (out / "en" / "_config.py").exists()


def test_redirects_become_pages_and_a_missing_target_is_a_located_warning(other_library):
    root, out, report = other_library
    page = (out / "en" / "old" / "lora" / "index.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="0; url=../../guides/lora/">' in page
    assert '<a href="../../guides/lora/">' in page
    assert not (out / "en" / "old" / "gone").exists()
    (missing,) = [d for d in report.diagnostics if d.code == "redirect-missing-page"]
    assert (missing.path, missing.line) == (str(root / "_redirects.yml"), 2)


def test_a_redirect_to_an_absolute_path_sends_readers_to_that_page_of_huggingface_co(other_library):
    _, out, _ = other_library
    page = (out / "en" / "old" / "habana" / "index.html").read_text(encoding="utf-8")
    url = "https://huggingface.co/docs/optimum-habana/index#x"
    assert f'<meta http-equiv="refresh" content="0; url={url}">' in page
    home = (out / "en" / "index.html").read_text(encoding="utf-8")
    assert f'<a href="{url}">docs of its own</a>' in home


def test_a_link_to_a_redirected_page_goes_to_where_it_moved_in_build_and_lint(other_library):
    root, out, report = other_library
    page = (out / "en" / "index.html").read_text(encoding="utf-8")
    assert '<a href="guides/lora/#setup">the LoRA guide</a>' in page
    assert '<a href="guides/lora/">its old home</a>' in page
    assert not [d for d in report.diagnostics if d.code == "link-missing"]
    linted = lint_paths([root], library=LIBRARY, rules=["constructs"])
    assert not [f for f in linted.findings if f.code == "link-missing"]


def test_autodoc_of_a_library_not_installed_is_a_placeholder_with_its_line(other_library):
    _, out, report = other_library
    page = (out / "en" / "reference" / "index.html").read_text(encoding="utf-8")
    assert f'<p class="polydocs-autodoc-unavailable"><code>{LIBRARY}.LoraConfig</code></p>' in page
    lines = [(Path(d.path).name, d.line) for d in report.diagnostics if d.code == "autodoc-unavailable"]
    assert lines == [("reference.md", 3), ("reference.md", 5)]


def test_a_dotted_name_points_into_another_library(other_library):
    _, out, _ = other_library
    page = (out / "en" / "index.html").read_text(encoding="utf-8")
    assert (
        "https://huggingface.co/docs/transformers/main/en/main_classes/trainer#transformers.Trainer" in page
    )
    # The documented library's own name links to the tree's reference page, at mkdocstrings' anchor.
    assert f'<a href="reference/#{LIBRARY}.LoraConfig"><code>LoraConfig</code></a>' in page


def test_a_library_not_installed_is_one_summary_unless_verbose(other_library):
    _, _, report = other_library
    (summary,) = [line for line in report.shown(verbose=False) if "is not installed" in line]
    # [`LoraConfig`] links to the tree's own reference page (which shows the placeholder): no API link is
    # shown as code.
    assert f"{LIBRARY} is not installed: 0 API links shown as code, 2 autodoc blocks skipped" in summary
    assert not [line for line in report.shown(verbose=False) if "autodoc-unavailable" in line]
    assert len([line for line in report.shown(verbose=True) if "autodoc-unavailable" in line]) == 2


def test_build_and_lint_give_the_same_autodoc_lines(other_library):
    root, _, report = other_library
    linted = lint_paths([root], library=LIBRARY, rules=["constructs"])
    lint = {(Path(f.path).name, f.line, f.code) for f in linted.findings if f.code == "autodoc-unavailable"}
    build = {
        (Path(d.path).name, d.line, d.code) for d in report.diagnostics if d.code == "autodoc-unavailable"
    }
    assert lint == build and len(build) == 2


def test_command_says_the_library_once_and_the_json_report_keeps_every_detail(tmp_path, capsys):
    root = _write(tmp_path / "docs", TREE)
    report_path = tmp_path / "report.json"
    args = ["build", "--source", str(root), "--out", str(tmp_path / "site"), "--library", LIBRARY]
    assert main([*args, "--report-json", str(report_path)]) == 0
    err = capsys.readouterr().err
    assert err.count(f"documenting {LIBRARY} (--library)") == 1
    assert err.count("is not installed") == 1 and "autodoc-unavailable" not in err
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["library"] == LIBRARY
    assert len([d for d in report["diagnostics"] if d["code"] == "autodoc-unavailable"]) == 2


GHOSTLIB = {
    "__init__.py": """
        '''A library exporting one name its source does not define: it imports, griffe cannot see it.'''
        from .core import Settings as Settings

        globals()["Ghost"] = type("Ghost", (), {})
    """,
    "core.py": """
        class Settings:
            '''Settings of the ghost library.'''
    """,
}


def test_an_object_mkdocstrings_cannot_find_is_a_placeholder_not_an_abort(tmp_path, monkeypatch):
    _write(tmp_path / "installed" / "ghostlib", GHOSTLIB)
    monkeypatch.syspath_prepend(str(tmp_path / "installed"))
    files = {**TREE, "reference.md": "# Reference\n\n[[autodoc]] Settings\n\n[[autodoc]] Ghost\n"}
    root = _write(tmp_path / "docs", files)
    report = build_site(root, tmp_path / "site", library="ghostlib")
    page = (tmp_path / "site" / "en" / "reference" / "index.html").read_text(encoding="utf-8")
    assert "Settings of the ghost library." in page
    assert '<p class="polydocs-autodoc-unavailable"><code>ghostlib.Ghost</code></p>' in page
    (problem,) = [d for d in report.diagnostics if d.code == "autodoc-unavailable"]
    assert (Path(problem.path).name, problem.line) == ("reference.md", 5) and "griffe" in problem.message


def test_a_language_that_stops_names_the_autodoc_line_that_stopped_it(tmp_path):
    root = _write(tmp_path / "docs", TREE)
    tree = load_source_tree(root, LIBRARY)
    from polydocs.dialect.site_inventory import site_inventory

    said = [
        Diagnostic(str(root), 0, "mkdocs", "Error reading page 'reference.md':"),
        Diagnostic(str(root), 0, "mkdocs", f"Could not collect '{LIBRARY}.tuners.Missing'"),
    ]
    stopped = located_failure(tree, site_inventory(tree.project), "en", said, "Aborted with a BuildError!")
    assert (Path(stopped.path).name, stopped.line, stopped.severity) == ("reference.md", 5, "error")
    assert f"`{LIBRARY}.tuners.Missing`" in stopped.message
