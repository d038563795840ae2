#!/usr/bin/env python3
"""Time `polydocs init` on a copy of a real repository, and where its time goes.

    .venv/bin/python scripts/bench_init.py REPOSITORY [--source docs/source] [--src DIR] [--phases]

REPOSITORY is a folder holding a doc-builder tree (a clone, or a `git archive` of one): it is copied to a
temporary folder and committed there as a git repository of its own (init scans every tracked file for
secrets), then `polydocs init --force` runs on the copy twice, with an empty cache (cold) and with what
the first run left (warm; `--cold-only` skips it), each in a fresh copy at the same path (as a CI runner
checks every run out at one path: the secret scan keeps a tracked file's findings by its path and bytes).
Printed for each: wall seconds, CPU seconds (user + sys of init and every process it waited for), the
baseline's findings and its sha256 (the same digest from two versions of polydocs: the same baseline),
and the load average before and after, since other work on the machine moves the wall figures. `--src
DIR` runs the polydocs of another checkout's `src` (`git archive REV src | tar -x -C DIR`) to compare
versions on the same tree. `--phases` also times init's parts in one process (CPU seconds): reading the
tree, lint's page rules, and the secret scan of the pages and of the other tracked files.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

_PHASES = """
import os, sys
from pathlib import Path
from polydocs.init.discover import read_setup
from polydocs.lint.installed import InstalledFacts, default_store
from polydocs.lint.runner import lint_paths
from polydocs.lint.rules import PAGE_RULES
from polydocs.lint.secrets.scan import find_repository_root, load_allowlist, scan_for_secrets, tracked_files
from polydocs.sources import PAGE_SUFFIXES

repository, source = Path(sys.argv[1]), Path(sys.argv[2])
def cpu():  # this process's and its children's: lint forks a process per CPU on a large tree
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system
def timed(name, work):
    started = cpu()
    result = work()
    print(f"  {name}: {cpu() - started:.1f} s CPU", flush=True)
    return result
timed("read the tree (init's setup)", lambda: read_setup(repository, source))
facts = InstalledFacts(default_store())
rules = [*PAGE_RULES, "toctree"]
timed("lint's page rules", lambda: lint_paths([repository / source], rules=rules, facts=facts))
files = tracked_files(find_repository_root(repository))
pages = [path for path in files if path.suffix in PAGE_SUFFIXES]
others = [path for path in files if path.suffix not in PAGE_SUFFIXES]
allowlist, _ = load_allowlist(repository)
timed(f"secret scan of {len(pages)} pages", lambda: scan_for_secrets(pages, allowlist))
timed(f"secret scan of {len(others)} other tracked files", lambda: scan_for_secrets(others, allowlist))
"""


def _load() -> str:
    return "/".join(f"{value:.1f}" for value in os.getloadavg())


def _repository_copy(repository: Path, folder: Path) -> Path:
    copy = folder / repository.name
    shutil.copytree(repository, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    git = ["git", "-C", str(copy), "-c", "user.name=bench", "-c", "user.email=bench@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "copy", "--no-verify"], check=True)
    return copy


def _environment(src: Path, cache: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(src), "POLYDOCS_CACHE": str(cache)}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed_init(repository: Path, source: str, src: Path, cache: Path, label: str, folder: Path) -> None:
    shutil.rmtree(folder / repository.name, ignore_errors=True)
    copy = _repository_copy(repository, folder)
    load = _load()
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "polydocs", "init", "--force", "--source", source],
        cwd=copy,
        env=_environment(src, cache),
        capture_output=True,
        text=True,
    )
    wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
    if done.returncode != 0:
        sys.exit(f"polydocs init failed:\n{done.stdout}{done.stderr}")
    baseline = (copy / source / "_lint-baseline.jsonl").read_bytes()
    digest = hashlib.sha256(baseline).hexdigest()[:16]
    findings = baseline.count(b"\n")
    print(
        f"{label}: {wall:.1f} s wall, {cpu:.1f} s CPU; baseline {findings} findings, sha256 {digest}; "
        f"load {load} -> {_load()}",
        flush=True,
    )


def _phases(repository: Path, source: str, src: Path, cache: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="polydocs-bench-init-") as folder:
        copy = _repository_copy(repository, Path(folder))
        print(f"phases (one process, load {_load()}):", flush=True)
        subprocess.run(
            [sys.executable, "-c", _PHASES, str(copy), source],
            env=_environment(src, cache),
            check=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("repository", type=Path, help="a folder holding a doc-builder tree")
    parser.add_argument("--source", default="docs/source", help="the tree, relative to it")
    parser.add_argument("--src", type=Path, default=REPO / "src", help="the polydocs package's folder")
    parser.add_argument("--cold-only", action="store_true", help="skip the run with a warm cache")
    parser.add_argument("--phases", action="store_true", help="also time init's parts in one process")
    args = parser.parse_args()
    tracked = sum(1 for path in args.repository.rglob("*") if path.is_file() and ".git" not in path.parts)
    pages = sum(1 for path in (args.repository / args.source).rglob("*.md*") if path.is_file())
    print(f"{args.repository.name}: {pages} pages, {tracked} files; polydocs from {args.src}", flush=True)
    with (
        tempfile.TemporaryDirectory(prefix="polydocs-bench-cache-") as cache,
        tempfile.TemporaryDirectory(prefix="polydocs-bench-init-") as folder,
    ):
        timed = partial(_timed_init, args.repository, args.source, args.src, Path(cache), folder=Path(folder))
        timed("cold (empty cache)")
        if not args.cold_only:
            timed("warm (the cache it left)")
        if args.phases:
            _phases(args.repository, args.source, args.src, Path(cache))


if __name__ == "__main__":
    main()
