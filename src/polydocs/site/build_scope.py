"""What one `polydocs build` covers: the languages `--lang` names, and the tree's problems it reports."""

from __future__ import annotations

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources import SOURCE_LANGUAGE, SourceTree


def languages_to_build(tree: SourceTree, only: list[str] | None) -> list[str]:
    """The tree's languages `--lang` names (all without it); a name that is no language folder is an error."""
    unknown = [code for code in only or [] if code not in tree.languages]
    if unknown:
        raise PolydocsError(
            [
                Diagnostic(
                    str(tree.root), 0, "source", f"--lang {code}: no such language folder", "", "error"
                )
                for code in unknown
            ],
            "the source tree cannot be built",
        )
    return [code for code in tree.languages if not only or code in only]


def problems_read(tree: SourceTree, languages: list[str]) -> list[Diagnostic]:
    """The tree's problems a build of `languages` reports: theirs, English's (every language falls back
    to it) and those of files outside every language folder."""
    read = {None, SOURCE_LANGUAGE, *languages}
    return [problem for problem in tree.problems if tree.language_at(problem.path) in read]
