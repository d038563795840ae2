"""Sites the tests read: the project's own docs_src, built once; a toy library to document."""

import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from polydocs.site.build import build_site

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_docs_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs_src_site") / "site"
    build_site(REPO / "docs_src", out)
    return out


TOY_PACKAGE = {
    "__init__.py": """
        '''A toy library: the documented class is exported by the package, defined in a module.'''
        from .core import Settings as Settings
    """,
    "core.py": """
        '''The documented module.'''
        from dataclasses import dataclass, field


        @dataclass
        class Settings:
            '''Settings of the toy library, documented from a slice.

            Attributes:
                size: How big the toy is.
            '''

            size: int = 3
            # A class-body import, as in transformers' TrainingArguments: griffe follows it.
            from .sub.helpers import FAST

            if FAST:
                mode: str = field(default="fast")
    """,
    "sub/__init__.py": "",
    "sub/helpers.py": "FAST = True\n",
    "heavy.py": "def unrelated():\n    '''Never needed by the documented pages.'''\n",
}


@pytest.fixture
def install_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str, dict[str, str]], str]:
    """Writes a package (`relative path: text`) under tmp_path/installed and makes it importable."""

    def install(package: str, files: dict[str, str]) -> str:
        root = tmp_path / "installed"
        for relative, text in files.items():
            path = root / package / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        # A build documenting the library imports it (to list its names); a later test's copy, at
        # another path, must not be shadowed by the module an earlier test left in sys.modules.
        for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.syspath_prepend(str(root))
        return package

    return install


@pytest.fixture
def toy_package(install_package: Callable[[str, dict[str, str]], str]) -> str:
    return install_package("toylib", TOY_PACKAGE)
