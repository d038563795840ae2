"""Code blocks highlighted once per process: the HTML is pymdownx.highlight's, whatever was met before."""

from __future__ import annotations

from typing import Any

import markdown
import pymdownx.highlight
import pytest

BLOCKS = """\
```py
import torch
x = torch.ones(2)  # {marker}
```

- in a list

    ```py
    import torch
    x = torch.ones(2)  # {marker}
    ```

```py title="setup.py" hl_lines="2"
import torch
x = torch.ones(2)  # {marker}
```

```bash
pip install torch  # {marker}
```
"""


def _converted(highlight: str, marker: str, **settings: Any) -> str:
    """The blocks converted; `marker` in their code keeps them apart from every other test's."""
    extensions = ["pymdownx.superfences", highlight]
    converter = markdown.Markdown(extensions=extensions, extension_configs={highlight: settings})
    return converter.convert(BLOCKS.format(marker=marker))


@pytest.fixture
def pygments_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    highlight = pymdownx.highlight.highlight

    def counted(code: str, lexer: Any, formatter: Any) -> str:
        calls.append(code)
        return highlight(code, lexer, formatter)

    monkeypatch.setattr(pymdownx.highlight, "highlight", counted)
    return calls


@pytest.mark.parametrize(
    "settings",
    [{"pygments_lang_class": True}, {"linenums": True}, {"linenums": True, "line_spans": "__span"}, {}],
)
def test_the_html_is_the_one_pymdownx_highlight_makes(settings: dict[str, Any]) -> None:
    expected = _converted("pymdownx.highlight", "same html", **settings)
    assert _converted("polydocs.markup.code_highlight", "same html", **settings) == expected
    assert _converted("polydocs.markup.code_highlight", "same html", **settings) == expected  # kept


def test_a_block_met_again_with_the_same_inputs_is_not_highlighted_again(pygments_calls: list[str]) -> None:
    _converted("polydocs.markup.code_highlight", "met again", pygments_lang_class=True)
    first = len(pygments_calls)
    _converted("polydocs.markup.code_highlight", "met again", pygments_lang_class=True)
    # The indented block is the same code at the same settings; the titled one differs by its title.
    assert first == 3
    assert len(pygments_calls) == first


def test_a_setting_changed_highlights_the_block_again(pygments_calls: list[str]) -> None:
    _converted("polydocs.markup.code_highlight", "setting changed", pygments_style="default")
    before = len(pygments_calls)
    _converted("polydocs.markup.code_highlight", "setting changed", pygments_style="monokai")
    assert len(pygments_calls) == before + 3
