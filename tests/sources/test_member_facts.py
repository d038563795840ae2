"""What member links read of a class is kept per installed library (`member_facts.py`), and a submodule is
found without importing its package (`installed_packages.submodule_spec`): a lint whose pages did not
change imports none of the library its links name, and says what the first lint said."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_member_links import LIBRARY, PAGES

# The library of test_member_links, noting each import of it in the file `$TUNERSHAPE_IMPORTS` names.
NOTED_LIBRARY = {
    **LIBRARY,
    "__init__.py": (
        "import os\n\n"
        "with open(os.environ['TUNERSHAPE_IMPORTS'], 'a') as imports:\n"
        "    imports.write('imported\\n')\n\n" + LIBRARY["__init__.py"]
    ),
}


def _written(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _lint(tmp_path: Path) -> list[tuple[str, int, str, str]]:
    environment = {
        **os.environ,
        "PYTHONPATH": str(tmp_path / "installed"),
        "POLYDOCS_CACHE": str(tmp_path / "cache"),
        "TUNERSHAPE_IMPORTS": str(tmp_path / "imports.txt"),
    }
    linted = subprocess.run(
        [sys.executable, "-m", "polydocs", "lint", "--format", "json", "docs"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert linted.returncode in (0, 1), linted.stderr
    return [(f["path"], f["line"], f["code"], f["message"]) for f in json.loads(linted.stdout)]


def _imports(tmp_path: Path) -> int:
    noted = tmp_path / "imports.txt"
    return len(noted.read_text(encoding="utf-8").splitlines()) if noted.exists() else 0


def test_a_second_lint_of_unchanged_pages_imports_none_of_the_library_and_finds_the_same(
    tmp_path: Path,
) -> None:
    package = _written(tmp_path / "installed" / "tunershape", NOTED_LIBRARY)
    _written(tmp_path / "docs", {**PAGES, "polydocs.yml": "library: tunershape\n"})
    first = _lint(tmp_path)
    assert _imports(tmp_path) == 1  # the member links read the classes, imported
    # The links the library's classes decide: a private method shown on no page, a method it lacks.
    unresolved = [message.split("]")[0] for _, _, code, message in first if code == "api-link-unresolved"]
    assert unresolved == ["[`LoraModel._get_kasa_loss`", "[`LoraModel.no_such_method`"]
    second = _lint(tmp_path)
    assert second == first
    assert _imports(tmp_path) == 1
    # The library edited in place (an editable install): its answers are asked again, importing it.
    model = package / "tuners" / "lora" / "model.py"
    model.write_text(model.read_text(encoding="utf-8") + "\n    def extra(self):\n        pass\n")
    assert _lint(tmp_path) == first
    assert _imports(tmp_path) == 2


@pytest.mark.parametrize("package", ["peft", "transformers", "accelerate"])
def test_a_submodule_is_found_where_importing_its_package_finds_it_without_importing_it(package: str) -> None:
    """The same answers as `importlib.util.find_spec` on the installed library, asked before it is
    imported (it stays unimported) and after."""
    names = ["functional", "utils", "tuners", "models", "trainer", "optimization", "state", "nope", "py"]
    program = textwrap.dedent(
        f"""
        import importlib.util, json, sys
        from polydocs.sources.installed_packages import submodule_spec
        if importlib.util.find_spec({package!r}) is None:
            print(json.dumps(None)); sys.exit()
        names = {names!r}
        before = [submodule_spec({package!r}, name) is not None for name in names]
        imported_before = {package!r} in sys.modules
        found = [importlib.util.find_spec({package!r} + "." + name) is not None for name in names]
        after = [submodule_spec({package!r}, name) is not None for name in names]
        print(json.dumps([before, imported_before, found, after]))
        """
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    if answers is None:
        pytest.skip(f"{package} is not installed")
    before, imported_before, found, after = answers
    assert not imported_before
    assert before == found == after
    assert any(found) and not all(found)
