"""The families of wrong verdicts the audit on real pages of five libraries found (docs/checking.md, "Audit
on real pages of five libraries"), each on a page written like the real ones (real `polydocs check` runs
in the sandbox)."""

from __future__ import annotations

import pytest

from .test_sandbox_hostile import SUPPORT, _page_blocks

pytestmark = pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")


def test_a_name_a_fragment_rebinds_is_the_fragments_for_the_blocks_after_it(tmp_path):
    # peft's custom_models.md: an MLP `model`, then a timm `model` with `num_classes = ...`, then a
    # LoRA config for the timm model's layers ran on the MLP and failed as the page's error.
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        model = {"seq.0": "Linear", "seq.2": "Linear"}
        print(model["seq.0"])
        ```

        ```py
        num_classes = ...
        model = {"stages.0.mlp.fc1": "Conv2d", "head.fc": num_classes}
        ```

        ```py
        print(model["stages.0.mlp.fc1"])
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed", "fragment", "fragment"], blocks
    fragment = report["sessions"][0]["blocks"][2]["fragment"]
    assert fragment["reason"] == "after a fragment", fragment
    assert "`model` is defined by the fragment at line" in fragment["message"]


def test_elided_arguments_that_do_not_parse_are_a_fragment_not_a_syntax_error(tmp_path):
    # peft's troubleshooting.md: `Trainer(model=peft_model, fp16=True, ...)`, and `...,` on a line of
    # its own after keyword arguments (custom_models.md).
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        def train(model, fp16=False, *rest):
            return model
        ```

        ```py
        trainer = train(model="m", fp16=True, ...)
        ```

        ```py
        config = dict(
            target_modules=["q_proj", "v_proj"],
            ...,  # other LoRA arguments
        )
        ```

        ```py
        broken = train(model="m" fp16=True)
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed", "fragment", "fragment", "failed"], blocks
    fragments = [b.get("fragment") or {} for b in report["sessions"][0]["blocks"]]
    assert fragments[1]["reason"] == fragments[2]["reason"] == "placeholder"
    assert fragments[2]["line"] == 14, fragments[2]  # the line of the `...`, not the block's first


def test_a_library_refusing_offline_with_a_value_error_is_blocked(tmp_path):
    # peft's troubleshooting.md: diffusers' LoRA loading says "When using the offline mode, you must
    # specify a `weight_name`." (a ValueError, not an OSError).
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        from diffusers import StableDiffusionPipeline

        state = StableDiffusionPipeline.lora_state_dict("takuma104/lora-test-text-encoder-lora-target")
        ```

        ```py
        raise ValueError("this page's own value is wrong")
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
    assert report["sessions"][0]["blocks"][0]["blocked"]["reason"] == "offline resource"


def test_no_accelerator_on_the_cpu_is_a_gpu_need_not_the_pages_failure(tmp_path):
    # peft's quicktour.md and model_merging.md: `torch.accelerator.current_accelerator()` is None on a
    # machine without an accelerator, and `.type` of it raised AttributeError, counted as the page's.
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        import torch

        device = torch.accelerator.current_accelerator().type if hasattr(torch, "accelerator") else "cuda"
        ```

        ```py
        def current():
            return None

        kind = current().type
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
    blocked = report["sessions"][0]["blocks"][0]["blocked"]
    assert blocked["reason"] == "needs cuda" and blocked["line"] == 5, blocked


def test_a_misspelt_standard_module_is_the_pages_failure_not_a_missing_install(tmp_path):
    # accelerate's gradient_accumulation.md: `import contexlib` was "module contexlib is not installed".
    blocks, _report = _page_blocks(
        tmp_path,
        """
        ```py
        import contexlib
        ```

        ```py
        import polydocs_no_such_module
        ```

        ```py
        import pathlib2
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["failed", "blocked", "blocked"], blocks
    assert "No module named 'contexlib'" in blocks[0][1]


def test_a_name_the_failing_block_rebound_itself_is_not_a_blocked_blocks(tmp_path):
    # datasets' stream.mdx: a block blocked on allenai/c4 would have bound `dataset`; the next block
    # binds `dataset = load_dataset("ethz/food101")` (a DatasetDict) and fails on the page's own
    # `dataset.to_iterable_dataset()`: that failure was reported as "blocked, depends on" the c4 block.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        import polydocs_no_such_module

        rows = polydocs_no_such_module.load()
        ```

        ```py
        rows = {"train": [1, 2]}
        first = rows.to_iterable_dataset()
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks


def test_a_session_that_opens_with_a_comment_runs_as_a_session(tmp_path):
    # datasets' cache.mdx (and nlp_load, loading, access): `# Returns the number of removed cache
    # files` above `>>> dataset.cleanup_cache_files()` made the block a script: a SyntaxError at `>>>`.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        # Returns the sum
        >>> total = 1 + 1
        >>> total
        2
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed"], blocks


def test_a_name_rebound_from_what_a_blocked_block_lacks_stays_the_blocked_blocks(tmp_path):
    # datasets' quickstart.mdx: `dataset = dataset.map(...)` blocked (torchcodec), then `dataset =
    # dataset.rename_column(...)` ran, and `set_format(columns=["input_values", ...])` failed as the page's
    # error for want of the column the blocked map would have added.
    blocks, report = _page_blocks(
        tmp_path,
        """
        ```py
        rows = [1]
        ```

        ```py
        import polydocs_no_such_module

        rows = rows + polydocs_no_such_module.more()
        ```

        ```py
        rows = rows[1:]
        ```

        ```py
        print(rows[0])
        ```

        ```py
        rows = [2]
        print(rows[1])
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed", "blocked", "passed", "blocked", "failed"], blocks
    assert (
        "`rows` would have been defined by the blocked block at line 6"
        in (report["sessions"][0]["blocks"][3]["blocked"]["message"])
    )


def test_a_functions_own_locals_are_not_bound_for_the_blocks_after_it(tmp_path):
    # diffusers' basic_training.md: `train_loop` rebinds `train_dataloader` inside its body, and that
    # counted as binding the name the blocked dataloader block would have bound: the launch block's
    # NameError was the page's failure.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        import polydocs_no_such_module

        loader = polydocs_no_such_module.loader()
        ```

        ```py
        def train(loader_argument):
            loader = loader_argument
            return [x for x in loader]
        ```

        ```py
        args = (loader,)
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["blocked", "passed", "blocked"], blocks


def test_a_failure_from_what_the_block_derived_from_a_blocked_blocks_name_is_blocked(tmp_path):
    # datasets' stream.mdx: the fineweb block is blocked; the next block derives `even_dataset =
    # dataset.filter(...)` from the `dataset` an earlier block bound (another dataset) and fails on
    # `even_dataset.take(3)`: a consequence of the blocked block, not the page's failure.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        rows = {"train": [1]}
        ```

        ```py
        import polydocs_no_such_module

        rows = polydocs_no_such_module.stream()
        ```

        ```py
        evens = dict(rows)
        print(evens.take(3))
        ```

        ```py
        odds = {"train": [1]}
        print(odds.take(3))
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "failed"], blocks


def test_output_pasted_into_a_block_with_an_elision_stays_the_pages_syntax_error(tmp_path):
    # diffusers' autopipeline.md: `print(pipeline)` then the printed config, elided with `...`, as an
    # unclosed string in the same fence: removing the `...` does not make it parse.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        print({"_class_name": "StableDiffusionXLPipeline"})
        "StableDiffusionXLPipeline {
          "_class_name": "StableDiffusionXLPipeline",
          ...
        "
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["failed"], blocks
    assert "SyntaxError" in blocks[0][1]


def test_a_placeholder_dataset_id_is_the_pages_failure_not_a_missing_stand_in(tmp_path):
    # datasets' cache.mdx, process.mdx, stream.mdx: `load_dataset("username/dataset")` was blocked as
    # "no stand-in for the dataset username/dataset"; the real Hub has no such dataset either.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        from datasets import load_dataset

        dataset = load_dataset("username/dataset")
        ```

        ```py
        other = load_dataset("polydocs-test-org/no-stand-in-describes-it")
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["failed", "blocked"], blocks


def test_pushing_to_a_placeholder_repository_is_the_pages_failure(tmp_path):
    # peft's peft_model_config.md: `lora_model.push_to_hub("your-name/opt-350m-lora")` was blocked
    # offline (its error names only `.../api/repos/create`); a real id stays an offline resource.
    blocks, _ = _page_blocks(
        tmp_path,
        """
        ```py
        from huggingface_hub import create_repo

        create_repo("your-name/opt-350m-lora")
        ```

        ```py
        create_repo("polydocs-test-org/opt-350m-lora")
        ```
        """,
    )
    assert [status for status, _ in blocks] == ["failed", "blocked"], blocks
