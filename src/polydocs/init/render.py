"""The files `polydocs init` writes, rendered from the templates shipped beside this module."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from polydocs import __version__
from polydocs.guide import guide_url
from polydocs.init.discover import DocsSetup
from polydocs.init.iframes import EmbeddedHost
from polydocs.sources import PROJECT_FILE

# The lint baseline (init/baseline.py writes it), beside polydocs.yml: a name starting with `_` is never
# published, not even from a one-language tree, whose top folder holds pages.
BASELINE_NAME = "_lint-baseline.jsonl"
# The snippet check's baseline, beside it: init never writes it (it would run every snippet), it says how
# to make it; `make docs-check` and the snippet jobs read it while it exists.
CHECK_BASELINE_NAME = "_check-baseline.jsonl"

WORKFLOWS = Path(".github") / "workflows"
# What the trusted preview workflow installs: the release the reusable workflow's `polydocs` input names.
POLYDOCS_REQUIREMENT = f"polydocs=={__version__}"
# `<<name>>`: a mark no YAML, Makefile or GitHub expression (`${{ }}`, `$(VAR)`) uses.
_PLACEHOLDER = re.compile(r"<<(\w+)>>")
# `<<guide:ci.md#Settings the workflows read>>`: a link to a page (and heading) of polydocs' own guide.
_GUIDE_LINK = re.compile(r"<<guide:([\w.-]+\.md)(?:#([^>\n]+))?>>")


@dataclass(frozen=True)
class PlannedFile:
    """One file `init` writes: where (relative to the repository), its text, and how it is merged."""

    path: Path
    text: str
    # "file": the whole file is init's; "settings": an existing one is the project's and is kept;
    # "block": init's lines are one marked block of a file that may hold other lines (the Makefile);
    # "baseline": the lint baseline, whose text lint writes once the other files are (kept like settings).
    kind: str = "file"


def template(name: str) -> str:
    """A template's text: `Makefile`, `polydocs.yml`, `workflows/docs.yml`, `workflows/polydocs.yml`,
    `workflows/docs-preview.yml`."""
    return (resources.files("polydocs.init") / "templates" / name).read_text(encoding="utf-8")


def fill(text: str, values: dict[str, str]) -> str:
    """`text` with every `<<guide:page.md#Heading>>` made the web address of that section of polydocs'
    guide (the files init writes are read where polydocs' repository is not) and every `<<name>>`
    replaced; a name without a value is a KeyError (a template bug)."""
    linked = _GUIDE_LINK.sub(lambda match: guide_url(match[1], match[2] or ""), text)
    return _PLACEHOLDER.sub(lambda match: values[match[1]], linked)


def _settings_values(setup: DocsSetup) -> dict[str, str]:
    library = setup.library
    aliases = ", ".join(f"{_plain(folder)}: {_plain(tag)}" for folder, tag in sorted(setup.aliases.items()))
    return {
        "languages": ", ".join(setup.languages),
        "site_name": f"{library.name} documentation" if not library.assumed else setup.repository.name,
        "library": library.name,
        # A library nothing names stays a comment: the build then says how it chose one.
        "library_comment": "# " if library.assumed else "",
        "library_origin": (
            "Nothing names it yet (no pyproject.toml or setup.py above the tree): name it here."
            if library.assumed
            else f"Found in {_shown(library.origin, setup.repository)}."
        ),
        "languages_comment": "" if aliases else "# ",
        "aliases": f"{{{aliases}}}" if aliases else "{cn: zh}",
        **_iframe_suggestion(setup.embedded_hosts),
    }


def _plain(name: str) -> str:
    """A name as YAML reads it back: plain when it is a tag-like word, else double-quoted (JSON)."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def _iframe_suggestion(hosts: tuple[EmbeddedHost, ...]) -> dict[str, str]:
    """The hosts the pages embed that are refused, as commented entries of `iframe_hosts:` to uncomment."""
    if not hosts:
        return {"iframe_note": "", "iframe_suggestion": ""}
    entries = [f"#   - {entry.host}  # {entry.counts()}" for entry in hosts]
    note = (
        "\n# The pages embed from the hosts below, not allowed yet: the site shows a link instead of each."
        "\n# Allowing a host lets its pages run in your readers' browsers: uncomment only those you trust."
    )
    return {"iframe_note": note, "iframe_suggestion": "".join(f"\n{entry}" for entry in entries)}


def _shown(origin: str, repository: Path) -> str:
    path = Path(origin)
    return path.relative_to(repository).as_posix() if path.is_relative_to(repository) else origin


def planned_files(setup: DocsSetup) -> list[PlannedFile]:
    """Every file `init` writes for `setup`, in the order it reports them."""
    values = {
        "source": setup.source.as_posix(),
        "languages": ", ".join(setup.languages),
        "baseline": (setup.source / BASELINE_NAME).as_posix(),
        "check_baseline": (setup.source / CHECK_BASELINE_NAME).as_posix(),
        "default_branch": setup.default_branch,
        "polydocs_requirement": POLYDOCS_REQUIREMENT,
    }
    return [
        PlannedFile(
            setup.source / PROJECT_FILE, fill(template("polydocs.yml"), _settings_values(setup)), "settings"
        ),
        PlannedFile(Path("Makefile"), fill(template("Makefile"), values), "block"),
        PlannedFile(WORKFLOWS / "polydocs.yml", fill(template("workflows/polydocs.yml"), {})),
        PlannedFile(WORKFLOWS / "docs.yml", fill(template("workflows/docs.yml"), values)),
        PlannedFile(WORKFLOWS / "docs-preview.yml", fill(template("workflows/docs-preview.yml"), values)),
    ]
