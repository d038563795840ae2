"""Writing what `polydocs init` planned: all of it or, where one file may not be written, none of it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.guide import guide_url
from polydocs.init.baseline import BaselineWritten, baseline_path, write_adoption_baseline
from polydocs.init.confinement import UnsafePath, check_target
from polydocs.init.discover import DocsSetup, read_setup
from polydocs.init.makefile import MakefileConflict, merged_makefile
from polydocs.init.render import PlannedFile, planned_files
from polydocs.init.summary import summary_lines


@dataclass(frozen=True)
class FileOutcome:
    """What init does to one file: `created`, `replaced`, `appended`, `unchanged` or `kept` (an
    existing polydocs.yml or lint baseline is the project's own)."""

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
    # The findings the lint baseline accepts, when init wrote it this time.
    baseline: BaselineWritten | None = None

    def lines(self) -> list[str]:
        """What init says: each file and what it did, then what lint starts from and what to do next."""
        written = [outcome for outcome in self.outcomes if outcome.writes]
        said = [f"{o.action:>9} {o.path.as_posix()}{_note(o)}" for o in self.outcomes]
        found = f"docs tree {self.setup.source.as_posix()}: {', '.join(self.setup.languages)}; " + (
            self.setup.library.said()
        )
        advice = summary_lines(self.setup, self.baseline)
        if not written:
            return [found, *said, "nothing to do: every file is as polydocs init writes it", *advice]
        next_steps = guide_url("ci.md", "Adopt polydocs in three steps")
        done = f"wrote {len(written)} file(s); the next steps: {next_steps}"
        return [found, *said, done, *advice]


def _note(outcome: FileOutcome) -> str:
    if outcome.action != "kept":
        return ""
    what = "lint baseline" if outcome.path.name.endswith(".jsonl") else "settings"
    return f" (the project's own {what}; --force replaces it)"


def _conflict(path: Path, message: str, hint: str) -> Diagnostic:
    return Diagnostic(str(path), 0, "init-exists", message, hint, "error")


def _outcome(repository: Path, planned: PlannedFile, force: bool) -> FileOutcome:
    """Raises MakefileConflict (or FileExistsError, for a whole file) where the file may not be written."""
    check_target(repository, planned.path)
    target = repository / planned.path
    existing = target.read_text(encoding="utf-8") if target.is_file() else None
    if planned.kind == "block":
        text, action = merged_makefile(existing, planned.text, force)
        return FileOutcome(planned.path, action, text)
    if planned.kind == "baseline":
        # Its text is lint's, made once the other files are written (lint reads the settings).
        action = "created" if existing is None else "replaced" if force else "kept"
        return FileOutcome(planned.path, action, "")
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
    for planned in [*planned_files(setup), PlannedFile(baseline_path(setup), "", "baseline")]:
        path = setup.repository / planned.path
        try:
            outcomes.append(_outcome(setup.repository, planned, force))
        except MakefileConflict as conflict:
            conflicts.append(_conflict(path, str(conflict), conflict.hint))
        except FileExistsError as error:
            conflicts.append(_conflict(path, str(error), "--force replaces it (its edits are lost)"))
        except UnsafePath as unsafe:
            conflicts.append(Diagnostic(str(path), 0, "init-path", str(unsafe), unsafe.hint, "error"))
    if conflicts:
        raise PolydocsError(conflicts, "nothing was written")
    return outcomes


def init_repository(repository: Path, source: Path | None = None, force: bool = False) -> InitReport:
    """Write polydocs.yml, the Makefile targets and the CI workflows into `repository`."""
    setup = read_setup(repository.resolve(), source)
    outcomes = planned_outcomes(setup, force)
    baseline = None
    for outcome in outcomes:
        if not outcome.writes:
            continue
        if outcome.path == baseline_path(setup):
            baseline = write_adoption_baseline(setup)
            continue
        target = setup.repository / outcome.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(outcome.text, encoding="utf-8")
    return InitReport(setup, outcomes, baseline)
