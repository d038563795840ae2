"""A docstring a decorator builds at run time (transformers'
`@add_start_docstrings(TrainingArguments.__doc__)` above `Seq2SeqTrainingArguments`): the page shows the
docstring the imported object has, as doc-builder does, not the source's literal alone. A page built for
real, documenting a library written here."""

from __future__ import annotations

import re
import sys

import pytest

from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
LIBRARY = '''\
"""Docstrings made at run time."""


def add_start_docstrings(*docstr):
    def decorate(obj):
        obj.__doc__ = "".join(docstr) + (obj.__doc__ or "")
        return obj

    return decorate


class Arguments:
    """
    The arguments.

    Args:
        steps (`int`, *optional*, defaults to 1):
            How many steps.
    """

    steps: int = 1


@add_start_docstrings(Arguments.__doc__)
class MoreArguments(Arguments):
    """
        beams (`int`, *optional*, defaults to 4):
            How many beams.
    """

    beams: int = 4


class Plain:
    """
    Nothing built here.

    Args:
        width (`int`): The width.
    """

    def __init__(self, width):
        self.width = width
'''


@pytest.fixture(scope="module")
def api_page(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("runtime")
    package = tmp_path / "installed" / "hfruntime"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(package.parent))
        patch.setenv("PYTHONPATH", str(package.parent))
        patch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
        patch.delitem(sys.modules, "hfruntime", raising=False)
        tree = tmp_path / "tree"
        api = "# API\n\n[[autodoc]] MoreArguments\n\n[[autodoc]] Plain\n"
        for name, text in {
            "polydocs.yml": "library: hfruntime\n",
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n",
            "en/api.md": HEADER + api,
        }.items():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            (tree / name).write_text(text, encoding="utf-8")
        build_site(tree, tmp_path / "site", only=["en"])
    return (tmp_path / "site" / "en" / "api" / "index.html").read_text(encoding="utf-8")


def _parameters(page: str, owner: str) -> list[str]:
    return re.findall(rf'<dt id="hfruntime\.{owner}\.(\w+)"><code>', page)


def test_a_docstring_built_by_a_decorator_shows_the_inherited_parameters_too(api_page):
    assert _parameters(api_page, "MoreArguments") == ["steps", "beams"]
    assert "How many beams." in api_page


def test_a_docstring_the_source_writes_is_shown_as_before(api_page):
    assert _parameters(api_page, "Plain") == ["width"]
