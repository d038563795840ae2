"""Translation freshness: which English revision each translation was made from, kept in a lock file.

`docs_src/translations.lock.yml` maps each language's pages to the hash of the English page they translate:

    es:
      perf_torch_compile: sha256:1f0c...   # first 16 hex digits of the English text's SHA-256

A translation is `current` while that hash still matches the English page, `outdated` once the English page
changes, `untracked` when the lock has no entry for it (never marked) and `missing` when it does not exist.
`polydocs status --mark es/perf_torch_compile.md` records the English page's present hash. The hash ignores
line endings and trailing spaces, so only an edit a reader could see makes a translation outdated.

An entry may also keep the fingerprints of the English page's blocks (`polydocs.dialect.blocks`, found by
the page's parse and handed in by whoever marks or starts a translation), so that `polydocs translate
--changes` can tell which blocks changed since, and whether the page is a translation `polydocs translate`
started and nobody has marked yet (`in-progress`):

    pt:
      graph_breaks:
        english: sha256:1f0c...
        blocks: [markup:736c33fd, prose:2500b3b0, code:f1f13055, ...]
        state: in-progress

Locks written before blocks were recorded hold only the hash, and stay readable.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError, counted
from polydocs.sources.languages import SOURCE_LANGUAGE
from polydocs.sources.text import read_tree_text, read_utf8
from polydocs.sources.tree_yaml import compose_tree_yaml

if TYPE_CHECKING:
    from polydocs.sources.tree import SourceTree

LOCK_NAME = "translations.lock.yml"
_PREFIX = "sha256:"
_HEADER = """\
# Which revision of its English page each translation translates: the start of the SHA-256 of the English
# text (line endings and trailing spaces ignored). When the English page changes, its translations show as
# outdated until a translator updates them and runs `polydocs status --mark LANG/PAGE.md`.
# Written by polydocs; do not edit by hand.
"""

State = Literal["current", "in-progress", "outdated", "missing", "untracked"]
STATES: tuple[State, ...] = ("current", "in-progress", "outdated", "untracked", "missing")
_IN_PROGRESS = "in-progress"


@dataclass(frozen=True)
class LockEntry:
    """What the lock records of one translation: the English page's hash when it was marked (or started),
    that page's block fingerprints (empty in locks written before they were recorded), and whether the
    translation was started by `polydocs translate` and not yet marked current."""

    english: str
    blocks: tuple[str, ...] = ()
    in_progress: bool = False

    def to_yaml(self) -> str | dict[str, object]:
        if not self.blocks and not self.in_progress:
            return self.english  # the format of older locks, which is all they need
        data: dict[str, object] = {"english": self.english, "blocks": list(self.blocks)}
        if self.in_progress:
            data["state"] = _IN_PROGRESS
        return data


def content_hash(text: str) -> str:
    """`sha256:` and 16 hex digits of the text, with line endings and trailing whitespace normalised."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    normalised = "\n".join(lines).strip("\n") + "\n"
    return _PREFIX + hashlib.sha256(normalised.encode("utf-8")).hexdigest()[:16]


_LOCK_HINT = f"fix {LOCK_NAME} or delete the entry and mark the page again with `polydocs status --mark`"


def _lock_problem(path: Path, line: int, message: str) -> PolydocsError:
    return PolydocsError([Diagnostic(str(path), line, "freshness-lock", message, _LOCK_HINT, "error")])


def read_lock(path: Path) -> dict[str, dict[str, LockEntry]]:
    """The lock file's entries by language and page; an absent file is an empty lock."""
    if not path.is_file():
        return {}
    text = read_utf8(path, "the translation lock cannot be read")
    root = compose_tree_yaml(path, text, "freshness-lock", _LOCK_HINT)
    if root is None:
        return {}
    if not isinstance(root, yaml.MappingNode):
        raise _lock_problem(path, root.start_mark.line + 1, "expected `lang:` keys")
    lock: dict[str, dict[str, LockEntry]] = {}
    for lang_node, pages_node in root.value:
        if not isinstance(pages_node, yaml.MappingNode):
            raise _lock_problem(
                path, pages_node.start_mark.line + 1, f"`{lang_node.value}:` must map pages to hashes"
            )
        entries = lock.setdefault(str(lang_node.value), {})
        for local_node, entry_node in pages_node.value:
            entries[str(local_node.value)] = _lock_entry(path, str(local_node.value), entry_node)
    return lock


def _lock_entry(path: Path, local: str, node: yaml.Node) -> LockEntry:
    """`page: sha256:...`, or `page: {english: sha256:..., blocks: [...], state: in-progress}`."""
    fields = {key.value: value for key, value in node.value} if isinstance(node, yaml.MappingNode) else {}
    english = fields.get("english", node)
    value = getattr(english, "value", None)
    if not isinstance(value, str) or not value.startswith(_PREFIX):
        raise _lock_problem(path, english.start_mark.line + 1, f"`{local}` has no sha256: hash")
    blocks = fields.get("blocks")
    if blocks is not None and not (
        isinstance(blocks, yaml.SequenceNode)
        and all(isinstance(item, yaml.ScalarNode) for item in blocks.value)
    ):
        raise _lock_problem(path, blocks.start_mark.line + 1, f"`{local}`: `blocks:` must list fingerprints")
    state = getattr(fields.get("state"), "value", None)
    fingerprints = tuple(str(item.value) for item in blocks.value) if blocks is not None else ()
    return LockEntry(value, fingerprints, state == _IN_PROGRESS)


@dataclass
class Freshness:
    """The state of every translation of a source tree, and the lock that records it."""

    lock_path: Path
    english: dict[str, str]
    translations: dict[str, set[str]]
    recorded: dict[str, dict[str, LockEntry]] = field(default_factory=dict)

    def state(self, lang: str, local: str) -> State:
        """`local` is the page name without `.md` (`perf_torch_compile`)."""
        exists = local in self.translations.get(lang, set())
        if not exists:
            return "missing"
        if lang == SOURCE_LANGUAGE:
            return "current"
        recorded = self.recorded.get(lang, {}).get(local)
        if recorded is None or local not in self.english:
            return "untracked"
        if recorded.in_progress:
            return "in-progress"
        return "current" if recorded.english == self.english[local] else "outdated"

    def entry(self, lang: str, local: str) -> LockEntry | None:
        """What the lock records of `lang`'s translation of `local`, None when it records nothing."""
        return self.recorded.get(lang, {}).get(local)

    def pages_by_state(self, lang: str) -> dict[State, list[str]]:
        """Every English page (and every translation without one) of `lang`, grouped by state."""
        groups: dict[State, list[str]] = {state: [] for state in STATES}
        extra = sorted(self.translations.get(lang, set()) - set(self.english))
        for local in [*self.english, *extra]:
            groups[self.state(lang, local)].append(local)
        return groups

    def mark(
        self,
        lang: str,
        local: str,
        english_blocks: tuple[str, ...],
        translation: Path | None = None,
        pending: Sequence[int] = (),
    ) -> None:
        """Record that the translation (at `translation`) now matches the present English page, whose
        blocks' fingerprints are `english_blocks`; refused while the translation still holds a block
        `polydocs translate` marked as English (`pending`: the lines of its markers)."""
        self._check_translatable(lang, local)
        if local not in self.translations.get(lang, set()):
            self._refuse(lang, local, f"there is no translation {lang}/{local}.md yet")
        if translation is not None:
            self._refuse_pending(translation, pending)
        self.recorded.setdefault(lang, {})[local] = LockEntry(self.english[local], english_blocks)

    def _refuse_pending(self, translation: Path, pending: Sequence[int]) -> None:
        if pending:
            raise PolydocsError(
                [
                    Diagnostic(
                        str(translation),
                        pending[0],
                        "freshness-mark",
                        f"still holds {counted(len(pending), 'block')} marked as English "
                        f"(`<!-- translate: ... -->`); not recorded as up to date",
                        "translate each marked block and delete its marker, then mark the page again",
                        "error",
                    )
                ]
            )

    def start(self, lang: str, local: str, english_blocks: tuple[str, ...]) -> None:
        """Record a translation just started from the present English page, whose blocks' fingerprints are
        `english_blocks`: in progress until marked."""
        self._check_translatable(lang, local)
        self.translations.setdefault(lang, set()).add(local)
        self.recorded.setdefault(lang, {})[local] = LockEntry(self.english[local], english_blocks, True)

    def _check_translatable(self, lang: str, local: str) -> None:
        if lang == SOURCE_LANGUAGE:
            self._refuse(lang, local, "English pages are the source")
        if local not in self.english:
            self._refuse(lang, local, f"there is no English page en/{local}.md to translate")

    def _refuse(self, lang: str, local: str, problem: str) -> None:
        raise PolydocsError([Diagnostic(f"{lang}/{local}.md", 0, "freshness-mark", problem, "", "error")])

    def save(self) -> None:
        """Write the lock, sorted, keeping only entries whose translation and English page still exist;
        atomically, so that a lock is never left half written."""
        data = {
            lang: {
                local: entries[local].to_yaml()
                for local in sorted(entries)
                if local in self.english and local in self.translations[lang]
            }
            for lang, entries in sorted(self.recorded.items())
            if lang in self.translations
        }
        data = {lang: entries for lang, entries in data.items() if entries}
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110) if data else "{}\n"
        _write_atomically(self.lock_path, _HEADER + body)


def _write_atomically(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def freshness_of(tree: SourceTree, digests: dict[Path, str]) -> Freshness:
    """The state of every translation of `tree`: ask `SourceTree.freshness`, which does this once.

    `digests` holds the content hashes of English page files already known (a tree updated after an
    edit keeps those of the files it did not change); the other English pages are read and hashed, and
    their hashes added to it."""
    english_pages = {local: page.path for local, page in tree.pages.get(SOURCE_LANGUAGE, {}).items()}
    for path in english_pages.values():
        if path not in digests:
            digests[path] = content_hash(read_tree_text(path))
    english = {local: digests[path] for local, path in english_pages.items()}
    translations = {lang: set(tree.pages[lang]) for lang in tree.languages}
    lock_path = tree.root / LOCK_NAME
    return Freshness(lock_path, english, translations, read_lock(lock_path))
