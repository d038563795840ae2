"""`polydocs translate LANG PAGE`: a translation started from the English page, listed in the language's
toctree at the English position, and recorded in the lock as in progress."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect.blocks import block_fingerprints
from polydocs.sources import SOURCE_LANGUAGE, TOCTREE_NAME, Page, SourceTree, Toctree, load_toctree
from polydocs.translate.files import check_inside, write_all_atomically
from polydocs.translate.marked_copy import marked_copy
from polydocs.translate.toctree_entry import toctree_with_page

_CODE = "translate"


@dataclass(frozen=True)
class StartedTranslation:
    """What `start_translation` wrote: the page, how many prose blocks await translation, the toctree
    (None when it already listed the page) and the lock."""

    page: Path
    markers: int
    toctree: Path | None
    lock: Path


def start_translation(tree: SourceTree, lang: str, local: str, force: bool = False) -> StartedTranslation:
    """Everything is checked, and the lock's entry made, before the first file is written; the page and
    the toctree are then written together (`write_all_atomically`), the lock last."""
    english = _english_page(tree, lang, local)
    target = tree.folder(lang) / english.path.relative_to(tree.folder(SOURCE_LANGUAGE))
    if target.exists() and not force:
        if tree.freshness.state(lang, local) == "in-progress":
            raise _refused(
                target,
                f"the translation {lang}/{local} is already started and in progress",
                "go on translating its marked blocks (`polydocs lint` lists them), or pass --force to "
                "start it again from English, losing what was translated",
            )
        raise _refused(
            target, f"{lang}/{local} is already translated", "pass --force to start it again from English"
        )
    toctree_path = tree.folder(lang) / TOCTREE_NAME
    freshness = tree.freshness
    for path in (target, toctree_path, freshness.lock_path):
        check_inside(path, tree.root, _CODE)
    for toctree in (tree.toctrees[lang], tree.toctrees[SOURCE_LANGUAGE]):
        _check_entries(toctree)
    english_text = english.read()
    text, markers = marked_copy(english_text)
    new_toctree = toctree_with_page(
        toctree_path.read_text(encoding="utf-8"), tree.toctrees[lang], tree.toctrees[SOURCE_LANGUAGE], local
    )
    if new_toctree is not None:
        _check_toctree(toctree_path, new_toctree, local)
    freshness.start(lang, local, block_fingerprints(english_text))
    target.parent.mkdir(parents=True, exist_ok=True)
    write_all_atomically(
        [(target, text)] + ([(toctree_path, new_toctree)] if new_toctree is not None else [])
    )
    freshness.save()
    return StartedTranslation(target, markers, toctree_path if new_toctree else None, freshness.lock_path)


def _check_entries(toctree: Toctree) -> None:
    """Refuse a toctree whose entries name pages outside their language folder (`../x`, `/etc/x`):
    translate copies entries and pages by those names."""
    problems = [
        Diagnostic(
            str(toctree.path),
            entry.line,
            _CODE,
            f"the entry `{entry.local}` names a page outside the language folder",
            "name the page by its path inside the folder (`tasks/asr`), without `..` or a leading `/`",
            "error",
        )
        for entry in toctree.pages()
        if entry.local.startswith("/") or ".." in entry.local.split("/")
    ]
    if problems:
        raise PolydocsError(problems, "nothing was written")


def _english_page(tree: SourceTree, lang: str, local: str) -> Page:
    if lang == SOURCE_LANGUAGE or lang not in tree.languages or tree.single_language:
        known = ", ".join(code for code in tree.languages if code != SOURCE_LANGUAGE) or "none"
        raise _refused(
            tree.root / lang,
            f"`{lang}` is not a translation of this tree (its translations: {known})",
            f"create {lang}/ with a `{TOCTREE_NAME}` first, or name one of those languages",
        )
    page = tree.page(SOURCE_LANGUAGE, local)
    if page is None:
        raise _refused(
            tree.folder(SOURCE_LANGUAGE),
            f"there is no English page `{local}` to translate",
            "name a page as its toctree does (`graph_breaks`, `main_classes/trainer`)",
        )
    if lang not in tree.toctrees:
        raise _refused(tree.folder(lang) / TOCTREE_NAME, f"{lang}/ has no {TOCTREE_NAME}", "create one")
    return page


def _check_toctree(path: Path, text: str, local: str) -> None:
    """The edited toctree must read back and list the page (a file laid out by hand in a way the edit
    did not foresee is left alone)."""
    with tempfile.TemporaryDirectory(prefix="polydocs-toctree-") as folder:
        probe = Path(folder) / TOCTREE_NAME
        probe.write_text(text, encoding="utf-8")
        try:
            listed = {entry.local for entry in load_toctree(probe).pages()}
        except PolydocsError:
            listed = set()
    if local not in listed:
        raise _refused(path, f"could not add `{local}` to this toctree without breaking it", "add it by hand")


def _refused(path: Path, message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic(str(path), 0, _CODE, message, hint, "error")])
