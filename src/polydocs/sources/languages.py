"""Documentation languages: a folder's BCP 47 tag, its name and text direction (from Babel), its strings.

A language is data, never code: Babel (CLDR) knows every registered language's autonym, direction and
decimal sign, and the strings polydocs adds to pages live in one YAML file per tag (`strings/`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from babel import Locale

SOURCE_LANGUAGE = "en"
STRINGS_FOLDER = Path(__file__).parent / "strings"

# BCP 47 (RFC 5646) tags as documentation folders use them: a 2-3 letter language, then optionally a
# script (`Hant`), a region (`TW`, `419`) and variants. Private use and extensions name no folder.
_TAG = re.compile(
    r"(?P<language>[A-Za-z]{2,3})(?:-(?P<script>[A-Za-z]{4}))?(?:-(?P<region>[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*"
)


# Folder names seen in documentation repositories for languages whose code is another: the warning about
# such a folder shows the alias line to add.
USUAL_MISNAMES = {
    "cn": "zh",
    "jp": "ja",
    "kr": "ko",
    "gj": "gu",
    "ua": "uk",
    "cz": "cs",
    "dk": "da",
    "gr": "el",
}


def is_language_tag(name: str) -> bool:
    """`zh-TW`, `pt-BR`, `gj` are well-formed tags; `images`, `zh_TW`, `cn_docs` are not."""
    return _TAG.fullmatch(name) is not None


@functools.cache
def _registered_languages() -> frozenset[str]:
    # CLDR names every ISO 639-1 language and the ISO 639-2/3 ones in use; a code it cannot name is
    # no registered language (`gj` for Gujarati, whose code is `gu`).
    from babel import Locale

    return frozenset(str(code).lower() for code in Locale("en").languages)


def is_registered_tag(tag: str) -> bool:
    """A well-formed tag whose language subtag is a registered language code."""
    match = _TAG.fullmatch(tag)
    return match is not None and match["language"].lower() in _registered_languages()


# Compared and hashed by identity: `language_of` makes one per folder and tag, and the renderers' caches
# key on it.
@dataclass(frozen=True, eq=False)
class Language:
    """One language folder of the tree: the tag the site says for it, and what readers see in it."""

    # The folder's name: its URL segment (`cn`) and the key of every per-language table.
    folder: str
    # The BCP 47 tag pages say (`<html lang>`, hreflang): the folder's name unless it is aliased (`zh`).
    tag: str
    # The language's name in its own script (`中文 (繁體, 台灣)`, `Español`), for menus and headings.
    autonym: str
    # Its name as it stands inside a sentence: of its own (`español`, CLDR's), and of an English one
    # (`Spanish`), where its catalog leaves a string in English.
    name_in_text: str
    english_name: str
    direction: str  # "ltr" or "rtl"
    decimal_sign: str
    # This language's strings over the English ones: the catalog files of the tag and its parents.
    strings: dict[str, str]
    # The catalog keys no file of this language's chain translates (English is shown).
    missing_strings: tuple[str, ...]

    @property
    def registered(self) -> bool:
        return is_registered_tag(self.tag)

    def name_in(self, key: str) -> str:
        """The language's name inside the sentence of `key`: in English where that string is English."""
        return self.english_name if key in self.missing_strings else self.name_in_text

    def text(self, key: str, **values: object) -> str:
        """The string `key` (`banner.outdated_title`) in this language, else English, filled in."""
        return self.strings[key].format(**values)

    def number(self, value: float, digits: int) -> str:
        """`value` with `digits` decimals and this language's decimal sign (no thousands separator)."""
        return f"{value:.{digits}f}".replace(".", self.decimal_sign)

    def join(self, items: list[str]) -> str:
        """`["1", "4", "64"]` -> "1, 4 and 64" in this language."""
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.text('bench.and')} {items[-1]}"


def tag_chain(tag: str) -> list[str]:
    """`zh-Hant-TW` -> `zh-Hant-TW`, `zh-Hant`, `zh`: the tag and the shorter tags it falls back to."""
    parts = tag.split("-")
    return ["-".join(parts[:end]) for end in range(len(parts), 0, -1)]


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = str(value)
    return flat


@functools.cache
def catalog_files() -> dict[str, Path]:
    """Every string file of the package by lower-case tag (`pt-br` -> `strings/pt-BR.yml`)."""
    return {path.stem.lower(): path for path in sorted(STRINGS_FOLDER.glob("*.yml"))}


@functools.cache
def catalog_strings(tag: str) -> dict[str, str]:
    """The strings one catalog file translates, by `area.name` key; empty for a tag without a file."""
    path = catalog_files().get(tag.lower())
    if path is None:
        return {}
    return _flatten(yaml.safe_load(path.read_text(encoding="utf-8")) or {})


def _babel_locale(tag: str) -> Locale | None:
    # Babel is imported where a language is named, not on import: the benchmarks and the snippet checker
    # import the site model and run on machines (a GPU host) that may not have it.
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(tag.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def _name_in_text(tag: str, locale: Locale | None, reader: Locale | None = None) -> str:
    """The language's name as CLDR writes it inside a sentence of `reader`'s language (`español`;
    `Spanish` for an English reader), `reader` the language itself when None. A registered language CLDR
    has no locale for is named in English; another by its tag."""
    if locale is not None:
        return locale.get_display_name(reader or locale) or tag
    from babel import Locale

    return Locale("en").languages.get(tag.split("-")[0].lower(), tag)


def _autonym(tag: str, locale: Locale | None) -> str:
    """The name in a menu or a heading: CLDR's, started with a capital, as language menus do."""
    name = _name_in_text(tag, locale)
    return name[:1].upper() + name[1:]


@functools.cache
def language_of(folder: str, tag: str | None = None) -> Language:
    """The language of the folder `folder`, whose tag is `tag` when aliased, else the folder's name."""
    tag = tag or folder
    locale = _babel_locale(tag)
    english = catalog_strings(SOURCE_LANGUAGE)
    own: dict[str, str] = {}
    for parent in reversed(tag_chain(tag)):
        own.update(catalog_strings(parent))
    return Language(
        folder=folder,
        tag=tag,
        autonym=_autonym(tag, locale),
        name_in_text=_name_in_text(tag, locale),
        english_name=_name_in_text(tag, locale, _babel_locale(SOURCE_LANGUAGE)),
        direction="rtl" if locale is not None and locale.character_order == "right-to-left" else "ltr",
        decimal_sign=locale.number_symbols.get("latn", {}).get("decimal", ".") if locale else ".",
        strings={**english, **own},
        missing_strings=tuple(key for key in english if key not in own),
    )


def source_language() -> Language:
    return language_of(SOURCE_LANGUAGE)
