"""A page preview (`page_preview.py`) built in a process of its own, for `polydocs serve` while a language
builds in full in serve's process.

serve builds one language at a time in its language thread, which holds the builder's lock and keeps
Python busy for the whole build (the course's Spanish: about 30 s of a cold start). A page a writer
opens once that build has started would wait for all of it; its preview is built here instead, beside
the build, on another core: a new Python process (not a fork of serve, whose other threads may hold
locks, page-cache file locks among them, that a forked child would inherit held) that reads the tree,
previews the pages and exits. serve moves what it wrote into the served folder, as for a preview of
its own. The process ends with serve: it reads its standard input, a pipe serve holds open and never
writes, and exits when the pipe closes (serve ended, however it was stopped); the time limit ends it too.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from polydocs.cache import cache_dir
from polydocs.garbage_collection import collect_less_often
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
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors)
        try:
            status = process.wait(timeout=PREVIEW_LIMIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            return f"it took more than {PREVIEW_LIMIT:.0f} s"
        finally:
            assert process.stdin is not None
            process.stdin.close()
        if status == 0:
            return ""
        errors.seek(0)
        said = errors.read().decode("utf-8", errors="replace").strip().splitlines()
    return said[-1] if said else f"exit status {status}"


def end_when_input_closes() -> None:
    """End this process, whatever it is doing, once its standard input closes: the parent that holds the
    pipe has ended (a preview is worth nothing once serve has stopped)."""

    def watch() -> None:
        # The descriptor itself: a thread blocked in sys.stdin's buffered reader holds its lock, which
        # the interpreter's shutdown then cannot take (a fatal error at every normal exit).
        while os.read(0, 4096):
            pass
        os._exit(3)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build a preview of pages of one language (polydocs serve).")
    parser.add_argument("source", type=Path, help="the documentation tree (absolute)")
    parser.add_argument("lang", help="the language folder")
    parser.add_argument("out", type=Path, help="the folder to write the language's preview into")
    parser.add_argument("pages", nargs="+", help="the pages to preview, by src_uri (chapter1/1.md)")
    parser.add_argument("--library", help="the documented library, as serve's --library")
    args = parser.parse_args(arguments)
    end_when_input_closes()
    part = PagePreview(args.lang, frozenset(args.pages))
    result = build_language(
        args.source, args.lang, args.out, cache_dir("site"), library=args.library, part=part
    )
    if result.error:
        print(result.error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    collect_less_often()  # as the `polydocs` command does (`garbage_collection.py`)
    raise SystemExit(main())
