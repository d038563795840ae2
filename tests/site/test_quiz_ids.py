"""A quiz's ids are its `<Question>` tag's line in the page file.

The text the site converts holds a verification badge after each Python block (three lines each), and
no front matter; ids counted in that text moved with every Python block above the quiz, and differed from
those of a rendering without badges (lint's, `lint/rendering.py`, which reads a page's anchors from it).
"""

from pathlib import Path

from polydocs.site.build import build_site

PAGE = """---
title: Quiz
---

# Quiz

```py
print("a badge follows this block")
```

```py
print("and this one")
```

<Question
	choices={[
		{text: "Yes", explain: "Right.", correct: true},
		{text: "No", explain: "Wrong."},
	]}
/>
"""
QUESTION_LINE = PAGE.split("\n").index("<Question") + 1


def test_quiz_ids_are_the_page_line_of_its_tag_below_python_blocks(write_tree, tmp_path: Path) -> None:
    source = write_tree({"en/_toctree.yml": "- title: Quiz\n  local: quiz\n", "en/quiz.md": PAGE})
    build_site(source, tmp_path / "site")
    html = (tmp_path / "site" / "en" / "quiz" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-evidence" in html  # the badges the site inserts above the quiz
    assert f'name="polydocs-quiz-{QUESTION_LINE}" id="polydocs-quiz-{QUESTION_LINE}-1"' in html
    assert f'id="polydocs-quiz-{QUESTION_LINE}-2"' in html
