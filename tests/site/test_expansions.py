from pathlib import Path

from polydocs.markup import MarkupContext, render
from polydocs.site.expansions import expand_benchmarks, insert_badges, line_map
from polydocs.snippets.evidence import Evidence
from polydocs.sources import language_of

FIXTURE = Path(__file__).resolve().parent.parent / "bench" / "fixtures"


def test_line_map_points_each_badge_line_at_its_block_s_last_line():
    page = "a\n```py\nx = 1\n```\nb\n"
    badged = insert_badges(page, "en/page.md", Evidence(), language_of("en"))
    assert badged.text.split("\n")[3:8] == ["```", "", badged.text.split("\n")[5], "", "b"]
    assert line_map(badged, line_offset=10) == (11, 12, 13, 14, 14, 14, 14, 15, 16)
    unbadged = insert_badges("a\n```bash\nls\n```\n", "en/page.md", Evidence(), language_of("en"))
    assert line_map(unbadged, line_offset=10) == ()


def test_a_badge_after_the_last_line_of_a_page_without_final_newline_maps_to_that_line():
    badged = insert_badges("a\n```py\nx = 1\n```", "en/page.md", Evidence(), language_of("en"))
    assert line_map(badged, line_offset=0) == (1, 2, 3, 4, 4, 4, 4, 4)


def test_benchmark_placeholder_becomes_one_raw_html_line(tmp_path):
    data = tmp_path / "benchmarks"
    data.mkdir()
    (data / "torch_compile_small.json").write_text((FIXTURE / "torch_compile_small.json").read_text("utf-8"))
    page = "# Title\n\n<!-- polydocs: benchmarks -->\n\nAfter.\n"
    expanded, problems = expand_benchmarks(page, language_of("es"), data, "es/page.md")
    assert problems == []
    lines = expanded.split("\n")
    assert len(lines) == len(page.split("\n"))
    assert lines[2].startswith("<div") and "polydocs-bench-chart" in lines[2]
    assert lines[4] == "After."


def test_a_benchmark_placeholder_in_code_is_shown_as_written(tmp_path):
    page = "```md\n<!-- polydocs: benchmarks -->\n```\n\n    <!-- polydocs: benchmarks -->\n"
    assert expand_benchmarks(page, language_of("en"), tmp_path, "en/page.md") == (page, [])


TABBED_PAGE = """\
# Tabs

<hfoptions id="backend">
<hfoption id="PyTorch">

```py
x = 1
```

</hfoption>
</hfoptions>

> [!TIP]
> In a tip:
>
> ```py
> y = 2
> ```
>
> The tip goes on.

```py
never_closed = True
"""


def _badged(page: str) -> str:
    text = insert_badges(page, "en/tabs.md", Evidence(), language_of("en")).text
    return render(text, MarkupContext(path="docs_src/en/tabs.md", lang=language_of("en")))


def test_badges_are_blocks_inside_tabs_and_tips_and_never_in_a_paragraph_or_code():
    html = _badged(TABBED_PAGE)
    badge = '<div class="polydocs-evidence polydocs-evidence--unverified" markdown="0">'
    before_tab, in_tab, in_tip = html.split(badge)
    assert before_tab.endswith("</code></pre></div>\n") and in_tab.startswith("? Not verified")
    assert in_tab.index("</div>\n</div>") < in_tab.index('<div class="admonition tip">')
    # The badge under the tip's block stays inside the tip, which goes on after it.
    assert in_tip.index("<p>The tip goes on.</p>\n</div>") < in_tip.index('<div class="language-py')
    assert "<p><div" not in html


def test_a_block_never_closed_gets_no_badge():
    text = insert_badges(TABBED_PAGE, "en/tabs.md", Evidence(), language_of("en")).text
    assert text.count('class="polydocs-evidence ') == 2
    assert text.endswith("```py\nnever_closed = True\n")
