"""The per-page context: setting and restoring it, and how warnings are reported."""

from __future__ import annotations

import logging

import pytest

from polydocs.markup import MarkupContext, current_context, markdown_extensions, page_context, render
from polydocs.sources import language_of


def test_page_context_sets_and_restores_the_current_context() -> None:
    outer = MarkupContext("docs_src/es/a.md", language_of("es"))
    inner = MarkupContext("docs_src/pt/b.md", language_of("pt"))
    assert current_context().path == "<string>"
    with page_context(outer):
        with page_context(inner):
            assert current_context() is inner
        assert current_context() is outer
    assert current_context().path == "<string>"
    assert current_context().lang.folder == "en"


def test_a_warning_is_recorded_with_its_source_line_and_left_to_the_caller_to_report(
    caplog: pytest.LogCaptureFixture,
) -> None:
    context = MarkupContext("docs_src/es/a.md", language_of("es"), line_offset=3)
    with caplog.at_level(logging.WARNING):
        render("text\n\n> [!NOPE]\n> x\n", context)
    [warning] = context.warnings
    assert (warning.path, warning.line, warning.code) == ("docs_src/es/a.md", 6, "callout-kind")
    assert str(warning).startswith("docs_src/es/a.md:6: callout-kind ")
    assert caplog.records == []  # the site logs each page's diagnostics once, cached or converted


def test_the_extension_list_holds_the_standard_extensions_and_the_dialect() -> None:
    extensions = markdown_extensions()
    names = [e for e in extensions if isinstance(e, str)]
    assert "pymdownx.snippets" not in names
    assert {"admonition", "pymdownx.superfences", "pymdownx.tabbed", "toc", "md_in_html"} <= set(names)
    assert [type(e).__name__ for e in extensions if not isinstance(e, str)] == ["DialectExtension"]


def test_the_steps_run_in_the_registry_order_parse_first_hand_over_last() -> None:
    import markdown

    from polydocs.markup.steps import STEPS

    converter = markdown.Markdown(extensions=markdown_extensions())
    ours = [item.name for item in converter.preprocessors._priority if item.name.startswith("polydocs_")]
    assert ours == [f"polydocs_{step.name}" for step in STEPS]
    assert (ours[0], ours[1], ours[-1]) == (
        "polydocs_page_parse",
        "polydocs_output_blocks",
        "polydocs_hand_over",
    )


def test_our_preprocessors_run_after_whitespace_normalising_and_before_fences_and_html() -> None:
    import markdown

    from polydocs.markup import extension_configs
    from polydocs.markup.steps import STEPS

    converter = markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
    priorities = {item.name: item.priority for item in converter.preprocessors._priority}
    ours = {name: priority for name, priority in priorities.items() if name.startswith("polydocs_")}
    assert len(ours) == len(STEPS)
    assert all(
        priorities["fenced_code_block"] < p < priorities["normalize_whitespace"] for p in ours.values()
    )
    assert priorities["html_block"] < min(ours.values())
