"""The checker and the benchmarks run on a GPU host that has none of the site's or lint's packages.

Each of those packages is replaced by one that refuses to import, ahead of the real one on the path, and
the real commands run in a subprocess as they are run there (`PYTHONPATH=src python3 -m polydocs ...`).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src"
# What a GPU host has of polydocs' own dependencies (beside torch, transformers, accelerate, pytest): the
# parser and what transformers pulls in. Every other dependency of the site and lint is refused there.
ON_THE_GPU_HOST = frozenset({"markdown-it-py", "pyyaml", "tqdm"})


def _site_only() -> list[str]:
    """The import names of every dependency in pyproject.toml a GPU host lacks, read from the installed
    distributions (so that a dependency added later is refused too, without editing this test)."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    lacking = {canonicalize(re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0]) for requirement in declared}
    lacking -= ON_THE_GPU_HOST
    names = sorted(
        name
        for name, distributions in importlib.metadata.packages_distributions().items()
        if any(canonicalize(d) in lacking for d in distributions) and _is_module(name)
    )
    assert {"mkdocs", "material", "nh3", "latex2mathml"} <= set(names), names
    return names


def _is_module(name: str) -> bool:
    """A module or regular package (a distribution's record may also name `tests` or `docs` folders)."""
    spec = importlib.util.find_spec(name) if name.isidentifier() else None
    return spec is not None and spec.origin is not None


def canonicalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _refusing_packages(folder: Path) -> Path:
    for name in _site_only():
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text(f"raise ImportError('{name} is not installed here')\n")
    return folder


def _run(args: list[str], cwd: Path, blocked: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{blocked}{os.pathsep}{SRC}"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_check_runs_a_page_without_the_site_packages(tmp_path: Path) -> None:
    blocked = _refusing_packages(tmp_path / "blocked")
    (tmp_path / "docs" / "en").mkdir(parents=True)
    (tmp_path / "docs" / "en" / "index.md").write_text("# Sums\n\n```py\nprint(1 + 1)\n```\n")
    result = _run(["-m", "polydocs", "check", "docs"], tmp_path, blocked)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed, 0 failed" in result.stdout


def test_the_benchmarks_gemma_configuration_needs_no_site_packages(tmp_path: Path) -> None:
    # The gemma-2b benchmark takes its configuration from the checker's stand-in registry, which imports
    # the site model (`polydocs.sources`): that import must not need Babel.
    blocked = _refusing_packages(tmp_path / "blocked")
    code = (
        "import transformers\n"
        "from polydocs.bench.models import build_model\n"
        "print(type(build_model('gemma-2b', 'cpu', 'float32', smoke=True)).__name__)\n"
    )
    result = _run(["-c", code], tmp_path, blocked)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "GemmaForCausalLM"
