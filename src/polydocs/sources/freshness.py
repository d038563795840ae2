"""Translation freshness: which English revision each translation was made from, kept in a lock file.

`docs_src/translations.lock.yml` maps each language's pages to the hash of the English page they translate:

    es:
      perf_torch_compile: sha256:1f0c...   # first 16 hex digits of the English text's SHA-256

A translation is `current` while that hash still matches the English page, `outdated` once the English page
changes, `untracked` when the lock has no entry for it (never marked) and `missing` when it does not exist.
`polydocs status --mark es/perf_torch_compile.md` records the English page's present hash. The hash ignores
line endings and trailing spaces, so only an edit a reader could see makes a translation outdated.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.languages import SOURCE_LANGUAGE

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

State = Literal["current", "outdated", "missing", "untracked"]
STATES: tuple[State, ...] = ("current", "outdated", "untracked", "missing")


def content_hash(text: str) -> str:
    """`sha256:` and 16 hex digits of the text, with line endings and trailing whitespace normalised."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    normalised = "\n".join(lines).strip("\n") + "\n"
    return _PREFIX + hashlib.sha256(normalised.encode("utf-8")).hexdigest()[:16]


def _lock_problem(path: Path, line: int, message: str) -> PolydocsError:
    hint = f"fix {LOCK_NAME} or delete the entry and mark the page again with `polydocs status --mark`"
    return PolydocsError([Diagnostic(str(path), line, "freshness-lock", message, hint, "error")])


def read_lock(path: Path) -> dict[str, dict[str, str]]:
    """The lock file's entries by language and page; an absent file is an empty lock."""
    if not path.is_file():
        return {}
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise _lock_problem(path, mark.line + 1 if mark else 1, "invalid YAML") from None
    if root is None:
        return {}
    if not isinstance(root, yaml.MappingNode):
        raise _lock_problem(path, root.start_mark.line + 1, "expected `lang:` keys")
    lock: dict[str, dict[str, str]] = {}
    for lang_node, pages_node in root.value:
        if not isinstance(pages_node, yaml.MappingNode):
            raise _lock_problem(
                path, pages_node.start_mark.line + 1, f"`{lang_node.value}:` must map pages to hashes"
            )
        entries = lock.setdefault(str(lang_node.value), {})
        for local_node, hash_node in pages_node.value:
            value = getattr(hash_node, "value", None)
            if not isinstance(value, str) or not value.startswith(_PREFIX):
                raise _lock_problem(
                    path, hash_node.start_mark.line + 1, f"`{local_node.value}` has no sha256: hash"
                )
            entries[str(local_node.value)] = value
    return lock


@dataclass
class Freshness:
    """The state of every translation of a source tree, and the lock that records it."""

    lock_path: Path
    english: dict[str, str]
    translations: dict[str, set[str]]
    recorded: dict[str, dict[str, str]] = field(default_factory=dict)

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
        return "current" if recorded == self.english[local] else "outdated"

    def pages_by_state(self, lang: str) -> dict[State, list[str]]:
        """Every English page (and every translation without one) of `lang`, grouped by state."""
        groups: dict[State, list[str]] = {state: [] for state in STATES}
        extra = sorted(self.translations.get(lang, set()) - set(self.english))
        for local in [*self.english, *extra]:
            groups[self.state(lang, local)].append(local)
        return groups

    def mark(self, lang: str, local: str) -> None:
        """Record that the translation now matches the present English page."""
        if lang == SOURCE_LANGUAGE:
            raise PolydocsError(
                [
                    Diagnostic(
                        f"{lang}/{local}.md", 0, "freshness-mark", "English pages are the source", "", "error"
                    )
                ]
            )
        problem = None
        if local not in self.english:
            problem = f"there is no English page en/{local}.md to translate"
        elif local not in self.translations.get(lang, set()):
            problem = f"there is no translation {lang}/{local}.md yet"
        if problem:
            raise PolydocsError([Diagnostic(f"{lang}/{local}.md", 0, "freshness-mark", problem, "", "error")])
        self.recorded.setdefault(lang, {})[local] = self.english[local]

    def save(self) -> None:
        """Write the lock, sorted, keeping only entries whose translation and English page still exist."""
        data = {
            lang: {local: entries[local] for local in sorted(entries) if local in self.english}
            for lang, entries in sorted(self.recorded.items())
            if lang in self.translations
        }
        data = {lang: entries for lang, entries in data.items() if entries}
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True) if data else "{}\n"
        self.lock_path.write_text(_HEADER + body, encoding="utf-8")


def freshness_of(tree: SourceTree) -> Freshness:
    """The state of every translation of `tree` (its English pages are read and hashed): ask
    `SourceTree.freshness`, which does this once."""
    english = {
        local: content_hash(page.read()) for local, page in tree.pages.get(SOURCE_LANGUAGE, {}).items()
    }
    translations = {lang: set(tree.pages[lang]) for lang in tree.languages}
    lock_path = tree.root / LOCK_NAME
    return Freshness(lock_path, english, translations, read_lock(lock_path))
