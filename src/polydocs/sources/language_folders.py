"""Which folders of a tree are its languages: a single-language tree (a `_toctree.yml` at the top, as
doc-builder reads `peft/docs/source`) or one folder per BCP 47 tag, each with its toctree; an error with
what to do for a folder that is none, a warning for a tag that names no registered language."""

from __future__ import annotations

from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.sources.confinement import inside_tree
from polydocs.sources.languages import SOURCE_LANGUAGE, USUAL_MISNAMES, is_language_tag
from polydocs.sources.pages import TOCTREE_NAME, is_hidden
from polydocs.sources.project import PROJECT_FILE


def _not_a_language(folder: Path) -> Diagnostic:
    return Diagnostic(
        str(folder),
        0,
        "unknown-language",
        f"folder `{folder.name}` is not named by a language tag (BCP 47: `de`, `zh-TW`, `pt-BR`)",
        f"say its language in {PROJECT_FILE} with `languages: {{{folder.name}: <tag>}}`, rename it to its "
        "tag, or prefix it with `_` if it is not a language",
        "error",
    )


def unregistered_language(folder: Path, tag: str) -> Diagnostic:
    suggestion = USUAL_MISNAMES.get(tag.lower(), "<tag>")
    return Diagnostic(
        str(folder),
        0,
        "language-unregistered",
        f'`{tag}` is no registered language code: pages say lang="{tag}" and show the English interface',
        f"if the folder holds another language, say which in {PROJECT_FILE}: "
        f"`languages: {{{folder.name}: {suggestion}}}`",
    )


def language_folders(root: Path, aliases: dict[str, str]) -> tuple[list[str], list[Diagnostic]]:
    """The language folders at the top of a multilingual tree, and an error per folder that is none."""
    errors: list[Diagnostic] = []
    languages: list[str] = []
    folders = (p for p in root.iterdir() if p.is_dir() and inside_tree(p, root))
    for folder in sorted(p for p in folders if not is_hidden(p.name)):
        if folder.name not in aliases and not is_language_tag(folder.name):
            errors.append(_not_a_language(folder))
        elif not inside_tree(folder / TOCTREE_NAME, root) or not (folder / TOCTREE_NAME).is_file():
            errors.append(
                Diagnostic(
                    str(folder), 0, "toctree", f"no {TOCTREE_NAME}", "add one listing the pages", "error"
                )
            )
        else:
            languages.append(folder.name)
    if SOURCE_LANGUAGE not in languages and not errors:
        errors.append(
            Diagnostic(
                str(root),
                0,
                "source",
                f"no `{SOURCE_LANGUAGE}/` folder and no {TOCTREE_NAME} at the top",
                f"add the English pages in `{SOURCE_LANGUAGE}/`, or put the {TOCTREE_NAME} of a "
                "single-language tree at the top",
                "error",
            )
        )
    return languages, errors


def is_single_language(root: Path) -> bool:
    """Whether the tree at `root` is one English language, as doc-builder reads `peft/docs/source`."""
    toctree = root / TOCTREE_NAME
    return toctree.is_file() and inside_tree(toctree, root)
