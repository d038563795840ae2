"""The per-page context: setting and restoring it, and how warnings are reported."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import markdown
import pytest

from polydocs.markup import (
    MarkupContext,
    current_context,
    extension_configs,
    markdown_extensions,
    page_context,
    render,
)
from polydocs.markup.context import WarningOutsidePage
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
    from polydocs.markup.steps import STEPS

    converter = markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
    priorities = {item.name: item.priority for item in converter.preprocessors._priority}
    ours = {name: priority for name, priority in priorities.items() if name.startswith("polydocs_")}
    assert len(ours) == len(STEPS)
    assert all(
        priorities["fenced_code_block"] < p < priorities["normalize_whitespace"] for p in ours.values()
    )
    assert priorities["html_block"] < min(ours.values())


PROBLEM_PAGE = "text\n\n> [!NOPE]\n> x\n"


def test_a_warning_of_a_conversion_outside_any_page_context_is_raised_with_its_location() -> None:
    # The dialect's extension used on its own: nobody reads the fresh context's warnings, so the
    # unknown callout kind is raised where it is found instead of vanishing with that context.
    converter = markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
    with pytest.raises(WarningOutsidePage) as raised:
        converter.convert(PROBLEM_PAGE)
    assert (raised.value.diagnostic.path, raised.value.diagnostic.line) == ("<string>", 3)
    assert raised.value.diagnostic.code == "callout-kind"
    assert str(raised.value).startswith("<string>:3: callout-kind ") and "page_context" in str(raised.value)
    # Text with nothing to report still converts outside a page, as before.
    assert "<p>text</p>" in converter.reset().convert("text\n")


def test_a_conversion_in_a_thread_the_page_context_does_not_reach_raises_its_warning() -> None:
    # A new thread starts with no context variables set: the page's context is not current there.
    converter = markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
    context = MarkupContext("docs_src/es/a.md", language_of("es"))
    with page_context(context), ThreadPoolExecutor(1) as pool:
        future = pool.submit(converter.convert, PROBLEM_PAGE)
        with pytest.raises(WarningOutsidePage):
            future.result()
    assert context.warnings == []
    render(PROBLEM_PAGE, context)  # the same text converted in the page's context: reported there
    assert [(w.path, w.line, w.code) for w in context.warnings] == [("docs_src/es/a.md", 3, "callout-kind")]


def test_a_docstring_problem_found_outside_any_page_context_is_raised_at_its_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    griffe = pytest.importorskip("griffe")
    from polydocs.docstrings.griffe_extension import HfDocstrings

    package = tmp_path / "malformedlib"
    package.mkdir()
    (package / "__init__.py").write_text(
        'def run(even_batches):\n    """Run.\n\n    Args:\n        even_batches (`bool`, *optional*)\n'
        '            Whether to even the batches.\n    """\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loader = griffe.GriffeLoader(
        extensions=griffe.load_extensions(HfDocstrings()), search_paths=[str(tmp_path)]
    )
    docstring = loader.load("malformedlib")["run"].docstring
    with pytest.raises(WarningOutsidePage) as raised:
        docstring.parse()
    found = raised.value.diagnostic
    assert (Path(found.path).name, found.line, found.code) == ("__init__.py", 5, "docstring-malformed")
    context = MarkupContext("docs_src/en/api.md", language_of("en"))
    with page_context(context):
        docstring.parse()
    assert [(w.line, w.code) for w in context.warnings] == [(5, "docstring-malformed")]
