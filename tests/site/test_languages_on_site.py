"""What a page says of its language: the tag (aliased folders included), the direction, Material's
interface and search language, and the warnings for languages polydocs or Material do not know."""

from __future__ import annotations

import json
import re
from pathlib import Path

from polydocs.site.build import build_site

TOC = "- local: index\n  title: {title}\n"


def _build(write_tree, folders: dict[str, str], settings: str = "") -> tuple[Path, list[str]]:
    files = {"polydocs.yml": settings} if settings else {}
    for folder, title in folders.items():
        files[f"{folder}/_toctree.yml"] = TOC.format(title=title)
        files[f"{folder}/index.md"] = f"# {title}\n\nText.\n"
    source = write_tree(files)
    report = build_site(source, source.parent / "site", jobs=1)
    return report.out, report.warnings


def _html_lang(page: Path) -> str:
    return re.search(r'<html lang="([^"]+)"', page.read_text(encoding="utf-8"))[1]


def _search_config(site: Path, folder: str) -> dict:
    return json.loads((site / folder / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]


def test_an_aliased_folder_keeps_its_url_and_says_its_tag(write_tree) -> None:
    site, warnings = _build(write_tree, {"en": "Home", "cn": "首页"}, "languages: {cn: zh}\n")
    assert warnings == []
    page = (site / "cn" / "index.html").read_text(encoding="utf-8")
    assert _html_lang(site / "cn" / "index.html") == "zh"
    assert '<link rel="alternate" href="../cn/" hreflang="zh">' in page
    assert "搜索" in page  # Material's Chinese interface
    assert _search_config(site, "cn")["lang"] == ["zh"]
    root = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="cn/" hreflang="zh" lang="zh">中文</a>' in root


def test_regional_tags_are_said_as_written_and_rtl_languages_are_right_to_left(write_tree) -> None:
    site, warnings = _build(write_tree, {"en": "Home", "zh-TW": "首頁", "ar": "الرئيسية", "he": "בית"})
    assert warnings == []
    assert _html_lang(site / "zh-TW" / "index.html") == "zh-TW"
    for folder in ("ar", "he"):
        assert '<body dir="rtl"' in (site / folder / "index.html").read_text(encoding="utf-8")
    assert '<body dir="ltr"' in (site / "zh-TW" / "index.html").read_text(encoding="utf-8")


def test_unregistered_code_and_missing_theme_translation_each_warn_once(write_tree) -> None:
    site, warnings = _build(write_tree, {"en": "Home", "gj": "Home", "ne": "गृहपृष्ठ"})
    assert _html_lang(site / "gj" / "index.html") == "gj"
    assert _html_lang(site / "ne" / "index.html") == "ne"
    [unregistered] = [w for w in warnings if "language-unregistered" in w]
    assert "`languages: {gj: gu}`" in unregistered
    [fallback] = [w for w in warnings if "theme-language" in w]
    assert "ne: theme-language" in fallback
    assert "Material has no ne interface translation" in fallback
    assert len(warnings) == 2, warnings
