"""A light build (the documented library installed without its heavy dependencies, so that it does not
import) selects the members of an `[[autodoc]] Class` with no member list as a build that imports it does,
doc-builder's rule, read from the class's files: public methods its body defines with a docstring no base
gives the same method; no property, no attribute, no dunder (peft's light build showed `is_prompt_learning`,
`__getattr__` and `__post_init__`)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from polydocs.markup.autodoc import _mkdocstrings_block
from polydocs.sources.api_inventory.member_links import member_home
from polydocs.sources.api_inventory.member_selection import (
    _static_package,
    documented_methods,
    imported_class,
    static_documented_methods,
)

CORE = '''
class Base:
    def save(self):
        """Save it."""

    def load(self):
        """Load it."""

    def describe(self):
        """Describe it."""


class Model(Base):
    """A model."""

    from .helpers import shared  # a function imported into the class body is a method

    label = "x"

    def __init__(self):
        self.state = 1

    def __getattr__(self, name):
        """Forward to the wrapped model."""

    def __post_init__(self):
        pass

    @property
    def is_ready(self):
        """Whether it is ready."""

    def save(self):
        """Save it."""

    def load(self):
        """Load it from a folder, its own way."""

    def forward(self, x):
        """Run it."""

    def describe(self):
        """Describe it.

        """

    def undocumented(self):
        pass

    def _private(self):
        """Not for readers."""


class Child(Base):
    """Inherits `save` and `load` as they are."""

    @property
    def size(self):
        """Its size."""


class _Placeholder(type):
    """What a library exports for a class whose backend is not installed (transformers' dummy objects):
    reading any public attribute raises."""

    def __getattribute__(cls, key):
        if key.startswith("_"):
            return super().__getattribute__(key)
        raise ImportError(f"{key} needs a backend that is not installed")


class Needy(metaclass=_Placeholder):
    def run(self):
        """Run it."""
'''
HELPERS = '''
def shared(self):
    """Shared by several classes."""
'''


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    package = tmp_path / "lightlib"
    package.mkdir()
    (package / "core.py").write_text(CORE, encoding="utf-8")
    (package / "helpers.py").write_text(HELPERS, encoding="utf-8")
    (package / "__init__.py").write_text("from .core import Model\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "lightlib"
    _static_package.cache_clear()
    sys.modules.pop("lightlib", None)
    sys.modules.pop("lightlib.core", None)


def test_the_rule_read_from_the_files_is_the_rule_read_from_the_imported_class(library: str) -> None:
    imported = documented_methods(importlib.import_module("lightlib.core").Model)
    # `describe`'s docstring differs from its base's by a blank line only: `__doc__` keeps it.
    assert imported == ["describe", "forward", "load", "shared"]
    assert static_documented_methods("lightlib.Model") == imported  # through the package's re-export
    assert static_documented_methods("lightlib.core.Model") == imported
    assert static_documented_methods("lightlib.core.NoSuchClass") is None


def test_a_class_that_does_not_import_gets_the_same_members_block(
    library: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lightlib" / "__init__.py").write_text(
        "import heavy_dependency_not_installed\nfrom .core import Model\n", encoding="utf-8"
    )
    block = _mkdocstrings_block("lightlib.Model", (), room=2)
    assert block == [
        "::: lightlib.Model",
        "    options: {members: [describe, forward, load, shared], "
        "inherited_members: [describe, forward, load, shared]}",
    ]
    block = _mkdocstrings_block("lightlib.Model", ("__call__", "all"), room=3)
    assert "members: [__call__, describe, forward, load, shared]" in block[1]


def test_a_member_link_finds_the_same_page_whether_the_class_imports_or_not(
    library: str, tmp_path: Path
) -> None:
    """`[`~Child.load`]`: `Child` does not show `load`, which it inherits as it is: the link goes to
    `Base`'s page, as doc-builder resolves it by the object; a property stays on the class; a method the
    class overrides without showing it, or one it does not have, is linked nowhere."""
    documented = {"lightlib.core.Base", "lightlib.core.Model", "lightlib.core.Child"}

    def homes(package: str) -> list[str | None]:
        def documented_as(path: str) -> str | None:
            path = path.replace(package, "lightlib", 1)
            return path.replace("lightlib", package, 1) if path in documented else None

        return [
            member_home(f"{package}.core.{cls}", member, lambda path: (), documented_as)
            for cls, member in [
                ("Child", "load"),
                ("Child", "size"),
                ("Model", "save"),
                ("Model", "nothing"),
                ("Model", "state"),
            ]
        ]

    imported = homes("lightlib")
    assert imported == ["lightlib.core.Base", "lightlib.core.Child", None, None, None]
    heavy = tmp_path / "heavylib"
    heavy.mkdir()
    (heavy / "core.py").write_text(CORE, encoding="utf-8")
    (heavy / "helpers.py").write_text(HELPERS, encoding="utf-8")
    (heavy / "__init__.py").write_text("import heavy_dependency_not_installed\n", encoding="utf-8")
    assert homes("heavylib") == [home and home.replace("lightlib", "heavylib") for home in imported]


def test_a_placeholder_class_that_raises_on_reading_is_read_from_its_files(library: str) -> None:
    """transformers without torch exports `Trainer` as a placeholder whose every public attribute raises
    ImportError: the page failed (`page-failed`) where its class is read from its files now."""
    assert imported_class("lightlib.core.Needy") is None
    assert static_documented_methods("lightlib.core.Needy") == ["run"]
    assert (
        member_home("lightlib.core.Needy", "run", lambda path: (), lambda path: None) == "lightlib.core.Needy"
    )
