"""What `polydocs init` learns about a repository: where its docs tree is and what the site model says
of it (library, languages, folder aliases). Every answer comes from `polydocs.sources`."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.init.confinement import check_language_names, check_tree_links, checked_source
from polydocs.init.iframes import EmbeddedHost, refused_hosts
from polydocs.sources import SourceTree, find_source_root
from polydocs.sources.languages import USUAL_MISNAMES
from polydocs.sources.library import Library

# Where Hugging Face repositories keep their doc-builder tree.
DEFAULT_SOURCE = Path("docs") / "source"


@dataclass(frozen=True)
class DocsSetup:
    """A repository's docs tree as the files `init` writes need it."""

    repository: Path
    # The tree, relative to the repository (`docs/source`), as the Makefile and workflows name it.
    source: Path
    library: Library
    languages: tuple[str, ...]
    # Folder -> tag for the folders the site model reads as no registered language (`gj` -> `gu`).
    aliases: dict[str, str]
    # Hosts the pages embed that the settings do not allow (suggested, commented, in polydocs.yml).
    embedded_hosts: tuple[EmbeddedHost, ...] = ()
    # The branch docs.yml deploys as the `main` version and builds pull requests against.
    default_branch: str = "main"


def _no_tree(repository: Path, source: Path, what: str) -> PolydocsError:
    return PolydocsError(
        [
            Diagnostic(
                str(repository / source),
                0,
                "init-source",
                what,
                "pass --source DIR, the folder that holds en/_toctree.yml (or _toctree.yml, for a "
                "single-language tree), relative to the repository",
                "error",
            )
        ]
    )


def _tree_root(repository: Path, source: Path) -> Path:
    root = repository / source
    if not root.is_dir():
        raise _no_tree(repository, source, f"no folder {source.as_posix()} in this repository")
    if find_source_root(root) != root:
        raise _no_tree(repository, source, f"{source.as_posix()} holds no en/_toctree.yml nor _toctree.yml")
    return root


def suggested_aliases(tree: SourceTree) -> dict[str, str]:
    """The `languages:` entries the tree's own `language-unregistered` warnings suggest, where the
    folder's usual language is known (`gj` -> `gu`); aliases already configured are kept."""
    aliases = dict(tree.aliases)
    for folder in tree.languages:
        usual = USUAL_MISNAMES.get(folder.lower())
        if usual and not tree.language(folder).registered:
            aliases[folder] = usual
    return aliases


# A branch name docs.yml may carry as it is (YAML, a GitHub filter): no quote, glob or `..`.
_BRANCH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,99}")


def default_branch(repository: Path) -> str:
    """The repository's default branch: the one `origin/HEAD` names, else the one checked out, else
    `main` (not a git repository yet, or a name docs.yml could not carry as it is)."""
    for question in (
        ["symbolic-ref", "--short", "refs/remotes/origin/HEAD"],
        ["symbolic-ref", "--short", "HEAD"],
    ):
        done = subprocess.run(["git", "-C", str(repository), *question], capture_output=True, text=True)
        name = done.stdout.strip().removeprefix("origin/") if done.returncode == 0 else ""
        if _BRANCH.fullmatch(name) and ".." not in name:
            return name
    return "main"


def read_setup(repository: Path, source: Path | None = None) -> DocsSetup:
    """Read the docs tree of `repository` (at `source`, default docs/source) through the site model."""
    relative = checked_source(repository, source or DEFAULT_SOURCE)
    root = _tree_root(repository, relative)
    check_tree_links(root)
    tree = load_source_tree(root)
    if not tree.single_language:
        check_language_names(root, tree.languages)
    return DocsSetup(
        repository=repository,
        source=relative,
        library=tree.library,
        languages=tuple(tree.languages),
        aliases=suggested_aliases(tree),
        embedded_hosts=tuple(refused_hosts(tree)),
        default_branch=default_branch(repository),
    )
