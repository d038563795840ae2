#!/usr/bin/env python3
"""Build generated trees of growing size; print wall time, time per page, peak memory and median page size.

Each tree has N pages per language in three languages (en, es, pt): realistic pages (headings, code
blocks, both callout syntaxes, tables) under a `_toctree.yml` of sections nested three levels deep;
Spanish translates 70 % of the pages and Portuguese 35 %, so the rest fall back to English. polydocs is
built three times per tree: with an empty conversion cache ("cold"), again with nothing changed
("warm": the languages are kept as they are), then after editing one Spanish page ("1 edit": Spanish
is built again from the page cache). `--static-i18n` also builds each tree with Material +
mkdocs-static-i18n, set up as `scripts/bench_build.py` does (its own virtualenv, `.venv-bench`,
installed on first use).
CPU time (user + system, of the build and every process it waited for) is printed beside the wall
time: on a shared machine it moves less with the load. Peak memory is the largest resident set of the
build's processes (`wait4`'s rusage of the child, which covers the language processes it waited for).
The load is the machine's 1-minute load average when the build ended; with `--static-i18n`, a last
line per size gives static-i18n's time over polydocs' cold one. polydocs' modules are compiled to
bytecode first, as an installed package's are.
Usage: .venv/bin/python scripts/bench_scale.py [--sizes 50,200,1000,2000] [--static-i18n] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_build  # a sibling script, not a package

LANGUAGES = {"en": 1.0, "es": 0.7, "pt": 0.35}  # the share of the English pages each language translates
LEAF_SIZE = 12  # a section holding at most this many pages is not split further
SPLIT = 5  # subsections per section
DEPTH = 3  # sections nest this deep

_PAGE = """\
# {title}

This page explains {topic} in a library of {pages} pages: what it is for, how to call it, and what to
watch for. The [`Trainer`] and the [`~PreTrainedModel.from_pretrained`] method appear in the examples.

## Overview

{topic_cap} is configured once and reused. The example below loads a model and runs it on one batch;
every step is explained under the code.

```py
import torch

model = torch.nn.Linear({n}, {m})
batch = torch.randn(8, {n})
with torch.no_grad():
    output = model(batch)
print(output.shape)
```

<Tip>

Set the seed before building the model so that two runs of this example give the same numbers.

</Tip>

## Options

| option | default | what it does |
|---|---|---|
| `batch_size` | 8 | examples per step |
| `max_length` | {n} | tokens kept per example |
| `dtype` | `float32` | the precision of the weights |

### Choosing a batch size

A larger batch uses more memory and fewer steps. Start with the default and double it while the
device has room.

> [!WARNING]
> A batch that does not fit raises an out-of-memory error on the first step, not at load time.

## Going further

```py
for epoch in range(3):
    for step in range({m}):
        loss = model(batch).sum()
        loss.backward()
```

The next pages of this section build on this one.
"""


def _page_text(local: str, pages: int, lang: str) -> str:
    index = int(local.rsplit("_", 1)[-1]) if "_" in local else 0
    topic = f"topic {index}"
    title = f"Topic {index}" if lang == "en" else f"Topic {index} ({lang})"
    n, m = 16 + index % 48, 4 + index % 12
    return _PAGE.format(title=title, topic=topic, topic_cap=topic.capitalize(), pages=pages, n=n, m=m)


def _sections(locals_: list[str], depth: int, label: str) -> list[dict[str, object]]:
    """A nested toctree over these pages: two pages first, the rest split into subsections."""
    if len(locals_) <= LEAF_SIZE or depth == DEPTH:
        return [{"local": local, "title": local.rsplit("/", 1)[-1].replace("_", " ")} for local in locals_]
    entries: list[dict[str, object]] = [{"local": local, "title": local} for local in locals_[:2]]
    rest = locals_[2:]
    size = -(-len(rest) // SPLIT)
    for number, start in enumerate(range(0, len(rest), size), 1):
        name = f"{label}.{number}"
        entries.append(
            {"title": f"Section {name}", "sections": _sections(rest[start : start + size], depth + 1, name)}
        )
    return entries


def english_toctree(pages: int) -> list[dict[str, object]]:
    """Top-level sections (one folder each) of nested subsections; the home page first."""
    locals_ = [f"part{1 + i * SPLIT // pages}/page_{i:04d}" for i in range(1, pages)]
    parts: dict[str, list[str]] = {}
    for local in locals_:
        parts.setdefault(local.split("/")[0], []).append(local)
    toctree: list[dict[str, object]] = [
        {"title": "Get started", "sections": [{"local": "index", "title": "Home"}]}
    ]
    for number, inside in enumerate(parts.values(), 1):
        toctree.append({"title": f"Part {number}", "sections": _sections(inside, 2, str(number))})
    return toctree


def _translated(entries: list[dict[str, object]], keep: set[str], lang: str) -> list[dict[str, object]]:
    kept: list[dict[str, object]] = []
    for entry in entries:
        if "sections" in entry:
            inside = _translated(entry["sections"], keep, lang)  # type: ignore[arg-type]
            if inside:
                kept.append({"title": f"{entry['title']} ({lang})", "sections": inside})
        elif entry["local"] in keep:
            kept.append({**entry, "title": f"{entry['title']} ({lang})"})
    return kept


def _locals(entries: list[dict[str, object]]) -> list[str]:
    found: list[str] = []
    for entry in entries:
        found += _locals(entry["sections"]) if "sections" in entry else [str(entry["local"])]  # type: ignore[arg-type]
    return found


def write_tree(root: Path, pages: int) -> None:
    """docs/<lang>/ with `_toctree.yml` and the pages each language has."""
    english = english_toctree(pages)
    everything = _locals(english)
    for lang, share in LANGUAGES.items():
        keep = {local for i, local in enumerate(everything) if i % 20 < share * 20}
        toctree = english if lang == "en" else _translated(english, keep, lang)
        folder = root / lang
        folder.mkdir(parents=True)
        (folder / "_toctree.yml").write_text(yaml.safe_dump(toctree, sort_keys=False, allow_unicode=True))
        for local in _locals(toctree):
            path = folder / f"{local}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_page_text(local, pages, lang), encoding="utf-8")


@dataclass
class Run:
    seconds: float
    cpu_seconds: float
    peak_mb: float


def _run(command: list[str], cache: Path | None = None) -> Run:
    """Wall time and peak resident memory of one build (rusage of the child and what it waited for)."""
    environment = dict(os.environ)
    if cache is not None:
        environment["POLYDOCS_CACHE"] = str(cache)
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=bench_build.REPO, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        sys.exit(f"failed: {' '.join(command)}\n{errors.decode(errors='replace')[-3000:]}")
    return Run(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def _pages_built(site: Path) -> list[Path]:
    return list(site.glob("**/index.html"))


def _median_kb(site: Path) -> float:
    return statistics.median(path.stat().st_size for path in _pages_built(site)) / 1000


def _row(label: str, pages: int, run: Run, site: Path) -> str:
    built = len(_pages_built(site))
    per_page = run.seconds / built * 1000
    cpu_per_page = run.cpu_seconds / built * 1000
    figures = f"{run.seconds:>8.2f} {per_page:>8.1f} {run.cpu_seconds:>8.2f} {cpu_per_page:>8.1f}"
    figures += f" {run.peak_mb:>8.0f} {_median_kb(site):>9.1f} {os.getloadavg()[0]:>5.2f}"
    return f"{pages:>6} {label:<14} {built:>6} {figures}"


def bench_size(work: Path, pages: int, static_i18n: bool) -> list[str]:
    tree = work / f"tree-{pages}"
    write_tree(tree, pages)
    ours = [
        sys.executable,
        "-m",
        "polydocs",
        "build",
        "--source",
        str(tree),
        "--out",
        str(work / f"ours-{pages}"),
    ]
    cache = work / f"cache-{pages}"
    cold = _run(ours, cache)
    rows = [_row("polydocs cold", pages, cold, work / f"ours-{pages}")]
    rows.append(_row("polydocs warm", pages, _run(ours, cache), work / f"ours-{pages}"))
    # One translated page edited: its language is built again from the page cache, the others kept.
    edited = next(iter(sorted((tree / "es").rglob("page_*.md"))))
    edited.write_text(edited.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    rows.append(_row("polydocs 1 edit", pages, _run(ours, cache), work / f"ours-{pages}"))
    if static_i18n:
        config = work / f"mkdocs-{pages}.yml"
        site = work / f"baseline-{pages}"
        config.write_text(yaml.safe_dump(bench_build._baseline_config(tree, list(LANGUAGES), site)))
        base = [str(bench_build._baseline_mkdocs()), "build", "--quiet", "-f", str(config)]
        baseline = _run(base)
        rows.append(_row("static-i18n", pages, baseline, site))
        speed_up = (
            f"wall {baseline.seconds / cold.seconds:.2f}x, cpu {baseline.cpu_seconds / cold.cpu_seconds:.2f}x"
        )
        rows.append(f"{pages:>6} {'cold speed-up':<14} {'':>6} {speed_up} (static-i18n / polydocs cold)")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="50,200,1000,2000", help="pages per language, comma-separated")
    parser.add_argument(
        "--static-i18n", action="store_true", help="also build with Material + mkdocs-static-i18n"
    )
    parser.add_argument(
        "--keep", type=Path, help="build here and keep the trees and sites (default: a temp dir)"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    bench_build.compile_bytecode([None])
    figures = f"{'wall s':>8} {'ms/page':>8} {'cpu s':>8} {'cpu ms/p':>8} {'peak MB':>8} {'median kB':>9}"
    figures += f" {'load':>5}"
    print(f"{'pages':>6} {'build':<14} {'built':>6} {figures}")
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as scratch:
        work = args.keep or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        for pages in sizes:
            for row in bench_size(work, pages, args.static_i18n):
                print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
