"""Try a tiny stand-in of every model type transformers registers; print the ones that do not build, grouped
by why, and the counts.

Each model type is built as the stand-in builder builds a page's id (`standins.build.build_all`, the
model type given as an override so that no id has to name it): its configuration class's defaults,
shrunk, saved, loaded again through `from_pretrained` and run once. Types are spread over worker
processes (one builder each). A type whose module needs a library that is not installed is counted apart.

    PYTHONPATH=src python3 scripts/standin_families.py [--workers N] [--json FILE] [MODEL_TYPE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _limit_memory(gigabytes: float) -> None:
    """A type whose tiny stand-in outgrows this fails with MemoryError instead of taking the machine."""
    limit = int(gigabytes * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


_HOME: list[Path] = []  # one stand-in folder per worker process: the checkpoint index is made once


def _build(model_type: str) -> tuple[str, str]:
    os.environ["HF_HUB_DISABLE_PROGRESS_BARS"] = "1"
    from polydocs.snippets.standins.build import build_all
    from polydocs.snippets.standins.models import StandInRequest

    if not _HOME:
        _HOME.append(Path(tempfile.mkdtemp(prefix="standin-families-")))
    override = {"model_type": model_type, "config": {}, "model_class": ""}
    request = StandInRequest(f"polydocs-sweep/{model_type}", (), override=override)
    problem = build_all([request], "tiny", _HOME[0])[request.key].problem
    shutil.rmtree(_HOME[0] / "hub", ignore_errors=True)  # the weights: the next type needs the room
    return model_type, problem


def _why(problem: str) -> str:
    """The problem without its numbers and names, so that one cause is one group."""
    first = re.sub(r"the derived \S+ stand-in", "the derived stand-in", re.split(r"; shallow: ", problem)[0])
    return re.sub(r"\d+", "N", re.sub(r"'[^']*'|\[[^\]]*\]", "…", first))[:160]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="processes building at once")
    parser.add_argument("--memory-gb", type=float, default=6.0, help="address space of each worker")
    parser.add_argument("--json", type=Path, help="write every type's problem ('' when built) here")
    parser.add_argument("types", nargs="*", help="model types to try (default: every registered one)")
    arguments = parser.parse_args()
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    types = arguments.types or sorted(CONFIG_MAPPING_NAMES)
    started = time.perf_counter()
    problems: dict[str, str] = {}
    limit = (arguments.memory_gb,)
    with ProcessPoolExecutor(arguments.workers, initializer=_limit_memory, initargs=limit) as pool:
        for model_type, problem in pool.map(_build, types):
            problems[model_type] = problem  # as each ends: a run stopped early still says what it saw
            print(f"{model_type}: {problem or 'built'}"[:300], flush=True)
    missing = {t: p for t, p in problems.items() if ("requires" in p and "library" in p) or "No module" in p}
    failing = {t: p for t, p in problems.items() if p and t not in missing}
    groups: dict[str, list[str]] = defaultdict(list)
    for model_type, problem in sorted(failing.items()):
        groups[_why(problem)].append(model_type)
    for why, members in sorted(groups.items(), key=lambda item: -len(item[1])):
        print(f"{len(members):4d}  {why}\n      {' '.join(members)}")
    built = sum(1 for p in problems.values() if not p)
    print(
        f"{len(types)} model types: {built} built, {len(failing)} failed, {len(missing)} need a library "
        f"not installed; {time.perf_counter() - started:.0f} s with {arguments.workers} workers"
    )
    if arguments.json:
        arguments.json.write_text(json.dumps(problems, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
