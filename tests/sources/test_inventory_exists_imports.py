"""Whether a name exists in a library is one rule, `installed_packages.imported_object`: the inventory asks
it too (it had a copy that followed attributes from the package alone and let any other error through)."""

import sys
from pathlib import Path

import pytest

from polydocs.sources.api_inventory import ApiInventory


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    package = tmp_path / "shelflib"
    (package / "parts").mkdir(parents=True)
    (package / "__init__.py").write_text("from shelflib.core import Shelf\n")
    (package / "core.py").write_text("class Shelf:\n    def stack(self): ...\n")
    # A submodule the package never imports: importable, but no attribute of the package until imported.
    (package / "parts" / "__init__.py").write_text("")
    (package / "parts" / "bracket.py").write_text("class Bracket: ...\n")
    # A library module whose import fails with something other than ImportError.
    (package / "broken.py").write_text("raise RuntimeError('needs a GPU driver')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "shelflib"
    for name in [name for name in sys.modules if name.split(".")[0] == "shelflib"]:
        del sys.modules[name]


def test_a_submodule_the_package_does_not_import_exists_and_a_failing_import_does_not(library: str) -> None:
    inventory = ApiInventory("https://example.org/{page}#{anchor}", {}, library)
    assert inventory.exists("Shelf") and inventory.exists("Shelf.stack")
    assert inventory.exists("parts.bracket.Bracket")
    assert not inventory.exists("broken.Anything")
    assert not inventory.exists("Shelf.missing") and not inventory.exists("nowhere.Thing")
