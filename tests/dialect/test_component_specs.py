"""A component is its spec (`dialect/constructs/component_specs.py`): both renderers write a tag by its role
alone, every role has a writer in each, and no renderer reads a component's name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from polydocs.dialect.checks import PageFacts
from polydocs.dialect.components import Attribute, non_empty
from polydocs.dialect.constructs import CONSTRUCTS, component_specs
from polydocs.dialect.constructs.component_roles import ComponentSpec, TagRole
from polydocs.dialect.constructs.components import CODES, check
from polydocs.dialect.page import parse_page
from polydocs.markup import MarkupContext, render
from polydocs.markup.components import HTML_BY_ROLE
from polydocs.notebooks.plain_markdown import MARKDOWN_BY_ROLE, plain_markdown
from polydocs.sources import language_of
from polydocs.sources.api_inventory import default_inventory

SOURCE = Path(__file__).resolve().parents[2] / "src" / "polydocs"
# The renderers of component tags: the site's components step and the notebooks'.
RENDERERS = (
    SOURCE / "markup" / "components.py",
    SOURCE / "markup" / "mdx_components.py",
    SOURCE / "notebooks" / "plain_markdown.py",
    SOURCE / "notebooks" / "markdown_items.py",
)
_TAG_IN_TEXT = re.compile(r"</?([A-Z][A-Za-z0-9]*)\b")


def test_every_role_has_a_writer_in_both_renderers() -> None:
    assert set(HTML_BY_ROLE) == set(TagRole)
    assert set(MARKDOWN_BY_ROLE) == set(TagRole)


def test_every_spec_gives_what_its_roles_need() -> None:
    for spec in component_specs.SPECS:
        roles = {spec.role, spec.closing_role}
        assert spec.note is not None or TagRole.VERSION_NOTE not in roles, spec.names
        assert spec.label is not None or TagRole.LABEL not in roles, spec.names
        assert spec.video is not None or TagRole.YOUTUBE not in roles, spec.names
        assert all(CODES[code.name] == code for code in spec.codes)  # the components construct's


def test_every_spec_is_checked_by_a_registered_construct() -> None:
    """`checked_by` names the construct that reports the component's problems; one that is none of them
    would leave the component unchecked by any."""
    registered = {construct.__name__.rsplit(".", 1)[-1] for construct in CONSTRUCTS}
    assert {spec.checked_by for spec in component_specs.SPECS} <= registered


def test_each_component_has_one_spec() -> None:
    names = [name for spec in component_specs.SPECS for name in spec.names]
    assert len(names) == len(set(names))


def _name_reads(path: Path) -> list[str]:
    """Where the module compares a `.name` or looks one up: a renderer deciding by a component's name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        operands = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
        if isinstance(node, ast.Subscript):
            operands = [node.slice]
        if any(isinstance(operand, ast.Attribute) and operand.attr == "name" for operand in operands):
            found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda path: path.name)
def test_renderers_never_decide_by_a_components_name(renderer: Path) -> None:
    assert _name_reads(renderer) == []


@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda path: path.name)
def test_renderers_write_no_component_the_specs_do_not_declare(renderer: Path) -> None:
    declared = {name for spec in component_specs.SPECS for name in spec.names}
    tree = ast.parse(renderer.read_text(encoding="utf-8"))
    # Docstrings and comments name components freely; the code's strings are what a renderer writes.
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    written = {
        match[1]
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        for match in _TAG_IN_TEXT.finditer(node.value)
    }
    assert written <= declared


def test_a_component_added_by_its_spec_alone_renders_in_both_outputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec of the role LABEL, and nothing else: the site and the notebook show its label, never its tag,
    and the check reads the attributes it declares."""
    badge = ComponentSpec(
        ("Badge",),
        TagRole.LABEL,
        attributes=(Attribute("text", non_empty, '`text="..."`', required=True),),
        label=lambda tag: tag.text("text").upper(),
    )
    monkeypatch.setattr(component_specs, "_BY_NAME", {**component_specs._BY_NAME, "Badge": badge})
    text = 'Before.\n\n<Badge text="new &ready"/>\n\nAfter.\n<Badge text="b"/>\n\n<Badge size="2"/>\n'
    context = MarkupContext(path="docs_src/en/badge.md", lang=language_of("en"), page_local="badge")
    html = render(text, context)
    assert '<p><strong class="polydocs-component-label">NEW &amp;READY</strong></p>' in html
    # On a line of a paragraph, the label stays in it: no paragraph inside a paragraph.
    assert '<p>After.\n<strong class="polydocs-component-label">B</strong></p>' in html
    assert "Badge" not in html and "<strong></strong>" not in html
    notebook = plain_markdown(text, [], language_of("en"), default_inventory())
    assert "**NEW &READY**" in notebook
    assert not any("Badge" in str(item) or "****" in str(item) for item in notebook)
    findings = [(finding.index, finding.code) for finding in check(parse_page(text), PageFacts())]
    assert findings == [(7, "component-attribute"), (7, "component-attribute")]
