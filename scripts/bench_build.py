#!/usr/bin/env python3
"""Build the same trees with polydocs and with Material + mkdocs-static-i18n; print both wall times.

The baseline is installed only for this benchmark, into its own virtualenv (`.venv-bench`).
polydocs is timed twice per run: with an empty conversion cache (a first build) and again with the
cache that first build left (a rebuild after an edit, or `make docs` run twice). Each figure is the
median wall time with the CPU time beside it, and the load average before and after the tree's runs.
Usage: .venv/bin/python scripts/bench_build.py [--repeat N] [--before SRC] [TREE ...]
(default trees: docs_src and ../shared/corpus/transformers-docs when present). `--before SRC` also
times the polydocs whose package is under SRC (a copy of the code before a change, its `src` folder),
alternated with this one run by run, so that both see the same machine load. The timed polydocs'
modules are compiled to bytecode first, as an installed package's are (`compile_bytecode`).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
# `POLYDOCS_BENCH_VENV` puts it elsewhere (a folder under /tmp, kept out of the checkout).
BENCH_VENV = Path(os.environ.get("POLYDOCS_BENCH_VENV") or REPO / ".venv-bench")
BASELINE = [
    "mkdocs==1.6.1",
    "mkdocs-material==9.8.1",
    "pymdown-extensions==13.1",
    "mkdocs-static-i18n==1.3.1",
]
LANGUAGE_NAMES = {"en": "English", "es": "Español", "pt": "Português"}


def _baseline_mkdocs() -> Path:
    mkdocs = BENCH_VENV / "bin" / "mkdocs"
    if not mkdocs.exists():
        venv.create(BENCH_VENV, with_pip=True)
        subprocess.run(
            [BENCH_VENV / "bin" / "python", "-m", "pip", "install", "--quiet", *BASELINE], check=True
        )
    return mkdocs


def _baseline_config(tree: Path, languages: list[str], site: Path) -> dict[str, object]:
    """Material + mkdocs-static-i18n over the language folders; a tree of one language, with no
    language folders (peft's), is built by Material alone."""
    i18n = {
        "i18n": {
            "docs_structure": "folder",
            "fallback_to_default": True,
            "languages": [
                {
                    "locale": code,
                    "name": LANGUAGE_NAMES.get(code, code),
                    "default": code == "en",
                    "build": True,
                }
                for code in languages
            ],
        }
    }
    return {
        "site_name": "baseline",
        "docs_dir": str(tree),
        "site_dir": str(site),
        "exclude_docs": "_toctree.yml\n_data/\npolydocs.yml\n",
        "theme": {"name": "material", "font": False},
        "plugins": ["search", *([i18n] if languages else [])],
        "markdown_extensions": [
            "admonition",
            "attr_list",
            "md_in_html",
            "tables",
            {"toc": {"permalink": True}},
            "pymdownx.details",
            "pymdownx.superfences",
            {"pymdownx.highlight": {"pygments_lang_class": True}},
            "pymdownx.inlinehilite",
            {"pymdownx.tabbed": {"alternate_style": True}},
        ],
    }


@dataclass(frozen=True)
class Timing:
    """One build's wall time and CPU time (user + system, of the build and every process it waited for:
    on a machine shared with other work the CPU time moves less with the load)."""

    wall: float
    cpu: float


def _timed(command: list[str], cache: Path | None = None, source: Path | None = None) -> Timing:
    environment = dict(os.environ)
    if cache is not None:
        environment["POLYDOCS_CACHE"] = str(cache)
    if source is not None:
        environment["PYTHONPATH"] = str(source)
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=REPO, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"failed: {' '.join(command)}\n{errors.decode(errors='replace')[-3000:]}")
    return Timing(elapsed, usage.ru_utime + usage.ru_stime)


def compile_bytecode(sources: list[Path | None]) -> None:
    """Compile the timed polydocs' modules first, as installing a package does. Where
    PYTHONDONTWRITEBYTECODE is set (as in some shells and CI images), a checkout's modules are otherwise
    compiled again by every timed build: about 0.2 s of a docs_src build's 1.1 s on the 2-core machine."""
    for source in sources:
        spec = importlib.util.find_spec("polydocs")
        installed = spec.submodule_search_locations if spec and spec.submodule_search_locations else []
        for folder in [source / "polydocs"] if source is not None else installed:
            compileall.compile_dir(str(folder), quiet=1)


def _median(timings: list[Timing]) -> Timing:
    return Timing(statistics.median(t.wall for t in timings), statistics.median(t.cpu for t in timings))


@dataclass(frozen=True)
class TreeTimes:
    """Median times of one tree: polydocs with an empty cache and with its cache warm, the baseline."""

    cold: Timing
    warm: Timing
    base: Timing


def bench_tree(tree: Path, repeat: int, sources: list[Path | None]) -> list[TreeTimes]:
    """The tree's times with each of `sources` (None: the polydocs this Python imports), alternated
    run by run with the baseline, so that all of them see the same machine load. The cache is empty
    for a cold build, the names the documented library exports included (`cache/api`): a first
    build on a machine, or in a CI job that keeps no cache."""
    languages = sorted(p.name for p in tree.iterdir() if (p / "_toctree.yml").is_file())
    mkdocs = _baseline_mkdocs()
    with tempfile.TemporaryDirectory(prefix="bench-build-") as scratch:
        work = Path(scratch)
        config = work / "mkdocs.yml"
        config.write_text(yaml.safe_dump(_baseline_config(tree.resolve(), languages, work / "baseline")))
        ours_cmd = [
            sys.executable,
            "-m",
            "polydocs",
            "build",
            "--source",
            str(tree),
            "--out",
            str(work / "ours"),
        ]
        base_cmd = [str(mkdocs), "build", "--quiet", "-f", str(config)]
        cold: list[list[Timing]] = [[] for _ in sources]
        warm: list[list[Timing]] = [[] for _ in sources]
        base: list[Timing] = []
        for run in range(repeat):
            for index, source in enumerate(sources):
                cache = work / f"cache-{run}-{index}"
                cold[index].append(_timed(ours_cmd, cache, source))
                warm[index].append(_timed(ours_cmd, cache, source))
            base.append(_timed(base_cmd))
    return [TreeTimes(_median(c), _median(w), _median(base)) for c, w in zip(cold, warm, strict=True)]


def _figure(timing: Timing, base: Timing) -> str:
    """`wall s (cpu s)` and the speed-up over the baseline, by wall time (by CPU time)."""
    times = f"{timing.wall:.2f} ({timing.cpu:.2f})"
    ratios = f"{base.wall / timing.wall:.2f}x ({base.cpu / timing.cpu:.2f}x)"
    return f"{times:>15} {ratios:>15}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("trees", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, metavar="SRC", help="also time the polydocs under SRC")
    args = parser.parse_args()
    trees = args.trees or [REPO / "docs_src", REPO.parent / "shared" / "corpus" / "transformers-docs"]
    sources = [None, args.before.resolve()] if args.before else [None]
    compile_bytecode(sources)
    print("median wall time in seconds (CPU time of the build and its processes); load: 1-minute averages")
    header = f"{'tree':<18} {'static-i18n':>15} {'polydocs cold':>15} {'speed-up':>15}"
    print(f"{header} {'polydocs warm':>15} {'speed-up':>15}  load before, after")
    for tree in trees:
        if not tree.is_dir():
            print(f"{tree.name:<18} (absent, skipped)")
            continue
        load = os.getloadavg()[0]
        measured = bench_tree(tree, args.repeat, sources)
        for source, times in zip(sources, measured, strict=True):
            name = tree.name if source is None else f"{tree.name} (before)"
            baseline = f"{times.base.wall:.2f} ({times.base.cpu:.2f})"
            figures = f"{_figure(times.cold, times.base)} {_figure(times.warm, times.base)}"
            row = f"{name:<18} {baseline:>15} {figures}"
            print(f"{row}  {load:.2f}, {os.getloadavg()[0]:.2f}", flush=True)
        if args.before:
            print(f"{'':<18} (before: {args.before})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
