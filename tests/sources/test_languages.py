"""Language facts come from Babel and the catalog files; adding a language is adding a file."""

from __future__ import annotations

import re
import string

import pytest
from babel import Locale

from polydocs.site.banners import untranslated_banner
from polydocs.sources import is_language_tag, is_registered_tag, language_of
from polydocs.sources.languages import catalog_files, catalog_strings, tag_chain

ISO_639_1 = sorted(
    code
    for code in map(str, Locale("en").languages)
    if len(code) == 2 and set(code) <= set(string.ascii_lowercase)
)


def test_every_iso_639_1_code_is_a_registered_language_with_a_name() -> None:
    assert len(ISO_639_1) >= 180
    for code in ISO_639_1:
        language = language_of(code)
        assert language.registered, code
        assert language.autonym and language.autonym != code, code


@pytest.mark.parametrize(
    ("tag", "autonym", "direction"),
    [
        ("zh-CN", "中文 (简体, 中国)", "ltr"),
        ("zh-TW", "中文 (繁體, 台灣)", "ltr"),
        ("zh-Hant", "中文 (繁體)", "ltr"),
        ("pt-BR", "Português (Brasil)", "ltr"),
        ("ar", "العربية", "rtl"),
        ("fa", "فارسی", "rtl"),
        ("he", "עברית", "rtl"),
        ("ur", "اردو", "rtl"),
        ("th", "ไทย", "ltr"),
    ],
)
def test_tags_with_script_or_region_get_their_name_and_direction(
    tag: str, autonym: str, direction: str
) -> None:
    language = language_of(tag)
    assert (language.autonym, language.direction) == (autonym, direction)


@pytest.mark.parametrize("name", ["zh-CN", "zh-Hant-TW", "pt-BR", "es-419", "gj", "sr-Latn", "de-CH-1996"])
def test_well_formed_tags(name: str) -> None:
    assert is_language_tag(name)


@pytest.mark.parametrize("name", ["chinese", "zh_CN", "zh-", "images", "cn_docs", "z", "x-private"])
def test_names_that_are_no_tags(name: str) -> None:
    assert not is_language_tag(name)


def test_unregistered_codes_are_well_formed_but_not_registered() -> None:
    assert is_language_tag("gj") and not is_registered_tag("gj")
    assert is_registered_tag("gu")


def test_a_regional_tag_falls_back_to_its_language_then_to_english_per_string() -> None:
    assert tag_chain("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"]
    brazilian = language_of("pt-BR")
    assert brazilian.text("callout.tip") == "Dica"  # from pt.yml
    assert language_of("ja").text("callout.tip") == "Tip"  # no ja.yml: English
    assert "callout.tip" in language_of("ja").missing_strings
    assert language_of("es").missing_strings == ()


def test_number_format_is_the_languages_own() -> None:
    assert [language_of(tag).number(1.25, 1) for tag in ("en", "es", "pt-BR", "fr")] == [
        "1.2",
        "1,2",
        "1,2",
        "1,2",
    ]


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("tag", sorted(catalog_files()))
def test_each_catalog_file_translates_english_keys_with_the_same_placeholders(tag: str) -> None:
    english = catalog_strings("en")
    strings = catalog_strings(tag)
    assert set(strings) <= set(english), f"{tag}: keys English does not have: {set(strings) - set(english)}"
    for key, text in strings.items():
        assert set(_PLACEHOLDER.findall(text)) == set(_PLACEHOLDER.findall(english[key])), f"{tag}: {key}"


@pytest.mark.parametrize(
    ("tag", "named"),
    [
        ("es", "al español;"),
        ("pt", "para o português;"),
        ("fr", "into French yet"),
        ("ko", "into Korean yet"),
    ],
)
def test_the_untranslated_banner_names_the_language_as_its_sentence_writes_it(tag: str, named: str) -> None:
    """Inside a sentence of its own catalog a language is named as CLDR writes it there (`español`, where
    menus say `Español`); where its catalog leaves the sentence in English, by its English name."""
    assert named in untranslated_banner(language_of(tag))
