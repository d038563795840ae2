from pathlib import Path

from polydocs.site.expansions import expand_benchmarks, line_map
from polydocs.sources import language_of

FIXTURE = Path(__file__).resolve().parent.parent / "bench" / "fixtures"


def test_line_map_points_added_lines_at_their_source_line():
    original = "a\nb\nc\n"
    expanded = "a\nb\nbadge\nc\n"
    assert line_map(original, expanded, line_offset=10) == (11, 12, 12, 13, 14)
    assert line_map(original, original, line_offset=10) == ()


def test_benchmark_placeholder_becomes_one_raw_html_line(tmp_path):
    data = tmp_path / "benchmarks"
    data.mkdir()
    (data / "torch_compile_small.json").write_text((FIXTURE / "torch_compile_small.json").read_text("utf-8"))
    page = "# Title\n\n<!-- polydocs: benchmarks -->\n\nAfter.\n"
    expanded = expand_benchmarks(page, language_of("es"), data, "es/page.md")
    lines = expanded.split("\n")
    assert len(lines) == len(page.split("\n"))
    assert lines[2].startswith("<div") and "<svg" in lines[2]
    assert lines[4] == "After."
