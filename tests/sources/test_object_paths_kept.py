"""What a library's modules bind, read with `ast` to follow a link's imports to where the object is defined
(`object_paths.py`), is kept in polydocs' cache by the module's name and bytes: a second process answers the
same without parsing any module, and an edited module is read again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# accelerate's shape (tests/sources/test_object_paths.py): `state.py` imports `DistributedType` from
# `.utils`, which imports it from `.dataclasses`, which defines it.
LIBRARY = {
    "__init__.py": "from .state import AcceleratorState\n",
    "state.py": "from .utils import DistributedType\n\n\nclass AcceleratorState:\n    pass\n",
    "utils/__init__.py": (
        "try:\n    from .dataclasses import DistributedType\nexcept ImportError:\n    pass\n"
    ),
    "utils/dataclasses.py": "class DistributedType:\n    NO = 'NO'\n",
    "constants.py": "class DistributedType:\n    NO = 'NO'\n",
}

# A fresh interpreter each time (a process remembers what it read); with `refuse`, `ast` cannot parse.
_PROGRAM = """
import ast
import sys
from polydocs.sources.api_inventory.object_paths import defining_path

if sys.argv[1] == "refuse":
    def refuse(*args, **kwargs):
        raise AssertionError("a module was parsed")
    ast.parse = refuse
print(defining_path("accelshape.state.DistributedType.NO"))
"""


def _library(folder: Path) -> Path:
    for name, text in LIBRARY.items():
        path = folder / "accelshape" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder / "accelshape"


def _defining_path(installed: Path, cache: Path, may_parse: str = "may-parse") -> str:
    path = os.pathsep.join(filter(None, [str(installed), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, may_parse],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path, "POLYDOCS_CACHE": str(cache)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_second_process_follows_the_imports_without_parsing_a_module(tmp_path: Path) -> None:
    _library(tmp_path / "installed")
    cache = tmp_path / "cache"
    first = _defining_path(tmp_path / "installed", cache)
    assert first == "accelshape.utils.dataclasses.DistributedType.NO"
    assert len(list((cache / "api" / "bindings").glob("*.json"))) == 3  # state, utils, utils.dataclasses
    assert _defining_path(tmp_path / "installed", cache, "refuse") == first


def test_an_edited_module_is_read_again(tmp_path: Path) -> None:
    package = _library(tmp_path / "installed")
    cache = tmp_path / "cache"
    _defining_path(tmp_path / "installed", cache)
    (package / "state.py").write_text("from .constants import DistributedType\n", encoding="utf-8")
    assert _defining_path(tmp_path / "installed", cache) == "accelshape.constants.DistributedType.NO"


def test_a_damaged_entry_is_read_again(tmp_path: Path) -> None:
    _library(tmp_path / "installed")
    cache = tmp_path / "cache"
    first = _defining_path(tmp_path / "installed", cache)
    for entry in (cache / "api" / "bindings").glob("*.json"):
        entry.write_text('{"version": "1", "data": {"DistributedType": 3}}', encoding="utf-8")
    assert _defining_path(tmp_path / "installed", cache) == first
    assert _defining_path(tmp_path / "installed", cache, "refuse") == first
