"""Importing a documented library's object by its dotted name (`imported_object`), on packages written
here: the one rule the autodoc slice, doc-builder's member selection and the member links share."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from polydocs.sources.api_inventory.member_selection import imported_class
from polydocs.sources.autodoc_slices import autodoc_slice
from polydocs.sources.installed_packages import imported_object

Write = Callable[[str, dict[str, str]], None]


@pytest.fixture
def write_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Write]:
    """Writes a package on the import path; its modules are forgotten after the test."""
    root = tmp_path / "installed"
    monkeypatch.syspath_prepend(str(root))
    written: list[str] = []

    def write(package: str, files: dict[str, str]) -> None:
        written.append(package)
        for name, text in files.items():
            path = root / package / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    yield write
    for module in [name for name in sys.modules if name.split(".")[0] in written]:
        del sys.modules[module]


LAZY_INIT = '''\
"""Exports `Model` lazily, as transformers' `_LazyModule` does (a star import for type checkers alone),
and warns about itself when imported."""
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .modeling import *

warnings.warn("this library is deprecated", FutureWarning)


def __getattr__(name):
    if name == "Model":
        from .modeling import Model

        return Model
    raise AttributeError(name)
'''


def test_a_submodule_the_package_does_not_import_is_imported_for_the_name(write_package: Write) -> None:
    write_package(
        "quietlib", {"__init__.py": "", "sub/__init__.py": "", "sub/things.py": "class Thing:\n    pass\n"}
    )
    thing = imported_object("quietlib.sub.things.Thing")
    assert isinstance(thing, type) and thing.__module__ == "quietlib.sub.things"
    assert imported_object("quietlib.sub.things.Nothing") is None
    assert imported_object("no_such_library_here.Thing") is None


def test_a_lazily_exported_name_is_imported_and_the_librarys_warnings_are_not_the_pages(
    write_package: Write,
) -> None:
    # pytest makes every warning an error here: the library's FutureWarning must not cost the object.
    write_package("lazylib", {"__init__.py": LAZY_INIT, "modeling.py": "class Model:\n    '''A model.'''\n"})
    assert imported_class("lazylib.Model") is not None
    assert imported_class("lazylib.Missing") is None


def test_a_library_whose_import_fails_with_any_error_does_not_import(write_package: Write) -> None:
    # A library built for numpy 1 raises AttributeError on numpy 2 (`np.float_`); its import's error is
    # the library's, and member selection falls back to mkdocstrings' own instead of failing the page.
    write_package(
        "brokenlib", {"__init__.py": "import math\nmath.float_\n", "core.py": "class Core:\n    pass\n"}
    )
    assert imported_class("brokenlib.core.Core") is None
    assert imported_class("brokenlib.Core") is None


def test_a_library_whose_dependency_is_absent_runs_its_import_once_per_process(
    write_package: Write, tmp_path: Path
) -> None:
    # A light build of accelerate (torch not installed): each API link and [[autodoc]] ran the package's
    # import again until it failed on torch, since a failed import leaves nothing in sys.modules.
    runs = tmp_path / "runs"
    init = f"open({str(runs)!r}, 'a').write('x')\nimport torch_that_is_absent\n"
    write_package("lightdeps", {"__init__.py": init, "core.py": "class Core:\n    pass\n"})
    for name in ("lightdeps.core.Core", "lightdeps.Core", "lightdeps.core.Core", "lightdeps.state.Other"):
        assert imported_object(name) is None
    assert runs.read_text() == "x"
    # A module that is simply not there is looked for again (an editable library may gain it).
    write_package("lightdeps_later", {"__init__.py": ""})
    assert imported_object("lightdeps_later.extra.Name") is None
    write_package("lightdeps_later", {"extra.py": "Name = 1\n"})
    importlib.invalidate_caches()
    assert imported_object("lightdeps_later.extra.Name") == 1


def test_the_autodoc_slice_follows_a_lazily_exported_name_of_a_library_that_warns(
    write_package: Write, tmp_path: Path
) -> None:
    write_package("lazylib", {"__init__.py": LAZY_INIT, "modeling.py": "class Model:\n    '''A model.'''\n"})
    found = autodoc_slice("lazylib", ["Model"], tmp_path / "cache")
    assert found.path is not None and (found.path / "lazylib" / "modeling.py").is_file()
    assert found.undocumentable == frozenset()
