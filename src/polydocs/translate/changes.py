"""`polydocs translate --changes LANG PAGE`: which blocks of the English page changed since its translation
was last marked current (or started), from the fingerprints the translation lock keeps.

A block is told apart by what changed in it: its prose (the words a translator must translate again), only
its links (the targets to update), its code (copied verbatim and re-verified by the snippet checker: the
translator need only copy it), or other markup copied as it is (components, directives, comments).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Literal

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect.blocks import Block, fingerprint_parts, page_blocks
from polydocs.sources import SOURCE_LANGUAGE, SourceTree

What = Literal["prose", "links", "code", "markup"]
How = Literal["changed", "added", "removed"]


@dataclass(frozen=True)
class BlockChange:
    """One English block that differs from the revision the translation was made from. `block` is the
    block as English has it now (None when it was removed); `was` its recorded fingerprint (None when
    it is new)."""

    how: How
    what: What
    block: Block | None
    was: str | None
    # Where a removed block was: the 1-based line of the English block now before it (0: the top).
    after_line: int = 0


@dataclass(frozen=True)
class EnglishChanges:
    """The changes of one translation's English page; `code_only` when none of them needs translating."""

    lang: str
    local: str
    changes: list[BlockChange]

    @property
    def code_only(self) -> bool:
        return bool(self.changes) and all(change.what == "code" for change in self.changes)


def english_changes(tree: SourceTree, lang: str, local: str) -> EnglishChanges:
    """Block by block, what changed in English since the lock's entry for `lang/local` was written."""
    entry = tree.freshness.entry(lang, local)
    english = tree.page(SOURCE_LANGUAGE, local)
    if english is None or lang == SOURCE_LANGUAGE:
        raise _refused(f"{lang}/{local}.md", f"there is no English page en/{local}.md it translates", "")
    if entry is None:
        raise _refused(
            f"{lang}/{local}.md",
            "the lock records no English revision for this translation, so nothing tells what changed since",
            f"bring it in line with en/{local}.md, then record that: "
            f"`polydocs status --mark {lang}/{local}.md`",
        )
    if not entry.blocks and entry.english != tree.freshness.english[local]:
        raise _refused(
            f"{lang}/{local}.md",
            "the English page changed, but the lock, written before polydocs recorded blocks, keeps only "
            "the page's hash",
            f"compare with en/{local}.md by hand (or its history), then `polydocs status --mark {lang}/"
            f"{local}.md` records its blocks for next time",
        )
    blocks = page_blocks(english.read())
    return EnglishChanges(lang, local, _diff(list(entry.blocks), blocks) if entry.blocks else [])


def _diff(recorded: list[str], blocks: list[Block]) -> list[BlockChange]:
    now = [block.fingerprint for block in blocks]
    changes: list[BlockChange] = []
    matcher = SequenceMatcher(a=recorded, b=now, autojunk=False)
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            continue
        olds, news = recorded[old_start:old_end], blocks[new_start:new_end]
        paired = _pairs(olds, news)
        for old, new in paired:
            changes.append(BlockChange("changed", _what_changed(olds[old], news[new]), news[new], olds[old]))
        paired_old, paired_new = {old for old, _ in paired}, {new for _, new in paired}
        changes += [
            BlockChange("added", _kind(block.fingerprint), block, None)
            for position, block in enumerate(news)
            if position not in paired_new
        ]
        before = blocks[new_start - 1].last + 1 if new_start else 0
        changes += [
            BlockChange("removed", _kind(was), None, was, before)
            for position, was in enumerate(olds)
            if position not in paired_old
        ]
    return sorted(changes, key=lambda change: change.block.index if change.block else change.after_line - 0.5)


def _pairs(olds: list[str], news: list[Block]) -> list[tuple[int, int]]:
    """Replaced blocks paired (as positions): first a block whose words are unchanged (its links
    changed), then, in order, each old block with the next unpaired new block of its kind."""
    pairs: list[tuple[int, int]] = []
    for old, was in enumerate(olds):
        kind, words, _ = fingerprint_parts(was)
        same_words = (n for n, b in enumerate(news) if fingerprint_parts(b.fingerprint)[:2] == (kind, words))
        if (new := next(same_words, None)) is not None and new not in {n for _, n in pairs}:
            pairs.append((old, new))
    next_new = 0
    for old, was in enumerate(olds):
        if old in {o for o, _ in pairs}:
            continue
        taken = {n for _, n in pairs}
        kind = fingerprint_parts(was)[0]
        new = next((n for n in range(next_new, len(news)) if news[n].kind == kind and n not in taken), None)
        if new is not None:
            pairs.append((old, new))
            next_new = new + 1
    return sorted(pairs)


def _what_changed(was: str, block: Block) -> What:
    kind, words, _ = fingerprint_parts(was)
    if block.kind == "prose" and words == fingerprint_parts(block.fingerprint)[1]:
        return "links"
    return "code" if kind == "code" else "markup" if kind == "markup" else "prose"


def _kind(fingerprint: str) -> What:
    kind = fingerprint_parts(fingerprint)[0]
    return kind if kind in ("prose", "code", "markup") else "markup"  # type: ignore[return-value]


def _refused(path: str, message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic(path, 0, "translate-changes", message, hint, "error")])
