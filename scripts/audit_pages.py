"""Run the snippet checker on a fixed set of real pages of other libraries, for a verdict-by-verdict audit.

    PYTHONPATH=src python3 scripts/audit_pages.py --mirrors DIR [--corpus DIR] [--cache-dir DIR] [--out F]
    PYTHONPATH=src python3 scripts/audit_pages.py --lines-of REPORT.json

The pages (AUDIT_PAGES) come from bare git mirrors of accelerate, diffusers, peft and datasets
(`DIR/huggingface+NAME/repo`, read with `git archive HEAD docs/source`) and from a transformers docs tree;
they are extracted with the files their `<literalinclude>`s read into a temporary tree (never into this
repository), and `polydocs check TREE -n 1 --report-json` runs on it under `nice -n 19`. The verdicts of
the previous run are dropped from the cache first (its stand-ins and compiled kernels stay), so every
session runs. Printed: one line per session (the page's file in the tree and the line of its first fence,
`diffusers/en/quicktour.md:51`; status, then its first failure, blocked reason or fragment reason) for a
human to audit against the page, the checker's own coverage line, and the wall time. A library whose
mirror is absent is named and left out; with none left the script exits 0 saying so. The audit itself,
session by session, is in docs/checking.md, "Audit on real pages of five libraries".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# library -> (where its docs come from, the pages under docs/source in that tree)
AUDIT_PAGES: dict[str, tuple[str, ...]] = {
    "accelerate": (
        "quicktour.md",
        "basic_tutorials/migration.md",
        "basic_tutorials/execution.md",
        "basic_tutorials/troubleshooting.md",
        "usage_guides/big_modeling.md",
        "usage_guides/gradient_accumulation.md",
        "usage_guides/checkpoint.md",
        "usage_guides/tracking.md",
        "usage_guides/profiler.md",
    ),
    "diffusers": (
        "en/quicktour.md",
        "en/tutorials/autopipeline.md",
        "en/tutorials/basic_training.md",
        "en/using-diffusers/loading.md",
        "en/using-diffusers/schedulers.md",
        "en/using-diffusers/reusing_seeds.md",
        "en/using-diffusers/write_own_pipeline.md",
        "en/using-diffusers/callback.md",
        "ja/quicktour.md",
        "zh/tutorials/autopipeline.md",
    ),
    "peft": (
        "quicktour.md",
        "developer_guides/checkpoint.md",
        "developer_guides/custom_models.md",
        "developer_guides/low_level_api.md",
        "developer_guides/model_merging.md",
        "developer_guides/troubleshooting.md",
        "developer_guides/mixed_models.md",
        "developer_guides/torch_compile.md",
        "guides/peft_model_config.md",
    ),
    "datasets": (
        "quickstart.mdx",
        "load_hub.mdx",
        "process.mdx",
        "use_dataset.mdx",
        "use_with_pytorch.mdx",
        "use_with_numpy.mdx",
        "about_dataset_features.mdx",
        "create_dataset.mdx",
        "cache.mdx",
        "stream.mdx",
    ),
    # the transformers corpus tree has its language folders at its top, no docs/source
    "transformers": (
        "es/autoclass_tutorial.md",
        "es/pipeline_tutorial.md",
        "es/fast_tokenizers.md",
    ),
}
_INCLUDE_PATH = re.compile(r"<literalinclude>\s*\{[^}]*?\"path\"\s*:\s*\"([^\"]+)\"", re.S)


def main() -> int:
    args = _arguments()
    if args.lines_of:
        report = json.loads(args.lines_of.read_text(encoding="utf-8"))
        print("\n".join(audit_lines(report)))
        return 0
    tree = Path(tempfile.mkdtemp(prefix="polydocs-audit-"))
    present = extract_pages(tree, args.mirrors, args.corpus)
    if not present:
        print(
            f"no mirror of {', '.join(AUDIT_PAGES)} under {args.mirrors} or {args.corpus}: nothing to audit"
        )
        return 0
    cache = args.cache_dir.resolve()
    shutil.rmtree(cache / "results", ignore_errors=True)  # every session runs; stand-ins stay warm
    report_path = (args.out or tree.with_suffix(".json")).resolve()
    command = ["nice", "-n", "19", sys.executable, "-m", "polydocs", "check", *present, "-n", "1"]
    command += ["--report-json", str(report_path), "--cache-dir", str(cache)]
    source = os.pathsep.join(
        str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "src").split(os.pathsep)
    )
    started = time.perf_counter()
    # from the tree's top: the checker runs only pages inside the folder it is started in
    subprocess.run(
        command, check=False, cwd=tree, stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=source)
    )
    wall = time.perf_counter() - started
    if not report_path.is_file():
        print(
            f"{report_path}: the check wrote no report (run it by hand in {tree} to see why)", file=sys.stderr
        )
        return 2
    report = json.loads(report_path.read_text(encoding="utf-8"))
    print("\n".join(audit_lines(report)))
    print(f"\nwall {wall:.0f} s with -n 1; tree: {tree}; report: {report_path}")
    return 0


def extract_pages(tree: Path, mirrors: Path, corpus: Path) -> list[str]:
    """Each library's audit pages (and the files their literalincludes read) under tree/LIBRARY; the
    libraries extracted, a line on stderr for each one whose source is absent."""
    present = []
    for library, pages in AUDIT_PAGES.items():
        if library == "transformers":
            source = corpus if corpus.is_dir() else None
        else:
            source = _archive(mirrors / f"huggingface+{library}" / "repo", tree / ".archives" / library)
        if source is None:
            print(f"{library}: no docs tree found, left out of the audit", file=sys.stderr)
            continue
        for page in pages:
            if not _copy(source, page, tree / library):
                continue
            text = (source / page).read_text(encoding="utf-8")
            for include in _INCLUDE_PATH.findall(text):
                _copy(source, os.path.normpath(Path(page).parent / include), tree / library)
        present.append(library)
    shutil.rmtree(tree / ".archives", ignore_errors=True)
    return present


def _archive(git_dir: Path, into: Path) -> Path | None:
    """docs/source of the mirror's HEAD, extracted into `into`; None without the mirror."""
    if not (git_dir / "HEAD").is_file():
        return None
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", f"--git-dir={git_dir}", "archive", "HEAD", "docs/source"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "docs" / "source"


def _copy(source: Path, relative: str | Path, into: Path) -> bool:
    """source/relative copied to into/relative; False (and a line on stderr) where the revision lacks it."""
    if not (source / relative).is_file():
        print(f"{relative}: not in this revision of {into.name}, left out", file=sys.stderr)
        return False
    (into / relative).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / relative, into / relative)
    return True


def audit_lines(report: dict) -> list[str]:
    """One line per session: page:line, status, and the first reason a human should check it against."""
    lines = []
    for record in report["sessions"]:
        reason = next(
            iter(record["failures"] or record["blocked"] or record["fragments"] or record["notes"]), ""
        )
        reason = " ".join(reason.split())[:300]
        lines.append(
            f"{record['path']}:{record['line']}  {record['status']}  {record['seconds']:.0f} s  {reason}"
        )
    sessions = report["sessions"]
    runnable = [r for r in sessions if r["status"] != "fragment"]
    passed = sum(r["status"] == "passed" for r in runnable)
    failed = sum(r["status"] == "failed" for r in runnable)
    blocked = sum(r["status"] == "blocked" for r in runnable)
    lines.append(
        f"\n{len(sessions)} sessions, {len(sessions) - len(runnable)} fragments apart: {passed} passed, "
        f"{failed} failed, {blocked} blocked; checker coverage (passed + failed) / runnable = "
        f"{100 * (passed + failed) / max(len(runnable), 1):.0f} %"
    )
    return lines


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mirrors", type=Path, default=Path("../mirrors"), help="folder of huggingface+NAME/repo"
    )
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus/transformers-docs"))
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "polydocs-audit-cache",
        help="the check's cache; its verdicts are dropped before the run, its stand-ins kept",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="where the report goes (default: beside the tree)"
    )
    parser.add_argument(
        "--lines-of", type=Path, default=None, help="print the audit lines of an earlier report"
    )
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(main())
