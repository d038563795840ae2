"""A page carries the navigation a reader can see from it, not the whole site's: its weight does not grow
with the pages of sections it is not in."""

from __future__ import annotations

from pathlib import Path

import yaml

from polydocs.site.build import build_site


def _toctree(closed_pages: int) -> list[dict[str, object]]:
    """Guides > (Models > Text models > bert, gpt2, t5), (Training > `closed_pages` pages)."""
    text_models = [{"local": f"models/{name}", "title": name.upper()} for name in ("bert", "gpt2", "t5")]
    training = [{"local": f"training/step_{i}", "title": f"Step {i}"} for i in range(closed_pages)]
    models: dict[str, object] = {
        "title": "Models",
        "sections": [{"title": "Text models", "sections": text_models}],
    }
    guides: dict[str, object] = {
        "title": "Guides",
        "sections": [models, {"title": "Training", "sections": training}],
    }
    return [{"title": "Start", "sections": [{"local": "index", "title": "Home"}]}, guides]


def _build(root: Path, closed_pages: int) -> Path:
    docs = root / "docs" / "en"
    toctree = _toctree(closed_pages)
    docs.mkdir(parents=True)
    (docs / "_toctree.yml").write_text(yaml.safe_dump(toctree), encoding="utf-8")
    locals_ = ["index", "models/bert", "models/gpt2", "models/t5"]
    for local in locals_ + [f"training/step_{i}" for i in range(closed_pages)]:
        (docs / f"{local}.md").parent.mkdir(parents=True, exist_ok=True)
        (docs / f"{local}.md").write_text(f"# {local}\n\nText of {local}.\n", encoding="utf-8")
    report = build_site(root / "docs", root / "site", use_cache=False)
    assert not report.warnings, report.warnings
    return root / "site" / "en"


def test_a_page_is_the_same_however_many_pages_a_closed_section_holds(tmp_path: Path) -> None:
    small = _build(tmp_path / "small", 3)
    large = _build(tmp_path / "large", 60)
    page = "models/gpt2/index.html"
    assert (small / page).read_bytes() == (large / page).read_bytes()


def test_a_page_links_its_own_sections_pages_and_the_first_page_of_a_closed_one(tmp_path: Path) -> None:
    html = (_build(tmp_path, 5) / "models" / "gpt2" / "index.html").read_text(encoding="utf-8")
    assert 'href="../bert/"' in html and 'href="../t5/"' in html
    assert 'href="../../training/step_0/"' in html
    assert "training/step_1/" not in html
