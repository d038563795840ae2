"""`polydocs ci deploy --notebooks` against a bare git repository standing in for the notebooks repository:
the version's notebooks committed to `ci.notebooks_folder` of `ci.notebooks_branch` as `<lang>/<page>.ipynb`,
the rest of that repository kept, a removed page's notebook removed, nothing pushed without the flag or the
setting, and the settings checked at their lines."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
_SETTINGS = "\nci:\n  notebooks_repository: acme/notebooks\n  notebooks_folder: lib_doc\n"


def _polydocs(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO / "src"),
        "GITHUB_REPOSITORY": "Acme/lib",
        "NOTEBOOKS_TOKEN": "",
    }
    command = [sys.executable, "-m", "polydocs", *arguments]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)


def _git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], capture_output=True, text=True, check=True).stdout


def _deploy(project: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _polydocs(
        "ci", "deploy", "--source", "src", "--ref", "refs/heads/main", "--lang", "en",
        "--remote", str(project / "pages.git"), "--notebooks-remote", str(project / "notebooks.git"),
        *extra, cwd=project,
    )  # fmt: skip


def _notebooks_repository(root: Path) -> Path:
    """A bare repository whose `main` already holds another library's notebooks and a README."""
    remote = root / "notebooks.git"
    _git("init", "-q", "--bare", "-b", "main", str(remote))
    clone = root / "clone"
    _git("init", "-q", "-b", "main", str(clone))
    (clone / "other_doc" / "en").mkdir(parents=True)
    (clone / "other_doc" / "en" / "quicktour.ipynb").write_text("{}", encoding="utf-8")
    (clone / "README.md").write_text("notebooks\n", encoding="utf-8")
    _git("-C", str(clone), "add", "-A")
    _git("-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "others")
    _git("-C", str(clone), "push", "-q", str(remote), "main")
    return remote


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("notebooks")
    shutil.copytree(REPO / "docs_src", root / "src")
    with (root / "src" / "polydocs.yml").open("a", encoding="utf-8") as settings:
        settings.write(_SETTINGS)
    _git("init", "-q", "--bare", str(root / "pages.git"))
    _notebooks_repository(root)
    return root


def _listing(remote: Path) -> set[str]:
    return set(_git("-C", str(remote), "ls-tree", "-r", "--name-only", "main").split())


def test_the_default_branchs_deploy_commits_each_pages_notebook_to_the_folder(project: Path) -> None:
    done = _deploy(project, "--notebooks", "--sha", "c" * 40)
    assert done.returncode == 0, done.stderr
    assert "notebooks: 4 to acme/notebooks:main/lib_doc: pushed" in done.stdout
    english = {f"lib_doc/en/{page}.ipynb" for page in ("index", "torch_compile", "perf_torch_compile")}
    listing = _listing(project / "notebooks.git")
    assert english | {"lib_doc/en/graph_breaks.ipynb", "other_doc/en/quicktour.ipynb", "README.md"} == listing
    notebook = json.loads(
        _git("-C", str(project / "notebooks.git"), "show", "main:lib_doc/en/torch_compile.ipynb")
    )
    assert notebook["nbformat"] == 4 and any(cell["cell_type"] == "code" for cell in notebook["cells"])
    message = _git("-C", str(project / "notebooks.git"), "log", "-1", "--format=%s", "main")
    assert message.strip() == f"Notebooks of Acme/lib main ({'c' * 12})"
    assert "gh-pages" in _git("-C", str(project / "pages.git"), "branch")  # the site was deployed first


def test_a_removed_page_loses_its_notebook_and_the_rest_of_the_repository_stays(project: Path) -> None:
    (project / "src" / "en" / "graph_breaks.md").unlink()
    toctree = project / "src" / "en" / "_toctree.yml"
    toctree.write_text(
        "\n".join(
            line for line in toctree.read_text(encoding="utf-8").splitlines() if "graph_breaks" not in line
        )
        + "\n",
        encoding="utf-8",
    )
    done = _deploy(project, "--notebooks")
    assert done.returncode == 0, done.stderr
    listing = _listing(project / "notebooks.git")
    assert "lib_doc/en/graph_breaks.ipynb" not in listing and "lib_doc/en/index.ipynb" in listing
    assert {"other_doc/en/quicktour.ipynb", "README.md"} <= listing and ".nojekyll" not in listing


def test_without_the_flag_no_notebook_is_pushed(tmp_path: Path) -> None:
    shutil.copytree(REPO / "docs_src", tmp_path / "src")
    with (tmp_path / "src" / "polydocs.yml").open("a", encoding="utf-8") as settings:
        settings.write(_SETTINGS)
    _git("init", "-q", "--bare", str(tmp_path / "pages.git"))
    before = _git("-C", str(_notebooks_repository(tmp_path)), "rev-parse", "main")
    done = _deploy(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "notebooks" not in done.stdout
    assert _git("-C", str(tmp_path / "notebooks.git"), "rev-parse", "main") == before


def test_the_flag_without_the_setting_says_none_is_pushed(tmp_path: Path) -> None:
    (tmp_path / "src" / "en").mkdir(parents=True)
    (tmp_path / "src" / "en" / "index.md").write_text("# Home\n\n```py\nprint(1)\n```\n", encoding="utf-8")
    toctree = "- sections:\n  - local: index\n    title: Home\n  title: Start\n"
    (tmp_path / "src" / "en" / "_toctree.yml").write_text(toctree, encoding="utf-8")
    _git("init", "-q", "--bare", str(tmp_path / "pages.git"))
    _git("init", "-q", "--bare", str(tmp_path / "notebooks.git"))
    done = _deploy(tmp_path, "--notebooks")
    assert done.returncode == 0, done.stderr
    assert "ci.notebooks_repository is not set in polydocs.yml: none pushed" in done.stdout
    assert not _git("-C", str(tmp_path / "notebooks.git"), "branch").strip()


def test_without_a_token_nothing_is_built_or_pushed(tmp_path: Path) -> None:
    """In a workflow (no --notebooks-remote) the push needs the notebooks secret: refused before the deploy,
    which would otherwise publish the site and then fail."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "polydocs.yml").write_text("site_name: Docs\n" + _SETTINGS, encoding="utf-8")
    _git("init", "-q", "--bare", str(tmp_path / "pages.git"))
    done = _polydocs(
        "ci", "deploy", "--source", "src", "--ref", "refs/heads/main",
        "--remote", str(tmp_path / "pages.git"), "--notebooks", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1 and "$NOTEBOOKS_TOKEN is empty" in done.stderr
    assert not _git("-C", str(tmp_path / "pages.git"), "branch").strip()


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("  notebooks_repository: acme/notebooks\n", "`ci.notebooks_repository` needs `ci.notebooks_folder`"),
        ("  notebooks_repository: https://evil.example/x\n  notebooks_folder: d\n", "OWNER/NAME"),
        ("  notebooks_repository: a/b\n  notebooks_folder: ../up\n", "a folder of the notebooks repository"),
        ("  notebooks_repository: a/b\n  notebooks_folder: -rf\n", "a folder of the notebooks repository"),
        ("  notebooks_repository: a/b\n  notebooks_folder: d\n  notebooks_branch: --x\n", "a branch name"),
    ],
)
def test_notebook_settings_are_refused_at_their_line(tmp_path: Path, settings: str, message: str) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "polydocs.yml").write_text("site_name: Docs\nci:\n" + settings, encoding="utf-8")
    done = _polydocs("ci", "hooks", "pre-command", "--source", "src", cwd=tmp_path)
    assert done.returncode == 1 and message in done.stderr
    assert (
        "polydocs.yml:3:" in done.stderr
        or "polydocs.yml:4:" in done.stderr
        or "polydocs.yml:5:" in done.stderr
    )
