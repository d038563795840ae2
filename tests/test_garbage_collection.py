"""A `polydocs` command's process, and serve's preview process, look for cyclic garbage less often than
Python's default (`polydocs/garbage_collection.py`), but the benchmark times its models with Python's own
thresholds: real processes, asked as they exit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.garbage_collection import PYTHON_DEFAULT, THRESHOLDS

REPO = Path(__file__).resolve().parents[1]


def _thresholds_at_exit(module: str, *arguments: str) -> str:
    """What `python -m module arguments` says of its collection thresholds as it exits (an atexit handler
    registered before the module runs)."""
    code = (
        "import atexit, gc, runpy, sys\n"
        "atexit.register(lambda: print('thresholds', gc.get_threshold(), file=sys.stderr))\n"
        f"sys.argv = [{module!r}, *{list(arguments)!r}]\n"
        f"runpy.run_module({module!r}, run_name='__main__')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    return done.stderr


@pytest.mark.parametrize(
    ("module", "argument"), [("polydocs", "--version"), ("polydocs.site.preview_process", "--help")]
)
def test_polydocs_processes_collect_less_often_than_pythons_default(module: str, argument: str) -> None:
    assert THRESHOLDS[0] > 700  # Python's default: a young collection every 700 new container objects
    assert f"thresholds {THRESHOLDS}" in _thresholds_at_exit(module, argument)


def test_the_benchmark_times_with_pythons_own_thresholds(tmp_path: Path) -> None:
    assert PYTHON_DEFAULT != THRESHOLDS
    at_exit = _thresholds_at_exit("polydocs", "bench", "compile", "--list", "--out", str(tmp_path / "b.json"))
    assert f"thresholds {PYTHON_DEFAULT}" in at_exit
