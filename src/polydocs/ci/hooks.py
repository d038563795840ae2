"""The hooks of `ci:` in polydocs.yml as a workflow reads them: the system packages one per line (each a
Debian package name, validated when the settings are read), the pre-command as the text of a script.

A workflow writes them to files and reads those (`mapfile`, `bash FILE`): a value never becomes part of
the workflow's own script, so no setting is expanded into a command line it was not meant to be."""

from __future__ import annotations

from pathlib import Path

from polydocs.sources.ci_settings import CiSettings
from polydocs.sources.project import load_project_config

HOOKS = ("system-packages", "pre-command")


def ci_settings_of(source: Path) -> CiSettings:
    """The `ci:` settings of the tree at `source` (raises PolydocsError, at its lines, when invalid)."""
    return load_project_config(source).ci


def hook_text(settings: CiSettings, hook: str) -> str:
    """What `polydocs ci hooks HOOK` prints: packages one per line, or the pre-command; empty for none."""
    if hook == "system-packages":
        return "".join(f"{package}\n" for package in settings.system_packages)
    command = settings.pre_command.strip()
    return f"{command}\n" if command else ""
