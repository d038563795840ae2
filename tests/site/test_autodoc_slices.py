"""The slice of a package that mkdocstrings reads for autodoc pages, on a package written here."""

from __future__ import annotations

import os
from pathlib import Path

from polydocs.sources import autodoc_slices
from polydocs.sources.autodoc_slices import autodoc_search_path, autodoc_slice


def _modules(slice_path: Path) -> list[str]:
    return sorted(path.relative_to(slice_path).as_posix() for path in slice_path.rglob("*.py"))


def test_slice_holds_the_defining_module_and_what_its_class_body_imports(toy_package, tmp_path):
    slice_path = autodoc_search_path(toy_package, ["Settings"], tmp_path / "cache")
    assert slice_path is not None
    assert _modules(slice_path) == [
        "toylib/__init__.py",
        "toylib/core.py",
        "toylib/sub/__init__.py",
        "toylib/sub/helpers.py",
    ]


def test_slice_is_reused_and_leaves_no_scratch_folders(toy_package, tmp_path):
    cache = tmp_path / "cache"
    first = autodoc_search_path(toy_package, ["Settings"], cache)
    second = autodoc_search_path(toy_package, ["Settings"], cache)
    assert first == second
    assert [path.name for path in cache.iterdir()] == [first.name]


def test_a_misspelt_name_does_not_cost_the_others_their_slice(toy_package, tmp_path):
    # The page warns about the misspelt name; the other names still avoid griffe reading everything.
    slice_path = autodoc_search_path(toy_package, ["Settings", "Setings"], tmp_path / "cache")
    assert slice_path is not None and (slice_path / "toylib" / "core.py").is_file()


def test_names_that_are_not_in_the_package_give_no_slice(toy_package, tmp_path):
    cache = tmp_path / "cache"
    assert autodoc_search_path(toy_package, ["Missing"], cache) is None
    assert autodoc_search_path("no_such_package_here", ["Settings"], cache) is None
    assert not any(cache.iterdir()) if cache.exists() else True


def test_names_none_of_which_can_be_documented_are_all_kept_from_mkdocstrings(toy_package, tmp_path):
    # A tree documenting another library than the one installed: every block becomes a placeholder with
    # its warning, instead of mkdocstrings stopping the build at the first one.
    found = autodoc_slice(toy_package, ["utils.error.Missing", "Gone"], tmp_path / "cache")
    assert found.path is None
    assert found.undocumentable == {"toylib.utils.error.Missing", "toylib.Gone"}


def test_slice_is_made_again_when_an_installed_module_changes(toy_package, tmp_path):
    cache = tmp_path / "cache"
    slice_path = autodoc_search_path(toy_package, ["Settings"], cache)
    assert slice_path is not None
    installed = tmp_path / "installed" / toy_package / "core.py"  # where the fixture installed it
    changed = installed.read_text(encoding="utf-8").replace("How big the toy is.", "How large the toy is.")
    installed.write_text(changed, encoding="utf-8")
    os.utime(installed, ns=(installed.stat().st_atime_ns, installed.stat().st_mtime_ns + 10**9))
    assert autodoc_search_path(toy_package, ["Settings"], cache) == slice_path
    assert "How large the toy is." in (slice_path / "toylib" / "core.py").read_text(encoding="utf-8")


def test_a_slice_another_process_made_meanwhile_is_read_and_not_replaced(toy_package, tmp_path, monkeypatch):
    # Two builds on one cache (`serve` beside `build`) both start cold: the second finds no slice, the
    # first then writes it and its mkdocstrings reads modules from it. The second must take that slice
    # (made under a lock per slice), not replace the folder the first is reading.
    cache = tmp_path / "cache"
    first = autodoc_search_path(toy_package, ["Settings"], cache)
    assert first is not None
    module = first / "toylib" / "core.py"
    made = module.stat().st_ino
    checks = [False]  # what the second build saw before the first had written its slice
    real_check = autodoc_slices._is_current
    monkeypatch.setattr(
        autodoc_slices, "_is_current", lambda *given: checks.pop() if checks else real_check(*given)
    )
    assert autodoc_search_path(toy_package, ["Settings"], cache) == first
    assert module.stat().st_ino == made
    assert [path.name for path in cache.iterdir()] == [first.name]


def _documented(slice_path: Path, package: str, name: str) -> str:
    """The docstring griffe gives `package.name` when it reads the slice, as mkdocstrings will."""
    from griffe import GriffeLoader, load_extensions

    loader = GriffeLoader(extensions=load_extensions(), search_paths=[str(slice_path)])
    member = loader.load(package, try_relative_path=False).get_member(name)
    return member.docstring.value if member.docstring else ""


# datasets' `packaged_modules/__init__.py` runs `from .text import text`: Python's attribute `text`, which
# doc-builder walks, is then the module text/text.py, while griffe gives the name to the package text/.
SHADOWED = {
    "__init__.py": "",
    "formats/__init__.py": "from .text import text\n",
    "formats/text/__init__.py": "",
    "formats/text/text.py": "class TextConfig:\n    '''How lines of text are read.'''\n",
}


def test_an_object_named_through_an_attribute_that_shadows_its_submodule_is_documented_there(
    install_package, tmp_path
):
    package = install_package("shadowlib", SHADOWED)
    found = autodoc_slice(package, ["formats.text.TextConfig"], tmp_path / "cache")
    assert found.path is not None and not found.undocumentable
    assert _documented(found.path, package, "formats.text.TextConfig") == "How lines of text are read."
    # The copy that gained the export keeps the installed file's time: the slice is reused, not remade.
    assert autodoc_slice(package, ["formats.text.TextConfig"], tmp_path / "cache") == found


def test_a_function_imported_from_a_submodule_of_its_own_name_is_documented(install_package, tmp_path):
    # datasets.utils imports `tqdm` from its submodule `tqdm`: griffe's alias `utils.tqdm` targets itself
    # until the submodule's file is in the slice, and the slice was given up for the whole package.
    package = install_package(
        "progresslib",
        {
            "__init__.py": "",
            "utils/__init__.py": "from .tqdm import disable_progress_bars, tqdm\n",
            "utils/tqdm.py": "def tqdm():\n    '''A bar.'''\n\n\ndef disable_progress_bars():\n"
            "    '''Hide the bars.'''\n",
        },
    )
    found = autodoc_slice(package, ["utils.disable_progress_bars"], tmp_path / "cache")
    assert found.path is not None and not found.undocumentable
    assert _documented(found.path, package, "utils.disable_progress_bars") == "Hide the bars."


def test_a_function_of_a_module_the_package_imports_is_documented(install_package, tmp_path):
    # `from .utils import logging` in datasets' __init__.py: `datasets.logging.set_verbosity`.
    package = install_package(
        "logginglib",
        {
            "__init__.py": "from .utils import logging\n",
            "utils/__init__.py": "",
            "utils/logging.py": "def set_verbosity(level):\n    '''Set how much is logged.'''\n",
        },
    )
    found = autodoc_slice(package, ["logging.set_verbosity"], tmp_path / "cache")
    assert found.path is not None and not found.undocumentable
    assert _documented(found.path, package, "logging.set_verbosity") == "Set how much is logged."
