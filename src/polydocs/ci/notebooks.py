"""The notebooks push: the notebooks a deploy built, committed to a folder of another repository (`ci:`
`notebooks_repository`, `notebooks_branch`, `notebooks_folder` of polydocs.yml), as doc-builder commits
them to a notebooks repository for Colab and Studio Lab links.

The folder holds each language's own pages as `<lang>/<page>.ipynb` (`en/using-diffusers/loading.ipynb`);
a page a language shows in English has no notebook of its own there. The push replaces the folder as a
whole, so the notebook of a removed page goes too, and leaves the rest of the repository as it is. Only
the default branch's deploy pushes (docs.yml's deploy job says so with `--notebooks`): the notebooks
repository has one set per library, that of the docs under development.
"""

from __future__ import annotations

import os
import posixpath
import shutil
from dataclasses import dataclass
from pathlib import Path

from polydocs.ci.pages_branch import PagesBranch, Published, publish
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources import SourceTree
from polydocs.sources.ci_settings import CiSettings
from polydocs.sources.pages import page_url

# The secret docs.yml hands the deploy as `NOTEBOOKS_TOKEN`: the workflow's own token cannot push to
# another repository.
TOKEN_VARIABLE = "NOTEBOOKS_TOKEN"


@dataclass(frozen=True)
class BuiltNotebook:
    """A notebook the build wrote (`built`) and its path in the notebooks folder (`name`)."""

    name: str
    built: Path


def built_notebooks(tree: SourceTree, site: Path) -> list[BuiltNotebook]:
    """The notebooks of each language's own pages in a built site (one version's folder), in page order;
    a page hf-doc-builder could not convert has none and is left out."""
    found = []
    for lang in tree.languages:
        for local in tree.pages[lang]:
            built = site / lang / page_url(local) / f"{posixpath.basename(local)}.ipynb"
            if built.is_file():
                found.append(BuiltNotebook(f"{lang}/{local}.ipynb", built))
    return found


def notebooks_branch(settings: CiSettings, remote: str | None) -> PagesBranch:
    """Where the notebooks go: `remote` when given (a local bare repository, in a test), else the
    repository of the settings on the workflow's GitHub, reached with `$NOTEBOOKS_TOKEN`."""
    server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
    address = remote or f"{server}/{settings.notebooks_repository}.git"
    token = os.environ.get(TOKEN_VARIABLE, "")
    return PagesBranch(address, settings.notebooks_branch, token, _ACCESS_HINT)


_ACCESS_HINT = (
    "check `ci.notebooks_repository` and `ci.notebooks_branch` in polydocs.yml, and that the secret "
    f"docs.yml passes as {TOKEN_VARIABLE} may push to that repository (a fine-grained token with "
    "contents: write)"
)


def push_notebooks(
    notebooks: list[BuiltNotebook],
    folder: str,
    branch: PagesBranch,
    message: str,
    languages: list[str] | None = None,
) -> Published:
    """Replace `folder` of the branch with `notebooks` (only its `languages` subfolders when the deploy
    built only those) and push; `unchanged` when they are what the branch holds."""

    def change(work: Path) -> None:
        for replaced in [folder] if languages is None else [f"{folder}/{lang}" for lang in languages]:
            _refuse_links(work, replaced, branch)
            target = work / replaced
            if target.is_dir():
                shutil.rmtree(target)
            elif target.exists():
                target.unlink()
        for notebook in notebooks:
            path = work / folder / notebook.name
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(notebook.built, path)

    return publish(branch, message, change, served=False)


def _refuse_links(work: Path, folder: str, branch: PagesBranch) -> None:
    """A folder of the path that is a link in the checked-out branch would send the notebooks out of it."""
    for depth in range(1, len(folder.split("/")) + 1):
        part = work.joinpath(*folder.split("/")[:depth])
        if part.is_symlink():
            message = f"{folder}: {part.relative_to(work)} is a link in branch {branch.branch}"
            hint = "point `ci.notebooks_folder` at a plain folder of the notebooks repository"
            raise PolydocsError([Diagnostic(branch.remote, 0, "publish", message, hint, "error")])
