"""Links to polydocs' own guide (the `docs/` folder of its repository) for messages and help texts.

A pip-installed user has the package, not the repository's files: a message that says "see docs/ci.md"
names a file they cannot open. Every message points instead at the guide page on the repository's web
home, at the tag of the version that is running (`main` for a development version, which has no tag),
so what the link says matches what the user runs. `REPOSITORY` is `[project.urls] Repository` of
`pyproject.toml` (a test keeps the two equal, and checks that every page and section linked exists).
"""

from __future__ import annotations

import re

from polydocs import __version__

REPOSITORY = "https://github.com/huggingface/polydocs"


def release_ref(version: str) -> str:
    """The git ref a version's files are at: its tag `v<version>`, or `main` for a development version."""
    return "main" if not version or re.search(r"dev|\+", version) else f"v{version}"


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading of polydocs' own guide (read there, `guide_url`): lower case,
    punctuation dropped, spaces as hyphens. Not a docs tree's rule: a page's `[[anchor]]` is
    `dialect/heading_anchors.py`'s, any other heading's id doc-builder's (`doc_builder_heading_id`)."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def guide_url(page: str, section: str = "") -> str:
    """The web address of `docs/<page>` of polydocs' repository, at the running version, and of its
    heading `section` when one is given."""
    anchor = f"#{github_anchor(section)}" if section else ""
    return f"{repository_file_url(f'docs/{page}')}{anchor}"


def repository_file_url(path: str) -> str:
    """The web address of a file of polydocs' repository (`src/polydocs/...`), at the running version."""
    return f"{REPOSITORY}/blob/{release_ref(__version__)}/{path}"
