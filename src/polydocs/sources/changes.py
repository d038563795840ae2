"""What changed since a git ref: files and their changed lines, and the pages a pull request touches.

One answer for `polydocs lint --changed-since REF` and `polydocs check --changed-since REF`. Changes are
counted from the merge base of REF and HEAD to the working tree, as a pull request's diff is (commits on
REF since the branch left it are not the branch's changes), untracked files included: what a reviewer
would see once everything is committed.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.languages import SOURCE_LANGUAGE
from polydocs.sources.library import Library
from polydocs.sources.pages import find_source_root, is_page, page_local
from polydocs.sources.tree import SourceTree, read_source_tree

# `@@ -12,3 +14,5 @@`: the new file's lines 14..18 (a count of 0 is a pure deletion).
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(?P<start>\d+)(?:,(?P<count>\d+))? @@", re.MULTILINE)
_FILE = re.compile(r"^diff --git a/.* b/(?P<path>.*)$", re.MULTILINE)
# What a REF may be: a branch, tag or remote branch (`origin/main`), a commit id, `HEAD~2`, `main@{1}`.
# It never starts with `-` (git would read it as an option: `--output=FILE` writes a file) and holds
# no space, quote, `..` range or `:path`; what passes is also given to git after `--end-of-options`.
_REF = re.compile(r"^(?!-)(?!.*\.\.)[A-Za-z0-9_./@{}~^+-]{1,200}$")  # read whole (`fullmatch`)


@dataclass(frozen=True)
class Changes:
    """Files changed since a ref (resolved paths; deleted files too), each with the lines of its new
    version that are new or changed; `None` where the whole file counts (added, untracked, binary)."""

    ref: str
    files: dict[Path, frozenset[int] | None]

    def changed(self, path: Path) -> bool:
        return path.resolve() in self.files

    def touches(self, path: Path, line: int) -> bool:
        """Whether `line` of `path` is new or changed (line 0, the file as a whole: whether it changed)."""
        resolved = path.resolve()
        if resolved not in self.files:
            return False
        lines = self.files[resolved]
        return lines is None or line == 0 or line in lines


def _git(root: Path, *arguments: str) -> str:
    try:
        result = subprocess.run(
            ["git", *arguments], cwd=root, capture_output=True, text=True, check=False, timeout=60
        )
    except (OSError, subprocess.SubprocessError) as error:
        raise _error(root, "git could not be run", str(error)) from error
    if result.returncode != 0:
        raise _error(root, f"`git {' '.join(arguments)}` failed", result.stderr.strip())
    return result.stdout


_FETCH_HINT = (
    "run inside a git checkout and name a ref it has (fetch it first, e.g. "
    "`git fetch origin main` and `--changed-since origin/main`)"
)


def _error(root: Path, message: str, detail: str, hint: str = _FETCH_HINT) -> PolydocsError:
    shown = f"{message}: {detail.splitlines()[0]}" if detail.strip() else message
    return PolydocsError([Diagnostic(str(root), 0, "changed-since", shown, hint, "error")])


def checked_ref(ref: str, root: Path) -> str:
    """`ref` when it can only be read by git as a revision; raises PolydocsError otherwise."""
    if _REF.fullmatch(ref):
        return ref
    why = (
        "starts with `-`, which git would read as an option"
        if ref.startswith("-")
        else "is not a branch, tag or commit name (those take letters, digits and `_./@{}~^+-`, no `..`)"
    )
    raise _error(
        root,
        f"the ref {ref!r} is refused: it {why}",
        "",
        "name the base branch as git knows it, e.g. `--changed-since origin/main` or a commit id",
    )


def _commit_of(top: Path, ref: str) -> str:
    """The commit id `ref` names, asked of git with `ref` after `--end-of-options`."""
    try:
        return _git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").strip()
    except PolydocsError:
        raise _error(top, f"git knows no commit {ref!r}", "", _FETCH_HINT) from None


def _changed_lines(diff: str) -> dict[str, frozenset[int] | None]:
    """Per file of a `git diff --unified=0` (paths relative to the repository top), its new lines."""
    files: dict[str, frozenset[int] | None] = {}
    starts = list(_FILE.finditer(diff))
    for index, header in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(diff)
        section = diff[header.end() : end]
        lines: set[int] = set()
        for hunk in _HUNK.finditer(section):
            start, count = int(hunk.group("start")), int(hunk.group("count") or 1)
            lines.update(range(start, start + count))
        whole = "\nnew file mode" in section or "\nBinary files" in section
        files[header.group("path")] = None if whole else frozenset(lines)
    return files


def changes_since(ref: str, start: Path) -> Changes:
    """The changes of the git repository holding `start` since the merge base of `ref` and HEAD."""
    folder = start if start.is_dir() else start.parent
    checked_ref(ref, folder)
    top = Path(_git(folder, "rev-parse", "--show-toplevel").strip())
    base = _git(top, "merge-base", _commit_of(top, ref), "HEAD").strip()
    diff = _git(top, "diff", "--unified=0", "--no-renames", "--no-color", "--no-ext-diff", base, "--")
    files = {(top / name).resolve(): lines for name, lines in _changed_lines(diff).items()}
    untracked = _git(top, "ls-files", "--others", "--exclude-standard", "-z")
    files.update({(top / name).resolve(): None for name in untracked.split("\0") if name})
    return Changes(ref, files)


def _page_name(tree: SourceTree, path: Path) -> tuple[str, str] | None:
    """(language, page name) of a page file of `tree`, existing or deleted."""
    lang = tree.language_at(path)
    if lang is None:
        return None
    relative = path.relative_to(tree.folder(lang).resolve())
    return (lang, page_local(relative)) if is_page(relative) else None


def counterparts(tree: SourceTree, path: Path) -> set[Path]:
    """The pages whose findings a change to the page at `path` can alter besides its own: an English
    page's translations, a translation's English source (code parity, freshness)."""
    name = _page_name(tree, path.resolve())
    if name is None:
        return set()
    lang, local = name
    languages = tree.languages if lang == SOURCE_LANGUAGE else [SOURCE_LANGUAGE]
    return {
        other.path.resolve()
        for other_lang in languages
        if other_lang != lang and (other := tree.page(other_lang, local)) is not None
    }


def affected_pages(tree: SourceTree, changes: Changes) -> set[Path]:
    """The pages of `tree` that changed, and their counterparts (of deleted pages too)."""
    root = tree.root.resolve()
    changed = [path for path in changes.files if path.is_relative_to(root)]
    affected = {path for path in changed if tree.page_at(path) is not None}
    for path in changed:
        affected |= counterparts(tree, path)
    return affected


def changed_pages_under(paths: list[str], ref: str) -> list[str]:
    """The pages under `paths` (source trees, language folders, pages) that changes since `ref` reach,
    sorted: what `polydocs check --changed-since REF` runs."""
    checked_ref(ref, Path.cwd())
    selected: set[Path] = set()
    for given in map(Path, paths):
        root = find_source_root(given if given.is_dir() else given.parent)
        if root is None:
            continue
        tree = read_source_tree(root, None, _library_not_asked)
        within = given.resolve()
        affected = affected_pages(tree, changes_since(ref, given))
        selected |= {page for page in affected if page.is_relative_to(within)}
    return sorted(str(page) for page in selected)


def _library_not_asked(pages: object) -> Library | None:
    """The pages are not read for the documented library: which pages changed never depends on it."""
    return None
