"""Progress of a build: pages done per language, from the worker processes to the build's terminal."""

import io

import pytest

from polydocs.site import progress
from polydocs.site.build import build_site
from polydocs.site.progress import BuildProgress

TOC = "- local: index\n  title: Home\n- local: guide\n  title: Guide\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_plain_lines_and_a_terminal_a_bar_per_language() -> None:
    log = io.StringIO()
    shown = BuildProgress({"en": 2, "es": 3}, log, every=0.0)
    shown.page_done("en")
    shown.page_done("es")
    assert log.getvalue().splitlines() == [
        "progress: en 1/2 pages, es 0/3 pages",
        "progress: en 1/2 pages, es 1/3 pages",
    ]
    terminal = _Terminal()
    bars = BuildProgress({"en": 2, "es": 3}, terminal, every=0.0)
    bars.page_done("es")
    assert str(bars.bars["es"]).startswith("es:  33%") and "1/3" in str(bars.bars["es"])
    bars.close()
    assert "en:   0%" in terminal.getvalue() and "progress:" not in terminal.getvalue()


def test_a_log_with_a_long_interval_gets_no_line_for_a_short_build() -> None:
    log = io.StringIO()
    shown = BuildProgress({"en": 2}, log, every=3600.0)
    shown.page_done("en")
    assert log.getvalue() == ""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_real_build_reports_every_page_of_every_language(write_tree, tmp_path, capsys, monkeypatch, jobs):
    """With two jobs the languages build in worker processes, which report through the build's queue."""
    monkeypatch.setattr(progress, "PLAIN_LINE_EVERY", 0.0)
    tree = write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": "# Home\n",
            "en/guide.md": "# Guide\n",
            "es/_toctree.yml": "- local: index\n  title: Inicio\n",
            "es/index.md": "# Inicio\n",
        }
    )
    build_site(tree, tmp_path / "site", jobs=jobs)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress: ")]
    # index and guide in each language (Spanish falls back to the English guide): the tree's pages, as the
    # build's result and `polydocs status` count them; the generated status page is none of them.
    assert lines[-1] == "progress: en 2/2 pages, es 2/2 pages"
    assert len(lines) == 4
