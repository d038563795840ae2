import json
from pathlib import Path

from polydocs.snippets.evidence import annotate_code_blocks, load_evidence
from polydocs.snippets.fingerprint import code_hash
from polydocs.sources import language_of

from .golden import assert_golden

PAGE = """# Page

```py
import torch
x = torch.ones(2)  # a comment
```

```py
y = 2
```

```bash
echo not python
```

```py
z = 3
```
"""


def _write_report(root: Path) -> None:
    folder = root / "_data" / "snippets"
    folder.mkdir(parents=True)
    report = {
        "created": "2026-05-01T10:00:00+00:00",
        "device": {"kind": "cuda", "name": "NVIDIA H200", "count": 1},
        "versions": {"torch": "2.11.0+cu130"},
        "sessions": [
            {
                "page": "es/page.md",
                "blocks": [
                    {
                        "line": 3,
                        "code_hash": code_hash("import torch\nx = torch.ones(2)  # otro comentario\n"),
                        "status": "passed",
                        "speedup": 6.94,
                    },
                    {"line": 8, "code_hash": code_hash("y = 2\n"), "status": "failed"},
                    {"line": 16, "code_hash": code_hash("z = 'old version'\n"), "status": "passed"},
                ],
            }
        ],
    }
    (folder / "h200.json").write_text(json.dumps(report))


def test_badges_follow_each_python_block_in_the_page_language(tmp_path):
    _write_report(tmp_path)
    evidence = load_evidence(tmp_path)
    assert_golden(
        annotate_code_blocks(PAGE, "es/page.md", evidence, language_of("es")).text, "evidence/page.es.md"
    )


def test_pages_without_reports_say_unverified(tmp_path):
    annotated = annotate_code_blocks(PAGE, "pt/page.md", load_evidence(tmp_path), language_of("pt")).text
    assert annotated.count("polydocs-evidence--unverified") == 3
    assert "Não verificado para esta versão" in annotated


def test_a_badge_stays_inside_the_quote_of_its_block_and_a_block_never_closed_gets_none(tmp_path):
    page = "> [!TIP]\n> ```py\n> x = 1\n> ```\n> More tip.\n\n```py\ny = 2\n"
    annotated = annotate_code_blocks(page, "en/page.md", load_evidence(tmp_path), language_of("en")).text
    assert annotated.split("\n")[4:8] == [
        ">",
        '> <div class="polydocs-evidence polydocs-evidence--unverified" markdown="0">'
        "? Not verified for this version</div>",
        ">",
        "> More tip.",
    ]
    assert annotated.count('class="polydocs-evidence ') == 1


def test_a_blocked_block_says_it_is_not_verifiable_offline_and_what_it_needs(tmp_path):
    folder = tmp_path / "_data" / "snippets"
    folder.mkdir(parents=True)
    blocked = {"line": 4, "reason": "module not installed", "message": "module datasets is not installed"}
    report = {
        "created": "2026-05-01T10:00:00+00:00",
        "device": {"kind": "cpu", "name": "CPU (x86_64)", "count": 1},
        "versions": {"torch": "2.13.0"},
        "sessions": [
            {
                "page": "es/page.md",
                "blocks": [
                    {"line": 3, "code_hash": code_hash("y = 2\n"), "status": "blocked", "blocked": blocked}
                ],
            }
        ],
    }
    (folder / "cpu.json").write_text(json.dumps(report))
    page = annotate_code_blocks(
        "```py\ny = 2\n```\n", "es/page.md", load_evidence(tmp_path), language_of("es")
    ).text
    assert (
        '<div class="polydocs-evidence polydocs-evidence--blocked" markdown="0">○ '
        "No verificable sin conexión en CPU (x86_64): module datasets is not installed</div>"
    ) in page


def test_a_fragment_says_it_was_not_run_and_why(tmp_path):
    folder = tmp_path / "_data" / "snippets"
    folder.mkdir(parents=True)
    fragment = {"line": 4, "reason": "name never defined", "message": "`model` is used but never defined"}
    block = {"line": 3, "code_hash": code_hash("y = model\n"), "status": "fragment", "fragment": fragment}
    report = {
        "created": "2026-05-01T10:00:00+00:00",
        "device": {"kind": "cpu", "name": "CPU (x86_64)", "count": 1},
        "versions": {"torch": "2.13.0"},
        "sessions": [{"page": "pt/page.md", "blocks": [block]}],
    }
    (folder / "cpu.json").write_text(json.dumps(report))
    page = annotate_code_blocks(
        "```py\ny = model\n```\n", "pt/page.md", load_evidence(tmp_path), language_of("pt")
    ).text
    assert (
        '<div class="polydocs-evidence polydocs-evidence--fragment" markdown="0">… '
        "Não executado: um fragmento de programa (`model` is used but never defined)</div>"
    ) in page
