"""The examples of doc-builder's README ("Writing documentation for Hugging Face libraries", "Writing API
documentation (Python)"), written as a page writes them rather than shown as code: a real build of them
shows no source to readers and stops on nothing (issue 37, part 1).

The README's placeholders become a small library of those names (`XXXClass`, `XXXTokenizer`,
`file_utils.ModelOutput`, and `otherlib` for `XXXLibrary`), its docstring examples that library's
docstrings, word for word. Two changes: the `<literalinclude>` JSON loses its `# ...` comments, which
doc-builder's `json.loads` refuses as polydocs does (`include-malformed`), and `{YOUR MARKDOWN}` of the
options example becomes Markdown.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

WRITING = """<!-- WRAP CODE BLOCKS -->
<!-- STRETCH TABLES -->

# Writing documentation

Values that should be put in `code` should either be surrounded by backticks: \\`like so\\`.

```
# first line of code
# second line
# etc
```

## Internal link to object

[`XXXClass`] or [`~XXXClass`] for a class, [`XXXClass.method`] or [`~XXXClass.method`] for a method;
[`file_utils.ModelOutput`] and [`~file_utils.ModelOutput`].

## External link to object

[`otherlib.XXXClass`] or [`~otherlib.XXXClass`] for a class, [`otherlib.XXXClass.method`] or
[`~otherlib.XXXClass.method`] for a method.

## Tip

> [!TIP]
> Here is a tip. Go to this url [website](www.tip.com)
>
> Second line

> [!WARNING]
> A warning.

<Tip warning={true}>

A legacy warning.

</Tip>

## Framework Content

<frameworkcontent>
<pt>
PyTorch content goes here
</pt>
<tf>
TensorFlow content goes here
</tf>
<flax>
Flax content goes here
</flax>
</frameworkcontent>

## Options

<hfoptions id="some id">
<hfoption id="id for option 1">
Option one's Markdown, with `code`.
</hfoption>
<hfoption id="id for option 2">
Option two's Markdown.
</hfoption>
</hfoptions>

## My awesome section

## My awesome section[[some-section]]

## LaTeX

$$Y = X * \\textbf{dequantize}(W); \\text{quantize}(W)$$

A paragraph about \\\\( Y = X * \\textbf{dequantize}(W); \\text{quantize}(W) \\\\) the equation.

## Inference Snippet

<InferenceSnippet
	pipeline="text-generation"
	conversational
	providersMapping={{
    "fireworks-ai": {
      modelId: "deepseek-ai/DeepSeek-R1", providerModelId: "accounts/fireworks/models/deepseek-r1"
    }
  }}
/>

## Runnable code blocks

```py runnable:quickstart
print("I love this!")
for key in inputs:  # doc-builder: hide
    assert hidden_body_line(key)
```

[[open-in-colab]]
"""

API = """# Writing API documentation

[[autodoc]] SomeObject

## XXXTokenizer

[[autodoc]] XXXTokenizer
    - build_inputs_with_special_tokens
    - get_special_tokens_mask

[[autodoc]] XXXTokenizer
    - all
    - __call__

<literalinclude>
{"path": "./data/convert_literalinclude_dummy.txt",
"language": "python",
"start-after": "START python_import",
"end-before": "END python_import",
"dedent": 7
}
</literalinclude>

[[autodoc]] XXXClass

[[autodoc]] file_utils.ModelOutput

[[autodoc]] BertConfig

[[autodoc]] encode

[[autodoc]] iter_archive

[[autodoc]] load

[[autodoc]] SomeClass
"""
INCLUDED = "# START python_import\nimport numpy as np\nimport pandas as pd\n# END python_import\n"
# The README's docstring examples, word for word ("Arguments", "Attributes", "Parameter typing and default
# value", "Returns", "Yields", "Raises", "Directives for Added, Changed, Deprecated").
CORE = '''
class SomeObject:
    """An object shown in full."""


class XXXClass:
    """A class."""

    def method(self):
        """A method."""


class XXXTokenizer:
    """A tokenizer."""

    def __call__(self, text):
        """Tokenize `text`."""

    def build_inputs_with_special_tokens(self, ids):
        """Add special tokens."""

    def get_special_tokens_mask(self, ids):
        """The mask."""


class BertConfig:
    """A configuration."""


def encode(input_ids, config, x: str = None, a: float = 1):
    """
    Encode.

    Args:
        input_ids (`torch.LongTensor` of shape `(batch_size, sequence_length)`):
            Indices of input sequence tokens in the vocabulary.

            Indices can be obtained using [`XXXTokenizer`]. See [`~XXXTokenizer.__call__`] for details.
        config ([`BertConfig`]):
            Model configuration class with all the parameters of the model.
        x (`str`, *optional*):
            This argument controls ...
        a (`float`, *optional*, defaults to 1):
            This argument is used to ...

    Raises:
        `pa.ArrowInvalidError`: if the arrow data casting fails
        TypeError: if the target type is not supported according, e.g.
            - point1
            - point2

    Returns:
        `List[int]`: A list of integers in the range [0, 1] --- 1 for a special token, 0 for a sequence token.
    """


def iter_archive(path):
    """
    The files of an archive.

    Yields:
        `tuple[str, io.BufferedReader]`:
            2-tuple (path_within_archive, file_object).
            File object is opened in binary mode.
    """


def load(cache_dir=None, config_name=None, name=None):
    """
    Load a dataset.

    Args:
        cache_dir (`str`, *optional*): Directory to cache data.
        config_name (`str`, *optional*): Name of the dataset configuration.

            <Added version="2.3.0">

            `name` was renamed to `config_name`.

            </Added>
        name (`str`): Configuration name for the dataset.

            <Deprecated version="2.3.0">

            Use `config_name` instead.

            </Deprecated>
    """


class SomeClass:
    """
    Docstring

    **Attributes**:
        - **attr_a** (`type_a`) -- Doc a
        - **attr_b** (`type_b`) -- Doc b
    """

    def __init__(self, param_a, param_b):
        pass
'''
LIBRARIES = {
    "readmelib/__init__.py": "from . import file_utils\nfrom .core import *\n",
    "readmelib/file_utils.py": 'class ModelOutput:\n    """What a model returns."""\n',
    "readmelib/core.py": CORE,
    "otherlib/__init__.py": 'class XXXClass:\n    """Its class."""\n\n    def method(self):\n        pass\n',
}
SETTINGS = """library: readmelib
api_libraries:
  otherlib:
    url: https://huggingface.co/docs/otherlib/main/en/package_reference/main_classes#{anchor}
"""
TOC = "- title: Guide\n  sections:\n  - local: writing\n    title: Writing\n  - local: api\n    title: API\n"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text) if name.endswith(".py") else text, encoding="utf-8")


def _polydocs(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "lib"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args], capture_output=True, text=True, check=False, env=env
    )


def _found(diagnostics: list[dict[str, object]]) -> set[tuple[str, int, str]]:
    return {(Path(str(d["path"])).name, int(str(d["line"])), str(d["code"])) for d in diagnostics}


def test_the_readmes_examples_render_and_show_no_source(tmp_path: Path) -> None:
    source = tmp_path / "source"
    _write(tmp_path / "lib", LIBRARIES)
    pages = {"_toctree.yml": TOC, "writing.md": WRITING, "api.md": API, "polydocs.yml": SETTINGS}
    _write(source, {**pages, "data/convert_literalinclude_dummy.txt": INCLUDED})
    report, out = tmp_path / "report.json", tmp_path / "site"
    build = _polydocs(
        tmp_path, "build", "--source", str(source), "--out", str(out), "--report-json", str(report)
    )
    assert build.returncode == 0, build.stderr
    built = _found(json.loads(report.read_text())["diagnostics"])
    # Every construct of the README renders: nothing to report.
    assert built == set()
    lint = _polydocs(
        tmp_path, "lint", "--format", "json", "--rule", "constructs", "--rule", "source-visible", str(source)
    )
    assert _found(json.loads(lint.stdout)) == built, lint.stderr

    writing = (out / "en" / "writing" / "index.html").read_text(encoding="utf-8")
    assert 'class="admonition tip"' in writing and 'class="admonition warning"' in writing
    assert all(label in writing for label in ("PyTorch", "TensorFlow", "JAX", "id for option 1"))
    assert 'id="my-awesome-section"' in writing and 'id="some-section"' in writing
    assert writing.count("<math") == 2 and "$$" not in writing
    assert "../api/#readmelib.XXXClass" in writing and "../api/#readmelib.file_utils.ModelOutput" in writing
    assert "main_classes#otherlib.XXXClass.method" in writing
    assert "runnable:quickstart" not in writing and "[[open-in-colab]]" not in writing
    assert "print" in writing and "hidden_body_line" not in writing  # doc-builder's runnable-code-blocks.md
    # The self-closing <InferenceSnippet>: its call in both clients, as tabs (huggingface.co asks
    # huggingface.js for the same code; nothing is fetched here).
    assert 'chat</span><span class="o">.</span><span class="n">completions' in writing
    assert writing.count("deepseek-ai/DeepSeek-R1") == 2 and "polydocs-placeholder" not in writing
    assert ">Python</label>" in writing and ">JavaScript</label>" in writing
    api = (out / "en" / "api" / "index.html").read_text(encoding="utf-8")
    assert ">numpy<" in api and ">pandas<" in api and "START python_import" not in api
    for anchor in ("readmelib.XXXTokenizer.__call__", "readmelib.load", "readmelib.SomeClass"):
        assert f'id="{anchor}"' in api
    assert "Added in" in api and "Deprecated in" in api
    # `encode`'s docstring links `~XXXTokenizer.__call__`, a member only the page's second
    # `[[autodoc]] XXXTokenizer` lists: it resolves to that anchor, as doc-builder's does.
    assert 'href="#readmelib.XXXTokenizer.__call__"' in api
