"""Fragments: a block that cannot run by itself is reported apart, never run and never verified; a module
used without an import stays the page's failure (fragments.py; a real `polydocs check` at the end)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from polydocs.snippets.fragments import find_fragments
from polydocs.snippets.regions import extract_regions
from polydocs.snippets.sessions import build_sessions

from .test_sandbox_hostile import SUPPORT, _blocks, _check


def _verdicts(page: str) -> list[str]:
    """For each block of the page's one session: "" where it runs, else the fragment's reason and line."""
    path = Path("en/page.md")
    (session,) = build_sessions(path, extract_regions(path, textwrap.dedent(page)))
    return [f"{f.reason} at {f.line}: {f.message}" if f else "" for f in find_fragments(session.regions)]


def _fences(*blocks: str) -> str:
    return "\n".join(f"```py\n{textwrap.dedent(block).strip()}\n```\n" for block in blocks)


def test_a_name_the_page_never_defines_makes_a_fragment_and_what_it_binds_makes_the_next_one():
    verdicts = _verdicts(_fences("x = 1", "outputs = model(x)", "print(outputs)", "print(x)"))
    assert verdicts == [
        "",
        "name never defined at 6: `model` is used but the page never defines it before",
        "after a fragment at 10: `outputs` is defined by the fragment at line 6",
        "",
    ]


@pytest.mark.parametrize(
    "blocks",
    [
        ("out = torch.compile(print)",),  # a module: the page forgot `import torch`
        ("out = np.zeros(3)",),  # a module's conventional alias
        ("print(json.dumps({}))",),  # the standard library
        ("tokenizer = AutoTokenizer()", "from transformers import AutoTokenizer"),  # imported, too late
        ("print(len([1]), __name__)",),  # builtins and what the interpreter binds
        ("def f():\n    return later + 1", "later = 2\nprint(f())"),  # a body runs when called
        ("from os.path import *\nprint(join('a', 'b'))",),  # anything may come from a star import
        ("ys = [x * 2 for x in range(3) if x]\nd = {k: v for k, v in {}.items()}",),
        ("class A:\n    size = 2\n    double = size * 2",),  # a class body reads its own names
        ("import torch\nx = torch.ones(2, 3)[..., 0]\ndef stub(): ...\n...",),  # Python's own `...`
        ("for i in range(2):\n    total = i\nwith open(__file__) as f:\n    text = f",),
        ("try:\n    pass\nexcept ValueError as error:\n    print(error)",),
        ("x: tuple[int, ...] = (1,)\nif (n := 3) > 2:\n    print(n)",),
        ("print(1 +)",),  # a syntax error with no placeholder is the page's failure
    ],
)
def test_what_a_reader_can_run_as_written_is_no_fragment(blocks):
    assert _verdicts(_fences(*blocks)) == [""] * len(blocks)


@pytest.mark.parametrize(
    ("block", "reason"),
    [
        (
            "from transformers import AutoConfig\nconfig = AutoConfig.from_pretrained(...)",
            "placeholder at 3: `...` stands for code the reader writes",
        ),
        ("x = ...", "placeholder at 2: `...` stands for code the reader writes"),
        ("model = load(<path to model>)", "placeholder at 2: `<path to model>` stands for a value"),
        ("def f():\n    return undefined_thing", "name never defined at 3: `undefined_thing` is used"),
        ("f = lambda: missing", "name never defined at 2: `missing` is used"),
        ("x += 1", "name never defined at 2: `x` is used"),
    ],
)
def test_elisions_placeholders_and_names_never_bound_make_fragments(block, reason):
    (verdict,) = _verdicts(_fences(block))
    assert verdict.startswith(reason), verdict


def test_a_quoted_special_token_is_no_placeholder():
    assert _verdicts(_fences('tokens = ["<pad>", "<your-token>"]\nprint(tokens)')) == [""]


def test_an_import_inside_a_fragment_still_binds_its_module():
    verdicts = _verdicts(_fences("import torch\nout = model(torch.ones(1))", "print(torch.ones(1))"))
    assert verdicts[0].startswith("name never defined") and verdicts[1] == ""


def test_setup_code_binds_for_the_block_it_comes_before():
    page = "<!-- polydocs: setup\nmodel = print\n-->\n" + _fences("model('hi')")
    assert _verdicts(page) == [""]


@pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")
def test_fragments_are_reported_apart_and_never_run_while_a_missing_import_fails(tmp_path):
    done, report = _check(
        tmp_path,
        {
            "page.md": _fences(
                "x = 1",
                "import os\nos.makedirs('ran')\noutputs = model(x)",
                "print(outputs)",
                "print(json.dumps(x))",
            ),
            "sketch.md": _fences("trainer.train()"),
        },
    )
    sessions = {s["page"]: s for s in report["sessions"]}
    page, sketch = sessions["docs/page.md"], sessions["docs/sketch.md"]
    assert [status for status, _ in _blocks({"sessions": [page]})] == [
        "passed",
        "fragment",
        "fragment",
        "failed",
    ]
    assert page["status"] == "failed" and "NameError" in page["blocks"][3]["error"]["message"]
    assert page["blocks"][1]["fragment"]["reason"] == "name never defined"
    assert page["fragments"][0].startswith("docs/page.md:8: snippet-fragment `model` is used")
    assert sketch["status"] == "fragment" and sketch["blocks"][0]["status"] == "fragment"
    assert report["totals"]["fragment"] == 1 and report["totals"]["fragment_blocks"] == 3
    # The one runnable session reached a verdict: the fragment session counts in neither part.
    assert "coverage total: 100 % (0 passed + 1 failed of 1)" in done.stdout, done.stdout
    assert "fragments apart: 3 blocks" in done.stdout


@pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")
def test_a_crash_leaves_a_fragment_after_it_a_fragment_and_the_rest_not_run(tmp_path):
    page = _fences("x = 1", "import os\nos._exit(0)", "print(model)", "print(x)")
    _done, report = _check(tmp_path, {"page.md": page})
    assert [status for status, _ in _blocks(report)] == ["passed", "failed", "fragment", "not-run"]
    assert report["sessions"][0]["blocks"][2]["fragment"]["reason"] == "name never defined"
