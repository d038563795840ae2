"""Search finds a word in the middle of a sentence in every script family: words separated by spaces
(Latin, Cyrillic, Arabic) and scripts written without spaces (Chinese, Japanese, Thai)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import BROWSER_MARKS, OpenPage, serve_folder
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

# Per language: the home page's title and sentence, and a word from inside the sentence.
PAGES = {
    "en": ("Home", "Tokenizers split training text into pieces.", "training"),
    "ru": ("Главная", "Токенизаторы разбивают обучающий текст на части.", "текст"),
    "ar": ("الرئيسية", "تقسم أدوات الترميز نص التدريب إلى أجزاء.", "التدريب"),
    "zh-CN": ("首页", "分词器将训练文本切分成片段。模型需要大量数据。", "训练"),
    "ja": ("ホーム", "トークナイザーは学習テキストを分割します。", "学習"),
    "th": ("หน้าแรก", "ตัวตัดคำแบ่งข้อความสำหรับการฝึกออกเป็นส่วนๆ", "ข้อความ"),
}


@pytest.fixture(scope="module")
def scripts_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    source = tmp_path_factory.mktemp("scripts") / "docs"
    for lang, (title, sentence, _) in PAGES.items():
        (source / lang).mkdir(parents=True)
        (source / lang / "_toctree.yml").write_text(f"- local: index\n  title: {title}\n", encoding="utf-8")
        (source / lang / "index.md").write_text(f"# {title}\n\n{sentence}\n", encoding="utf-8")
    out = source.parent / "site"
    report = build_site(source, out)
    assert report.warnings == []
    with serve_folder(out) as url:
        yield url


_LISTS_RESULTS = "() => document.querySelectorAll('.md-search-result__item > a').length > 0"


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_a_word_inside_a_sentence_is_found(module_page: OpenPage, scripts_site: str, lang: str) -> None:
    word = PAGES[lang][2]
    page, watch = module_page()
    page.goto(f"{scripts_site}/{lang}/")
    search = page.locator(".md-search__input")
    search.click()
    # A query typed before the worker has loaded the index (lunr's language files first) is not run
    # again once it has: the reader types again, and so does the test.
    for attempt in range(10):
        search.press("Control+A")
        page.keyboard.type(word if attempt % 2 == 0 else f"{word} ")
        try:
            page.wait_for_function(_LISTS_RESULTS, timeout=2_000)
            break
        except PlaywrightTimeoutError:
            continue
    found = page.eval_on_selector_all(
        ".md-search-result__item > a", "links => links.map(a => new URL(a.href).pathname)"
    )
    assert found and all(path == f"/{lang}/" for path in found), found
    assert watch.console_errors == []
