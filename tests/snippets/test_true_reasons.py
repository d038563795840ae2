"""True reasons: "blocked" only for what the environment lacks, decided by where an error came from and
what the failing statement reads; the page's own errors stay failures (real `polydocs check` runs)."""

from __future__ import annotations

import pytest

from .test_sandbox_hostile import SUPPORT, _page_blocks

pytestmark = pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")


def test_a_cuda_call_on_the_cpu_is_blocked_by_where_it_failed_not_by_its_words(tmp_path):
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        import torch

        torch.cuda.reset_peak_memory_stats()
        ```

        ```py
        raise ValueError("this GPU example needs a bigger batch")
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
    assert report["sessions"][0]["blocks"][0]["blocked"]["reason"] == "needs cuda"


@pytest.mark.parametrize(
    "call",
    [
        # `from_pretrained(...)` is a fragment (`...` elides the reader's own id): test_fragments.py.
        'AutoConfig.from_pretrained("./a-folder-this-page-never-wrote")',
        'AutoConfig.from_pretrained("<your-model-id>")',
    ],
)
def test_what_the_page_passed_to_from_pretrained_is_the_pages_failure(tmp_path, call):
    blocks, _ = _page_blocks(
        tmp_path,
        f"""
        ```py
        from transformers import AutoConfig

        {call}
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["failed"], blocks


def test_a_failure_that_reads_what_a_blocked_block_would_have_bound_is_blocked_too(tmp_path):
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        rows = []
        ```

        ```py
        import polydocs_no_such_module

        rows = polydocs_no_such_module.load()
        input = rows[0]
        ```

        ```py
        print(rows[0])
        ```

        ```py
        half = input / 2
        ```

        ```py
        unrelated = {}["missing"]
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "blocked", "failed"], blocks
    reasons = [b.get("blocked") or {} for b in report["sessions"][0]["blocks"]]
    assert reasons[2]["reason"] == reasons[3]["reason"] == "after a blocked block"
    assert "`rows` would have been defined by the blocked block at line 6" in reasons[2]["message"]
    assert "`input` would have been defined" in reasons[3]["message"]


def test_what_a_blocked_block_bound_before_it_stopped_is_real(tmp_path):
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        import json
        import polydocs_no_such_module
        ```

        ```py
        json.loads("{")
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
