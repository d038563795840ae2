"""An `[[autodoc]]` page built for real, documenting a library written here in doc-builder's conventions:
what a reader of Hugging Face docs expects to find on it, and the docstring's problems at its own line."""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

import pytest

from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
LIBRARY = '''\
"""A library documented the Hugging Face way."""

from dataclasses import dataclass


class Helper:
    """Helps the greeter."""


class Greeter:
    r"""
    Says hello.

    Args:
        name (`str`, *optional*, defaults to `"world"`):
            Who to greet.
        plugin ([`~Helper`] or dict of `str`: [`~Helper`], *optional*):
            A helper, or helpers by name.

            <Added version="1.2.0">

            `plugin` replaces `helper`.

            </Added>
    """

    def __init__(self, name: str = "world", plugin=None):
        self.name = name

    def greet(self, times: int = 1) -> str:
        """
        Greets.

        Args:
            times (`int`, *optional*, defaults to 1): How many times.

        Returns:
            `str`: The greeting, repeated `times` times.

        Raises:
            `ValueError`: if `times` is negative.
        """
        return "hello" * times


@dataclass
class Settings:
    """
    Settings of the greeter.

    Parameters:
        loudness (`int`, *optional*, defaults to 1):
            How loud.

        > Timing

        delay (`float`, *optional*, defaults to 0.0):
            The delay. Can be either:
                - a number of seconds
                - zero, for none
    """

    loudness: int = 1
    delay: float = 0.0


def broken(x):
    """
    Does nothing.

    Args:
        x (`int`)
            no colon after the type.
    """
'''
API = (
    "# API\n\n## Greeter\n\n[[autodoc]] Greeter\n    - greet\n\n## Settings\n\n[[autodoc]] Settings\n\n"
    "## broken\n\n[[autodoc]] broken\n"
)
SOURCE = "https://github.com/owner/hfgreet/blob/v1.0.0/src/"


@pytest.fixture
def api_site(write_tree, tmp_path, monkeypatch):
    package = tmp_path / "installed" / "hfgreet"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setenv("PYTHONPATH", str(package.parent))
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    # The build imports the documented classes (`member_selection.py`): each test's own copy, not the last's.
    monkeypatch.delitem(sys.modules, "hfgreet", raising=False)
    tree = write_tree(
        {
            "polydocs.yml": f"library: hfgreet\nsource_url: {SOURCE}\n",
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/api.md": HEADER + API,
        }
    )
    report = build_site(tree, tmp_path / "site", only=["en"])
    page = (tmp_path / "site" / "en" / "api" / "index.html").read_text(encoding="utf-8")
    return page, report, package / "__init__.py"


def _text(html: str) -> str:
    """What a reader reads: block elements apart, inline ones run on."""
    blocks = re.sub(r"</?(?:p|dt|dd|dl|li|div|h\d)\b[^>]*>", " ", html)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", blocks))).strip()


def _line(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_the_class_shows_its_name_source_link_and_signature_with_defaults(api_site):
    page, _, source = api_site
    text = _text(page)
    assert "class hfgreet.Greeter" in text
    assert "hfgreet.Greeter(name: str = 'world', plugin=None)" in text
    assert f'href="{SOURCE}hfgreet/__init__.py#L{_line(source, "class Greeter:")}"' in page
    assert f'href="{SOURCE}hfgreet/__init__.py#L{_line(source, "def greet")}"' in page


def test_parameters_are_a_definition_list_with_the_docstrings_types_and_defaults(api_site):
    page, _, _ = api_site
    assert "<table" not in page
    (name,) = re.findall(r'<dt id="hfgreet.Greeter.name">(.*?)</dt>', page, re.S)
    assert _text(name) == 'name (str, optional, defaults to "world")'
    (plugin,) = re.findall(r'<dt id="hfgreet.Greeter.plugin">(.*?)</dt>', page, re.S)
    assert _text(plugin) == "plugin (Helper or dict of str: Helper, optional)"
    assert "A helper, or helpers by name." in _text(page)


def test_returns_raises_and_the_added_directive_render_as_doc_builder_shows_them(api_site):
    page, _, _ = api_site
    text = _text(page)
    assert "Returns: str The greeting, repeated times times." in text
    assert "Raises: ValueError if times is negative." in text
    assert re.search(r'class="admonition note".*?Added in 1.2.0.*?plugin</code> replaces', page, re.S)
    assert "&lt;Added" not in page and "<Added" not in page


def test_a_malformed_docstring_is_a_warning_at_its_file_and_line_and_the_page_builds(api_site):
    page, report, source = api_site
    (problem,) = [d for d in report.diagnostics if d.code == "docstring-malformed"]
    assert (problem.path, problem.line) == (str(source), _line(source, "x (`int`)"))
    assert "in the docstring of `hfgreet.broken`" in problem.message
    assert "no colon after the type." in _text(page)


def test_a_decorated_class_links_its_first_decorator_as_doc_builder_does(api_site):
    page, _, source = api_site
    # doc-builder links `inspect.getsourcelines`' first line: the decorator above `class Settings:`.
    assert f'href="{SOURCE}hfgreet/__init__.py#L{_line(source, "@dataclass")}"' in page


def test_parameters_after_a_group_title_and_a_blank_line_are_read(api_site):
    page, _, _ = api_site
    assert '<dt class="polydocs-api-group">Timing</dt>' in page
    (delay,) = re.findall(r'<dt id="hfgreet.Settings.delay">(.*?)</dt>', page, re.S)
    assert _text(delay) == "delay (float, optional, defaults to 0.0)"


def test_a_list_right_under_a_descriptions_text_is_a_list(api_site):
    page, _, _ = api_site
    assert re.search(
        r"Can be either:</p>\s*<ul>\s*<li>a number of seconds</li>\s*<li>zero, for none</li>", page
    )
