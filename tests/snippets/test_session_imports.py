"""A session pays for what its page uses: the torch.compile evaluator imports Dynamo only for a page that
compiles, and transformers' Trainer only for a page that made TrainingArguments (a real sandboxed
session; the page itself watches what is imported after its own imports)."""

from polydocs.snippets.regions import scan_page
from polydocs.snippets.runner import RunOptions, run_session
from polydocs.snippets.sessions import build_sessions

PAGE = """# Tensors, never compiled

```py
import sys

import torch

print("Dynamo imported before the page's blocks:", "torch._dynamo" in sys.modules)

class Watch:
    # Told of every import from here on, the evaluator's after the blocks included.
    def find_spec(self, name, path=None, target=None):
        if name in ("torch._dynamo", "transformers", "transformers.trainer") and name not in sys.modules:
            print("imported after the page's blocks began:", name, flush=True)
        return None


sys.meta_path.insert(0, Watch())
```

```py
print("sum", (torch.ones(3) * 2).sum().item())
```
"""


def test_a_page_that_uses_torch_without_compiling_never_imports_dynamo_or_the_trainer(tmp_path):
    page = tmp_path / "docs" / "en" / "tensors.md"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE)
    (session,) = build_sessions(page, scan_page(page).regions)
    assert session.uses_torch  # so the evaluator ran after the blocks
    result = run_session(session, RunOptions("cpu", "tiny", tmp_path / "cache"))
    assert [block.status for block in result.blocks] == ["passed", "passed"], result.output_tail
    assert "sum 6.0" in result.output_tail
    assert "Dynamo imported before the page's blocks: False" in result.output_tail
    assert result.compile == () and result.training == ()
    imported = [line for line in result.output_tail.splitlines() if line.startswith("imported after")]
    assert imported == [], imported
