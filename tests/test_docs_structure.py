"""The guide as a newcomer reads it: `docs/architecture.md` is the short design (the picture, the parts, the
rules, where to add each kind of thing), and every link between the guide's pages lands on a page and a
heading that exist (measurements and the build's details live in performance.md and building.md)."""

import re
from pathlib import Path

from polydocs.guide import github_anchor

DOCS = Path(__file__).resolve().parents[1] / "docs"
_LINK = re.compile(r"\]\(([\w.-]+\.md)(?:#([\w-]+))?\)")
_HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return {github_anchor(heading) for heading in _HEADING.findall(text)}


def test_every_link_between_guide_pages_lands_on_a_heading():
    broken = []
    for page in sorted(DOCS.glob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for target, anchor in _LINK.findall(line):
                if not (DOCS / target).is_file():
                    broken.append(f"docs/{page.name}:{number}: no page {target}")
                elif anchor and anchor not in _anchors(DOCS / target):
                    broken.append(f"docs/{page.name}:{number}: {target} has no heading #{anchor}")
    assert not broken, "\n".join(broken)


def test_architecture_is_a_short_design_document():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    assert len(text.split()) <= 1600, "architecture.md is the design; measurements go to performance.md"
    headings = _HEADING.findall(text)
    assert headings[1:] == ["The picture", "The parts", "The rules", "Where to add"]
    where_to_add = text.split("## Where to add", 1)[1]
    for kind in ("A construct", "A language", "A stand-in", "A lint rule", "A code"):
        assert f"**{kind}.**" in where_to_add
    assert "trust.md" in text and "src/polydocs/codes.py" in text
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text), "a dated measurement belongs in performance.md"
