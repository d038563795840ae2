"""A page never stops the site (issue 37, part 3): whatever raises while one page is converted, rendered,
cross-referenced or turned into a notebook is a `page-failed` warning at that page, the page shows what
could be rendered, every other page builds, and `--strict` fails. Real builds on small trees."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.site.build import build_site
from polydocs.site.build_report import BuildFailed
from polydocs.site.page_cache import PageCache
from polydocs.site.page_conversion import LanguageBuild, PageText, convert_page

REPO = Path(__file__).resolve().parents[2]
HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
# doc-builder's README example: `<flax>` is one of its framework sections.
FLAX = """# Home

<frameworkcontent>
<pt>
PyTorch content goes here
</pt>
<tf>
TensorFlow content goes here
</tf>
<flax>
Flax content goes here
</flax>
</frameworkcontent>
"""
# An accelerate page's citations; `[x][[y]]` the minimal form: no reference label in CommonMark.
BRACKETS = "sources[[1](https://a.example)][[2](https://b.example)]\n\n[x][[y]]\n"
# A docstring holding an autodoc block of its own that cannot be collected: mkdocstrings raises while
# documenting `Broken`, and only while documenting it.
FAILLIB = {
    "__init__.py": "from .core import Broken as Broken, Fine as Fine\n",
    "core.py": (
        'class Fine:\n    """A class documented as usual."""\n\n\n'
        'class Broken:\n    """A class whose documentation raises.\n\n    ::: faillib.nowhere\n    """\n'
    ),
}


def _library(tmp_path: Path, monkeypatch) -> None:
    package = tmp_path / "installed" / "faillib"
    package.mkdir(parents=True)
    for name, text in FAILLIB.items():
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setenv("PYTHONPATH", str(package.parent))


def _tree(write_tree, index: str, api: str = "# API\n\nNo objects.\n", settings: str = "") -> Path:
    files = {"en/_toctree.yml": TOC, "en/index.md": HEADER + index, "en/api.md": HEADER + api}
    return write_tree({**files, **({"polydocs.yml": settings} if settings else {})})


def _page(site: Path, local: str) -> str:
    folder = site / "en" if local == "index" else site / "en" / local
    return (folder / "index.html").read_text(encoding="utf-8")


def test_doc_builders_flax_section_builds_with_its_notebook(write_tree, tmp_path):
    report = build_site(_tree(write_tree, FLAX), tmp_path / "site", only=["en"])
    assert report.diagnostics == []
    assert "Flax content goes here" in (tmp_path / "site" / "en" / "index.ipynb").read_text()


def test_brackets_that_open_no_reference_label_show_as_written_beside_autodoc(
    write_tree, tmp_path, monkeypatch
):
    """autorefs read `][[y]` as a reference to `[y`, which the sanitiser refused, and its pass over every
    page then stopped the build with `KeyError: 'identifier'`."""
    _library(tmp_path, monkeypatch)
    tree = _tree(write_tree, "# Home\n\n" + BRACKETS, "# API\n\n[[autodoc]] Fine\n", "library: faillib\n")
    report = build_site(tree, tmp_path / "site", only=["en"])
    assert report.diagnostics == []
    home = _page(tmp_path / "site", "index")
    assert '<p>sources[<a href="https://a.example">1</a>][<a href="https://b.example">2</a>]</p>' in home
    assert "<p>[x][[y]]</p>" in home
    assert "A class documented as usual." in _page(tmp_path / "site", "api")


def test_a_cross_reference_autorefs_cannot_read_leaves_its_text_and_a_warning(
    write_tree, tmp_path, monkeypatch
):
    """A page's own `<autoref>` without an identifier: autorefs' pass raised on it for every page. In a
    paragraph the tag is shown as text, as doc-builder shows a tag that is no HTML element
    (dialect/constructs/prose_tags.py); an HTML block hands it on as written."""
    _library(tmp_path, monkeypatch)
    index = '# Home\n\n<div>\nSee <autoref slug="fine">the fine class</autoref>.\n</div>\n'
    tree = _tree(write_tree, index, "# API\n\n[[autodoc]] Fine\n", "library: faillib\n")
    report = build_site(tree, tmp_path / "site", only=["en"])
    (failed,) = [problem for problem in report.diagnostics if problem.code == "page-failed"]
    assert failed.path == str(tree / "en" / "index.md")
    assert "resolving the page's cross-references raised KeyError: 'identifier'" in failed.message
    assert "See the fine class." in _page(tmp_path / "site", "index")
    assert "A class documented as usual." in _page(tmp_path / "site", "api")
    with pytest.raises(BuildFailed, match="page-failed"):
        build_site(tree, tmp_path / "strict", only=["en"], strict=True)


def test_an_object_mkdocstrings_raises_on_is_left_out_at_its_line(write_tree, tmp_path, monkeypatch):
    _library(tmp_path, monkeypatch)
    api = "# API\n\n[[autodoc]] Fine\n\n[[autodoc]] Broken\n\nAfter the objects.\n"
    tree = _tree(write_tree, "# Home\n", api, "library: faillib\n")
    report = build_site(tree, tmp_path / "site", only=["en"])
    (failed,) = [problem for problem in report.diagnostics if problem.code == "page-failed"]
    assert (failed.path, failed.line) == (str(tree / "en" / "api.md"), 7)
    assert failed.message.startswith("documenting `faillib.Broken` raised PluginError")
    page = _page(tmp_path / "site", "api")
    assert "A class documented as usual." in page and "After the objects." in page
    assert '<p class="polydocs-autodoc-unavailable"><code>faillib.Broken</code></p>' in page


def test_a_conversion_that_raises_publishes_a_notice_and_a_warning(write_tree):
    tree = load_source_tree(_tree(write_tree, "---\ntitle: Home\n---\n# Home\n"))
    build = LanguageBuild.create(tree, tree.language("en"), PageCache(None))
    source = (tree.root / "en" / "index.md").read_text(encoding="utf-8")

    def render(markdown: str):
        raise LookupError("an extension lost its place")

    converted = convert_page(build, PageText("index", source.split("---\n", 2)[2], source), render)
    (failed,) = converted.diagnostics
    assert (failed.path, failed.line, failed.code) == (str(tree.root / "en" / "index.md"), 6, "page-failed")
    assert "converting the page raised LookupError: an extension lost its place" in failed.message
    assert "This page could not be rendered" in converted.html and converted.notebook == ""


def test_debug_logs_the_traceback_the_warning_points_to(write_tree, tmp_path, monkeypatch):
    """The warning says `polydocs --debug build --no-cache` logs the traceback: a real command does."""
    _library(tmp_path, monkeypatch)
    tree = _tree(write_tree, "# Home\n", "# API\n\n[[autodoc]] Broken\n", "library: faillib\n")
    command = [sys.executable, "-m", "polydocs", "--debug", "build", "--source", str(tree)]
    command += ["--out", str(tmp_path / "site"), "--no-cache"]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), os.environ["PYTHONPATH"]])}
    done = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "polydocs --debug build --no-cache" in done.stderr
    assert "DEBUG polydocs.site:" in done.stderr and "documenting `faillib.Broken` raised" in done.stderr
    assert "Traceback (most recent call last):" in done.stderr and "PluginError" in done.stderr
