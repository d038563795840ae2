"""pyproject.toml accepts ranges; constraints.txt records the one set of versions that is installed and
tested: complete (every package polydocs and its extras need, theirs included), within the ranges, and
equal to what this environment has; the Makefile installs with it."""

from __future__ import annotations

import importlib.metadata as metadata
import re
import subprocess
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]


def _requirements() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    return [
        Requirement(text)
        for text in project["dependencies"] + [r for group in extras.values() for r in group]
    ]


def _constraints() -> dict[str, Version]:
    pinned: dict[str, Version] = {}
    for number, line in enumerate((REPO / "constraints.txt").read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        requirement = Requirement(text)
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"constraints.txt:{number}: expected NAME==VERSION"
        name = canonicalize_name(requirement.name)
        assert name not in pinned, f"constraints.txt:{number}: {name} is listed twice"
        pinned[name] = Version(specifier.version)
    return pinned


def _needed(requirements: list[Requirement]) -> set[str]:
    """Every distribution the requirements need in this environment, their dependencies included (with
    the extras asked for and the markers that hold here)."""
    needed: dict[str, set[str]] = {}
    waiting = [(requirement, {""}) for requirement in requirements]
    while waiting:
        requirement, extras = waiting.pop()
        if requirement.marker and not any(requirement.marker.evaluate({"extra": e}) for e in extras):
            continue
        name = canonicalize_name(requirement.name)
        asked = set(requirement.extras) | {""}
        if name in needed and asked <= needed[name]:
            continue
        needed[name] = needed.get(name, set()) | asked
        for text in metadata.distribution(name).requires or []:
            waiting.append((Requirement(text), asked))
    return set(needed)


def test_runtime_dependencies_are_ranges_and_the_constraints_lie_within_them() -> None:
    pinned = _constraints()
    problems = []
    for requirement in _requirements():
        name = canonicalize_name(requirement.name)
        operators = {specifier.operator for specifier in requirement.specifier}
        if operators != {">=", "<"}:
            problems.append(f"{requirement}: give a range, >=TESTED,<NEXT-MAJOR")
        if name not in pinned:
            problems.append(f"{requirement}: no entry in constraints.txt")
        elif not requirement.specifier.contains(pinned[name], prereleases=True):
            problems.append(f"{requirement}: constraints.txt pins {pinned[name]}, outside the range")
        elif Version(min(s.version for s in requirement.specifier if s.operator == ">=")) != pinned[name]:
            problems.append(f"{requirement}: the lower bound is not the tested version {pinned[name]}")
    assert not problems, "\n".join(problems)


# The CUDA build of torch (PyPI's Linux wheel, the GPU machines') needs its CUDA runtime, which the CPU
# build tested here does not; torch pins those packages exactly itself.
_CUDA_RUNTIME = re.compile(r"nvidia-.+|triton|cuda-.+")


def test_the_constraints_are_every_needed_package_at_its_installed_version() -> None:
    pinned = _constraints()
    needed = {name for name in _needed(_requirements()) if not _CUDA_RUNTIME.fullmatch(name)}
    assert sorted(needed - set(pinned)) == [], "needed packages constraints.txt does not pin"
    assert sorted(set(pinned) - needed) == [], "constraints.txt pins packages nothing needs"
    differing = {
        name: (str(version), metadata.version(name))
        for name, version in pinned.items()
        if Version(metadata.version(name)).public != str(version)  # torch's local `+cpu` is its build
    }
    assert differing == {}, "installed versions differ from constraints.txt (pinned, installed)"


def test_the_makefile_installs_with_the_constraints_again_when_they_change() -> None:
    planned = subprocess.run(
        ["make", "-n", "-W", "constraints.txt", ".venv/.dev-installed", ".venv/.site-installed"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installer = (
        "VIRTUAL_ENV=.venv UV_COMPILE_BYTECODE=1 .venv/bin/uv pip install --quiet -c constraints.txt -e"
    )
    assert f"{installer} '.[check,dev]'" in planned
    assert f"{installer} ." in planned
