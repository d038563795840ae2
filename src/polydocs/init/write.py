"""Writing what `polydocs init` planned: all of it or, where one file may not be written, none of it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.init.discover import DocsSetup, read_setup
from polydocs.init.makefile import MakefileConflict, merged_makefile
from polydocs.init.render import PlannedFile, planned_files


@dataclass(frozen=True)
class FileOutcome:
    """What init does to one file: `created`, `replaced`, `appended`, `unchanged` or `kept` (an
    existing polydocs.yml is the project's own)."""

    path: Path
    action: str
    text: str

    @property
    def writes(self) -> bool:
        return self.action in ("created", "replaced", "appended")


@dataclass(frozen=True)
class InitReport:
    setup: DocsSetup
    outcomes: list[FileOutcome]

    def lines(self) -> list[str]:
        """What init says: each file and what it did, or that there was nothing to do."""
        written = [outcome for outcome in self.outcomes if outcome.writes]
        said = [f"{o.action:>9} {o.path.as_posix()}{_NOTES.get(o.action, '')}" for o in self.outcomes]
        found = f"docs tree {self.setup.source.as_posix()}: {', '.join(self.setup.languages)}; " + (
            self.setup.library.said()
        )
        if not written:
            return [found, *said, "nothing to do: every file is as polydocs init writes it"]
        return [found, *said, f"wrote {len(written)} file(s); see docs/ci.md in polydocs for the next steps"]


_NOTES = {"kept": " (the project's own settings; --force replaces them)"}


def _conflict(path: Path, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(path), 0, "init-exists", message, hint, "error")


def _outcome(repository: Path, planned: PlannedFile, force: bool) -> FileOutcome:
    """Raises MakefileConflict (or FileExistsError, for a whole file) where the file may not be written."""
    target = repository / planned.path
    if target.is_symlink():
        raise FileExistsError("is a symbolic link: init writes only plain files inside the repository")
    existing = target.read_text(encoding="utf-8") if target.is_file() else None
    if planned.kind == "block":
        text, action = merged_makefile(existing, planned.text, force)
        return FileOutcome(planned.path, action, text)
    if existing is None:
        return FileOutcome(planned.path, "created", planned.text)
    if existing == planned.text:
        return FileOutcome(planned.path, "unchanged", existing)
    if force:
        return FileOutcome(planned.path, "replaced", planned.text)
    if planned.kind == "settings":
        return FileOutcome(planned.path, "kept", existing)
    raise FileExistsError("exists and differs from what init writes")


def planned_outcomes(setup: DocsSetup, force: bool) -> list[FileOutcome]:
    """What init would do to every file; raises PolydocsError listing every file it may not write."""
    outcomes, conflicts = [], []
    for planned in planned_files(setup):
        path = setup.repository / planned.path
        try:
            outcomes.append(_outcome(setup.repository, planned, force))
        except MakefileConflict as conflict:
            conflicts.append(_conflict(path, str(conflict), conflict.hint))
        except FileExistsError as error:
            conflicts.append(_conflict(path, str(error), "--force replaces it (its edits are lost)"))
    if conflicts:
        raise PolydocsError(conflicts, "nothing was written")
    return outcomes


def init_repository(repository: Path, source: Path | None = None, force: bool = False) -> InitReport:
    """Write polydocs.yml, the Makefile targets and the CI workflows into `repository`."""
    setup = read_setup(repository.resolve(), source)
    outcomes = planned_outcomes(setup, force)
    for outcome in outcomes:
        if outcome.writes:
            target = setup.repository / outcome.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(outcome.text, encoding="utf-8")
    return InitReport(setup, outcomes)
