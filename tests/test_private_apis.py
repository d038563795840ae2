"""Private parts of MkDocs, Material, mkdocstrings, autorefs and transformers are used in their adapter
modules alone, and each adapter stops at import on a version it was not written for."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import polydocs
from polydocs import host_versions
from polydocs.host_versions import UnsupportedHostVersion, VersionRange
from polydocs.site.engine.mkdocs_private import ENGINE

SRC = Path(polydocs.__file__).parent
# Each adapter and the distribution whose versions it checks (the engine: mkdocs, or properdocs).
ADAPTERS = {
    "polydocs.site.engine.mkdocs_private": ENGINE,
    "polydocs.site.engine.mkdocstrings_private": "mkdocstrings",
    "polydocs.site.engine.autorefs_private": "mkdocs-autorefs",
    "polydocs.transformers_private": "transformers",
}
ADAPTER_FILES = {SRC.parent / (name.replace(".", "/") + ".py") for name in ADAPTERS} | {
    SRC / "site" / "engine" / "method_calls.py"
}
HOSTS = {"mkdocs", "properdocs", "material", "mkdocstrings", "mkdocs_autorefs", "transformers"}
# Private attributes polydocs reads or sets outside the adapters, each of a library other than the hosts
# above (so not this test's concern), or of polydocs' own classes. A new one fails the test: move it into
# the host's adapter, or add it here saying whose it is.
NOT_OF_A_HOST = {
    ("bench/measure_one.py", "torch._dynamo"),
    ("bench/measure_one.py", "torch._inductor"),
    ("lint/installed.py", "torch._inductor"),
    ("lint/installed.py", "torch._dynamo"),
    ("snippets/compile_proof.py", "torch._dynamo"),
    ("snippets/compile_proof.py", "torch._inductor"),
    ("snippets/compile_proof.py", "sys._getframe"),
    ("snippets/standins/web.py", "sys._current_frames"),
    ("snippets/child.py", "os._exit"),
    ("worker_processes.py", "os._exit"),
    ("site/preview_process.py", "os._exit"),  # ends the preview when serve is gone
    ("ci/command.py", "argparse._SubParsersAction"),
    ("init/command.py", "argparse._SubParsersAction"),
    ("site/command.py", "argparse._SubParsersAction"),
    ("snippets/command.py", "argparse._SubParsersAction"),
    ("markup/unsafe_html.py", "token._replace"),  # a NamedTuple's public copy-with-changes
    ("markup/visible_source.py", "reader._end_block"),  # polydocs' own HTML reader
    ("site/serve_languages.py", "queue._waiting"),  # polydocs' own LanguageQueue
    ("snippets/standins/datasets_build.py", "Features._from_yaml_list"),  # datasets
}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(path: Path) -> list[tuple[int, str]]:
    """Imports of a host's private names or modules, and `x._name` reads or writes (but `self._name`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in HOSTS:
            names = [*node.module.split("."), *(alias.name for alias in node.names)]
            found += [(node.lineno, f"from {node.module} import {name}") for name in names if _private(name)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in HOSTS and any(_private(part) for part in parts):
                    found.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and ast.unparse(node.func) in {"setattr", "delattr"}:
            if (
                len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
                and _private(str(node.args[1].value))
            ):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_private_parts_of_the_hosts_are_used_in_their_adapters_alone() -> None:
    outside = []
    for path in sorted(SRC.rglob("*.py")):
        if path in ADAPTER_FILES:
            continue
        relative = path.relative_to(SRC).as_posix()
        for line, use in _private_uses(path):
            if (relative, use) not in NOT_OF_A_HOST:
                outside.append(f"src/polydocs/{relative}:{line}: {use}")
    assert not outside, "private parts used outside the adapter modules (move them there):\n" + "\n".join(
        outside
    )


def test_the_transformers_adapter_tells_whether_an_auto_class_has_a_head() -> None:
    """What the stand-ins ask of transformers' private auto mapping (`snippets/standins/build.py`)."""
    transformers = pytest.importorskip("transformers")
    from polydocs.transformers_private import auto_class_has_head

    config = transformers.GPT2Config()
    assert auto_class_has_head(transformers.AutoModelForCausalLM, config)
    assert not auto_class_has_head(transformers.AutoModelForImageClassification, config)


def test_the_check_sees_a_private_import_and_a_private_attribute(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from mkdocs.commands.build import _build_page\n"
        "import mkdocstrings._internal.extension\n"
        "page._title_from_render = 'x'\n"
        "setattr(page, '_title_from_render', 'x')\n"
    )
    assert [line for line, _ in _private_uses(planted)] == [1, 2, 3, 4]


def _fresh(module: str) -> ModuleType:
    """The adapter's module executed again under another name (the one polydocs imported is untouched)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    copy = importlib.util.spec_from_file_location(f"{module}_under_test", spec.origin)
    assert copy is not None and copy.loader is not None
    loaded = importlib.util.module_from_spec(copy)
    sys.modules[copy.name] = loaded  # dataclasses look their module up while it executes
    try:
        copy.loader.exec_module(loaded)
    finally:
        del sys.modules[copy.name]
    return loaded


@pytest.mark.parametrize("module", list(ADAPTERS))
def test_an_adapter_loads_on_the_installed_version(module: str) -> None:
    if ADAPTERS[module] == "transformers":
        pytest.importorskip("transformers")
    _fresh(module)


@pytest.mark.parametrize("module", list(ADAPTERS))
def test_an_adapter_stops_on_a_version_it_was_not_written_for(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    distribution = ADAPTERS[module]
    monkeypatch.setattr(host_versions, "installed_version", lambda name: "99.0.0")
    with pytest.raises(UnsupportedHostVersion) as raised:
        _fresh(module)
    message = str(raised.value)
    assert f"{distribution} 99.0.0 is installed" in message
    assert f"{module}_under_test" in message and "pip install" in message
    assert f"{module}_under_test" not in sys.modules


def test_a_version_range_compares_release_numbers() -> None:
    written_for = VersionRange("1.6.1", "1.7")
    assert [v in written_for for v in ("1.6.0", "1.6.1", "1.6.10", "1.6.2rc1", "1.7.0", "1.10")] == [
        False,
        True,
        True,
        True,
        False,
        False,
    ]
    assert str(written_for) == ">=1.6.1,<1.7"
