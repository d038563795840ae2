"""A page preview (`page_preview.py`) built in a process of its own, for `polydocs serve` while a language
builds in full in serve's process.

serve builds one language at a time in its language thread, which holds the builder's lock and keeps
Python busy for the whole build (the course's Spanish: about 30 s of a cold start). A page a writer
opens once that build has started would wait for all of it; its preview is built here instead, beside
the build, on another core: a new Python process (not a fork of serve, whose other threads may hold
locks, page-cache file locks among them, that a forked child would inherit held) that reads the tree,
previews the pages and exits. serve moves what it wrote into the served folder, as for a preview of
its own.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from polydocs.cache import cache_dir
from polydocs.site.language_build import build_language
from polydocs.site.page_preview import PagePreview

# Seconds a preview process may take: past that, the language's own build is the sooner answer.
PREVIEW_LIMIT = 120.0


def preview_in_new_process(source: Path, lang: str, pages: list[str], out: Path, library: str | None) -> str:
    """Build the preview of `pages` (their `src_uri`) of `lang` into `out` in a new process: '' when
    it built, else why not (its error, or the time limit)."""
    command = [sys.executable, "-m", "polydocs.site.preview_process", str(source), lang, str(out), *pages]
    if library:
        command += ["--library", library]
    try:
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=PREVIEW_LIMIT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"it took more than {PREVIEW_LIMIT:.0f} s"
    if done.returncode == 0:
        return ""
    said = done.stderr.strip().splitlines()
    return said[-1] if said else f"exit status {done.returncode}"


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build a preview of pages of one language (polydocs serve).")
    parser.add_argument("source", type=Path, help="the documentation tree (absolute)")
    parser.add_argument("lang", help="the language folder")
    parser.add_argument("out", type=Path, help="the folder to write the language's preview into")
    parser.add_argument("pages", nargs="+", help="the pages to preview, by src_uri (chapter1/1.md)")
    parser.add_argument("--library", help="the documented library, as serve's --library")
    args = parser.parse_args(arguments)
    part = PagePreview(args.lang, frozenset(args.pages))
    result = build_language(
        args.source, args.lang, args.out, cache_dir("site"), library=args.library, part=part
    )
    if result.error:
        print(result.error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
