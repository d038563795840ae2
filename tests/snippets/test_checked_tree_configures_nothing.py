"""`polydocs check` runs pytest on the host as its engine: nothing of the checked tree, or of the repository
around it, configures that run. A `conftest.py` is a contributor's code (pytest imported every one under
the checked folders and the repository root, on the host, outside the sandbox); a `pytest.ini`, `tox.ini`,
`setup.cfg` or `pyproject.toml` set pytest's options (its `log_file` overwrote any file the checker may
write, `required_plugins` stopped the check). Real `polydocs check` runs, from the repository root."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_sandbox import _block_statuses, _check_options, _start_check

_MARKER = "ran-on-the-host"
_CONFTEST = f"from pathlib import Path\n\nPath(__file__).with_name('{_MARKER}').write_text('conftest')\n"
_PAGE = "# Page\n\n```py\nassert 1 + 1 == 2\n```\n"
_OPTIONS = "log_file = {precious}\nlog_file_level = DEBUG\nrequired_plugins = pytest-nothing-of-that-name\n"
# Where a pull request can put pytest's settings: the checked folder, or the repository around it.
CONFIGURATIONS = {
    "docs/pytest.ini": "[pytest]\n" + _OPTIONS,
    "docs/tox.ini": "[pytest]\n" + _OPTIONS,
    "setup.cfg": "[tool:pytest]\n" + _OPTIONS,
    "pyproject.toml": "[tool.pytest.ini_options]\n" + _OPTIONS.replace(" = ", ' = "').replace("\n", '"\n'),
}


@pytest.mark.parametrize("configuration", sorted(CONFIGURATIONS))
def test_no_conftest_runs_and_no_settings_file_of_the_tree_is_read(
    tmp_path: Path, configuration: str
) -> None:
    (tmp_path / "docs").mkdir()
    for folder in (tmp_path, tmp_path / "docs"):
        (folder / "conftest.py").write_text(_CONFTEST, encoding="utf-8")
    precious = tmp_path / "precious.txt"
    precious.write_text("kept\n", encoding="utf-8")
    settings = CONFIGURATIONS[configuration].replace("{precious}", str(precious))
    (tmp_path / configuration).write_text(settings, encoding="utf-8")
    done, report = _start_check(tmp_path, {"page.md": _PAGE}, None, _check_options(tmp_path)).finish()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert _block_statuses(report) == ["passed"]
    assert not list(tmp_path.rglob(_MARKER))
    assert precious.read_text(encoding="utf-8") == "kept\n"
