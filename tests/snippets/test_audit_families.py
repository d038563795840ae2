"""The families of wrong verdicts the audit on real pages of five libraries found (docs/checking.md, "Audit
on real pages of five libraries"), each on a page written like the real ones (real `polydocs check` runs
in the sandbox)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

from .test_sandbox_hostile import SUPPORT, _blocks, _check

pytestmark = pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")

# Each test's page, by the test's name. All of them are checked in one `polydocs check` run, as a tree's
# pages are: one stand-in builder and one cache for the run, each page a session of its own (a page's
# session never sees another's), so the stand-ins several pages load are built once.
PAGES: dict[str, str] = {}
Test = TypeVar("Test", bound=Callable[..., None])


def checked_page(text: str) -> Callable[[Test], Test]:
    """The decorated test's page (Markdown, dedented); the test reads its verdicts from `page_run`."""

    def register(test: Test) -> Test:
        PAGES[test.__name__] = text
        return test

    return register


@dataclass(frozen=True)
class PageRun:
    """What the run found on one test's page: its sessions' part of the JSON report."""

    report: dict[str, Any]

    @property
    def blocks(self) -> list[tuple[str, str]]:
        """Each block's status and error message."""
        return _blocks(self.report)

    @property
    def reasons(self) -> list[tuple[str, Any]]:
        """Each block's status and what blocked it or its error."""
        return [
            (b["status"], b.get("blocked") or b.get("error"))
            for s in self.report["sessions"]
            for b in s["blocks"]
        ]


@pytest.fixture(scope="module")
def _every_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any]]:
    root = tmp_path_factory.mktemp("audit-families")
    # Stand-ins of peft adapters on their bases take minutes to build on a loaded machine.
    return _check(root, {f"{name}.md": text for name, text in PAGES.items()}, timeout=900 + 60 * len(PAGES))


@pytest.fixture
def page_run(request: pytest.FixtureRequest, _every_page: tuple[Any, dict[str, Any]]) -> PageRun:
    done, report = _every_page
    page = f"{request.node.originalname}.md"
    sessions = [s for s in report["sessions"] if s["path"].rsplit("/", 1)[-1] == page]
    assert sessions, f"{page}: no session in the run's report\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return PageRun({**report, "sessions": sessions})


@checked_page(
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
        """
)
def test_a_name_a_fragment_rebinds_is_the_fragments_for_the_blocks_after_it(page_run):
    # peft's custom_models.md: an MLP `model`, then a timm `model` with `num_classes = ...`, then a
    # LoRA config for the timm model's layers ran on the MLP and failed as the page's error.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "fragment", "fragment"], blocks
    fragment = report["sessions"][0]["blocks"][2]["fragment"]
    assert fragment["reason"] == "after a fragment", fragment
    assert "`model` is defined by the fragment at line" in fragment["message"]


@checked_page(
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
        """
)
def test_elided_arguments_that_do_not_parse_are_a_fragment_not_a_syntax_error(page_run):
    # peft's troubleshooting.md: `Trainer(model=peft_model, fp16=True, ...)`, and `...,` on a line of
    # its own after keyword arguments (custom_models.md).
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "fragment", "fragment", "failed"], blocks
    fragments = [b.get("fragment") or {} for b in report["sessions"][0]["blocks"]]
    assert fragments[1]["reason"] == fragments[2]["reason"] == "placeholder"
    assert fragments[2]["line"] == 14, fragments[2]  # the line of the `...`, not the block's first


@checked_page(
    """
        ```py
        from diffusers import StableDiffusionPipeline

        state = StableDiffusionPipeline.lora_state_dict("takuma104/lora-test-text-encoder-lora-target")
        ```

        ```py
        raise ValueError("this page's own value is wrong")
        ```
        """
)
def test_a_library_refusing_offline_with_a_value_error_is_blocked(page_run):
    # peft's troubleshooting.md: diffusers' LoRA loading says "When using the offline mode, you must
    # specify a `weight_name`." (a ValueError, not an OSError).
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
    assert report["sessions"][0]["blocks"][0]["blocked"]["reason"] == "offline resource"


@checked_page(
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
        """
)
def test_no_accelerator_on_the_cpu_is_a_gpu_need_not_the_pages_failure(page_run):
    # peft's quicktour.md and model_merging.md: `torch.accelerator.current_accelerator()` is None on a
    # machine without an accelerator, and `.type` of it raised AttributeError, counted as the page's.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks
    blocked = report["sessions"][0]["blocks"][0]["blocked"]
    assert blocked["reason"] == "needs cuda" and blocked["line"] == 5, blocked


@checked_page(
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
        """
)
def test_a_misspelt_standard_module_is_the_pages_failure_not_a_missing_install(page_run):
    # accelerate's gradient_accumulation.md: `import contexlib` was "module contexlib is not installed".
    blocks, _report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["failed", "blocked", "blocked"], blocks
    assert "No module named 'contexlib'" in blocks[0][1]


@checked_page(
    """
        ```py
        import polydocs_no_such_module

        rows = polydocs_no_such_module.load()
        ```

        ```py
        rows = {"train": [1, 2]}
        first = rows.to_iterable_dataset()
        ```
        """
)
def test_a_name_the_failing_block_rebound_itself_is_not_a_blocked_blocks(page_run):
    # datasets' stream.mdx: a block blocked on allenai/c4 would have bound `dataset`; the next block
    # binds `dataset = load_dataset("ethz/food101")` (a DatasetDict) and fails on the page's own
    # `dataset.to_iterable_dataset()`: that failure was reported as "blocked, depends on" the c4 block.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["blocked", "failed"], blocks


@checked_page(
    """
        ```py
        # Returns the sum
        >>> total = 1 + 1
        >>> total
        2
        ```
        """
)
def test_a_session_that_opens_with_a_comment_runs_as_a_session(page_run):
    # datasets' cache.mdx (and nlp_load, loading, access): `# Returns the number of removed cache
    # files` above `>>> dataset.cleanup_cache_files()` made the block a script: a SyntaxError at `>>>`.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed"], blocks


@checked_page(
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
        """
)
def test_a_name_rebound_from_what_a_blocked_block_lacks_stays_the_blocked_blocks(page_run):
    # datasets' quickstart.mdx: `dataset = dataset.map(...)` blocked (torchcodec), then `dataset =
    # dataset.rename_column(...)` ran, and `set_format(columns=["input_values", ...])` failed as the page's
    # error for want of the column the blocked map would have added.
    blocks, report = page_run.blocks, page_run.report
    # `rows = rows[1:]` completes on the earlier `rows`, where the page means the blocked block's: no pass
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "blocked", "failed"], blocks
    for index in (2, 3):
        assert (
            "`rows` would have been defined by the blocked block at line 6"
            in (report["sessions"][0]["blocks"][index]["blocked"]["message"])
        )


@checked_page(
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
        """
)
def test_a_functions_own_locals_are_not_bound_for_the_blocks_after_it(page_run):
    # diffusers' basic_training.md: `train_loop` rebinds `train_dataloader` inside its body, and that
    # counted as binding the name the blocked dataloader block would have bound: the launch block's
    # NameError was the page's failure.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["blocked", "passed", "blocked"], blocks


@checked_page(
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
        """
)
def test_a_failure_from_what_the_block_derived_from_a_blocked_blocks_name_is_blocked(page_run):
    # datasets' stream.mdx: the fineweb block is blocked; the next block derives `even_dataset =
    # dataset.filter(...)` from the `dataset` an earlier block bound (another dataset) and fails on
    # `even_dataset.take(3)`: a consequence of the blocked block, not the page's failure.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "failed"], blocks


@checked_page(
    """
        ```py
        print({"_class_name": "StableDiffusionXLPipeline"})
        "StableDiffusionXLPipeline {
          "_class_name": "StableDiffusionXLPipeline",
          ...
        "
        ```
        """
)
def test_output_pasted_into_a_block_with_an_elision_stays_the_pages_syntax_error(page_run):
    # diffusers' autopipeline.md: `print(pipeline)` then the printed config, elided with `...`, as an
    # unclosed string in the same fence: removing the `...` does not make it parse.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["failed"], blocks
    assert "SyntaxError" in blocks[0][1]


@checked_page(
    """
        ```py
        from datasets import load_dataset

        dataset = load_dataset("username/dataset")
        ```

        ```py
        other = load_dataset("polydocs-test-org/no-stand-in-describes-it")
        ```
        """
)
def test_a_placeholder_dataset_id_is_the_pages_failure_not_a_missing_stand_in(page_run):
    # datasets' cache.mdx, process.mdx, stream.mdx: `load_dataset("username/dataset")` was blocked as
    # "no stand-in for the dataset username/dataset"; the real Hub has no such dataset either.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["failed", "blocked"], blocks


@checked_page(
    """
        ```py
        from huggingface_hub import create_repo

        create_repo("your-name/opt-350m-lora")
        ```

        ```py
        create_repo("polydocs-test-org/opt-350m-lora")
        ```
        """
)
def test_pushing_to_a_placeholder_repository_is_the_pages_failure(page_run):
    # peft's peft_model_config.md: `lora_model.push_to_hub("your-name/opt-350m-lora")` was blocked
    # offline (its error names only `.../api/repos/create`); a real id stays an offline resource.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["failed", "blocked"], blocks


@checked_page(
    """
        ```py
        import glob
        import os

        def evaluate(output_dir, epoch):
            test_dir = os.path.join(output_dir, "samples")
            os.makedirs(test_dir, exist_ok=True)
            open(f"{test_dir}/{epoch:04d}.png", "wb").write(b"png")

        def train_loop(output_dir):
            import polydocs_no_such_module
            for epoch in range(2):
                evaluate(output_dir, epoch)

        def launch(function, *args):
            function(*args)
        ```

        ```py
        launch(train_loop, "ddpm-butterflies")
        ```

        ```py
        sample_images = sorted(glob.glob("ddpm-butterflies/samples/*.png"))
        print(open(sample_images[-1], "rb").read())
        ```

        ```py
        print(open("other-folder/notes.txt").read())
        ```
        """
)
def test_reading_what_a_blocked_block_would_have_written_is_blocked(page_run):
    # diffusers' basic_training.md: `notebook_launcher(train_loop, ...)` is blocked; the training loop's
    # `evaluate` saves images under `{output_dir}/samples`, and the next block globs them and opens the
    # last: an IndexError that follows from the blocked block, not the page's failure.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "failed"], blocks
    blocked = report["sessions"][0]["blocks"][2]["blocked"]
    assert blocked["reason"] == "after a blocked block", blocked
    assert "would have been defined by the blocked block at line 20" in blocked["message"], blocked


@checked_page(
    """
        ```py
        files = [...]
        tokenizer = {"trained_on": files}
        ```

        ```py
        open("tokenizer.json", "w").write(str(tokenizer))
        ```

        ```py
        print(open("tokenizer.json").read())
        ```

        ```py
        print(open("vocab.json").read())
        ```
        """
)
def test_reading_a_file_only_a_fragment_writes_is_a_fragment(page_run):
    # Transformers' fast_tokenizers.md (es): the tokenizer is trained on `files = [...]` (a fragment),
    # saved with `tokenizer.save("tokenizer.json")` (a fragment after it), then loaded from the file.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["fragment", "fragment", "fragment", "failed"], blocks
    fragment = report["sessions"][0]["blocks"][2]["fragment"]
    assert fragment["reason"] == "after a fragment", fragment
    assert "`tokenizer.json` is written by the fragment at line 8" in fragment["message"], fragment


@checked_page(
    """
        ```py
        import os
        ```

        ```bash
        !git lfs install
        !git clone https://huggingface.co/polydocs-test-org/tiny-model
        ```

        ```py
        print(os.listdir("./tiny-model"))
        ```

        ```py
        print(os.listdir("./never-cloned"))
        ```
        """
)
def test_a_folder_a_shell_fence_clones_is_blocked_not_the_pages_failure(page_run):
    # diffusers' ja/quicktour.md: `!git clone https://huggingface.co/stable-diffusion-v1-5/...` in a bash
    # fence, then `from_pretrained("./stable-diffusion-v1-5")`; the checker runs no shell command.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "failed"], blocks
    blocked = report["sessions"][0]["blocks"][1]["blocked"]
    assert blocked["reason"] == "after a shell command", blocked
    assert "`tiny-model` comes from the shell command of the fence at line 6" in blocked["message"]


@checked_page(
    """
        ```bash
        !git clone https://huggingface.co/bert-mini/bert-mini
        mkdir outputs
        ```

        ```py
        import os
        from transformers import AutoConfig

        cloned = AutoConfig.from_pretrained("./bert-mini")
        assert "config.json" in os.listdir("bert-mini"), os.listdir("bert-mini")
        ```

        ```py
        from_hub = AutoConfig.from_pretrained("bert-mini/bert-mini")
        assert from_hub.model_type == cloned.model_type == "bert"
        ```

        ```py
        with open("outputs/notes.txt", "w") as notes:
            notes.write("written")
        ```

        ```py
        print(open("outputs/never-written.txt").read())
        ```
        """
)
def test_a_hub_clone_holds_its_stand_in_and_a_hub_id_beside_it_is_the_hubs(page_run):
    # diffusers' ja/quicktour.md: `!git clone https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-
    # v1-5`, `from_pretrained("./stable-diffusion-v1-5")`, then `from_pretrained("stable-diffusion-v1-5/
    # stable-diffusion-v1-5")`: a Hub id whose text starts with the cloned folder was blocked "after a shell
    # command", where the library finds no such folder in the clone and loads from the Hub. The clone is
    # made from the repository's stand-in, so both loads run, and `mkdir` makes its empty folder.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "passed", "passed", "failed"], blocks
    assert "outputs/never-written.txt" in blocks[3][1], blocks[3]
    assert report["sessions"][0]["blocked"] == [], report["sessions"][0]["blocked"]


@checked_page(
    """
        ```py
        from transformers import AutoTokenizer

        bert = AutoTokenizer.from_pretrained("google-bert/bert-base-uncased")
        encoded = bert("Hello", "world")
        assert encoded["token_type_ids"][0] == 0 and encoded["token_type_ids"][-1] == 1, encoded
        roberta = AutoTokenizer.from_pretrained("FacebookAI/roberta-base")
        assert "token_type_ids" not in roberta("Hello"), roberta("Hello")
        ```
        """
)
def test_a_bert_stand_in_tokenizer_returns_what_berts_tokenizer_returns(page_run):
    # datasets' use_dataset.mdx: `dataset.set_format(columns=["input_ids", "token_type_ids", ...])` after
    # tokenizing with bert-base-uncased; the stand-in returned no `token_type_ids`. RoBERTa's tokenizer
    # returns none, as the real one (its class's `model_input_names`; transformers 5 registers BERT's
    # tokenizer for DistilBERT, so a DistilBERT checkpoint returns them too).
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed"], blocks


@checked_page(
    """
        ```py
        from datasets import load_dataset

        mrpc = load_dataset("nyu-mll/glue", "mrpc", split="train")
        assert mrpc.column_names == ["sentence1", "sentence2", "label", "idx"], mrpc
        assert mrpc.features["label"].names == ["not_equivalent", "equivalent"]
        ```

        ```py
        fineweb = load_dataset("HuggingFaceFW/fineweb", split="train", streaming=True)
        print(next(iter(fineweb))["language_score"])
        c4 = load_dataset("allenai/c4", "en", split="train", streaming=True)
        print(list(c4.take(2))[1]["url"])
        ```

        ```py
        beans = load_dataset("AI-Lab-Makerere/beans", split="train")
        print(beans[0]["image"].size, beans.features["labels"].names)
        ```
        """
)
def test_the_hub_datasets_the_audited_pages_load_have_stand_ins(page_run):
    # datasets' process.mdx, stream.mdx, quickstart.mdx, about_dataset_features.mdx: GLUE's MRPC, FineWeb
    # and C4 streamed, Beans: blocked as "no stand-in describes it"; now read by datasets' own loading
    # path from prepared stand-ins with the cards' features.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "passed", "passed"], blocks


@checked_page(
    """
        ```py
        from datasets import load_dataset

        dataset = load_dataset("HuggingFaceFW/fineweb", split="train", streaming=True)
        start_with_ar = dataset.filter(lambda example: example["text"].startswith("San Francisco"))
        print(next(iter(start_with_ar)))
        ```

        ```py
        some_columns = load_dataset("HuggingFaceFW/fineweb", split="train", streaming=True, columns=["url"])
        ```

        ```py
        print(next(iter([])))
        ```
        """
)
def test_an_empty_selection_of_a_dataset_stand_ins_generated_rows_is_blocked(page_run):
    # datasets' stream.mdx: FineWeb filtered for rows that start with "San Francisco", then `next(iter(...))`:
    # the stand-in's generated rows hold none (StopIteration), the real ones do. Loading with `columns=`
    # names another configuration, which datasets' offline fallback cannot find in the cache.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["blocked", "blocked", "failed"], blocks
    records = [b.get("blocked") or {} for b in report["sessions"][0]["blocks"]]
    assert records[0]["reason"] == "missing stand-in", records[0]
    assert (
        "`start_with_ar` holds the generated rows of the stand-in for the dataset HuggingFaceFW/fineweb"
        in (records[0]["message"])
    )
    assert records[1]["reason"] == "offline resource", records[1]


@checked_page(
    """
        ```py
        rows = [1]
        ```

        ```py
        import polydocs_no_such_module

        rows = polydocs_no_such_module.load()
        ```

        ```py
        rows = list(rows)
        import polydocs_other_missing_module
        ```

        ```py
        print(rows[5])
        ```

        ```py
        print([1][5])
        ```
        """
)
def test_a_name_a_blocked_block_rebound_from_a_blocked_blocks_name_stays_unbound(page_run):
    # datasets' stream.mdx: `dataset = load_dataset("some_dataset", ...)` is blocked offline; the training
    # block rebinds `dataset = dataset.with_format("torch")` and is then blocked itself; the export block's
    # failure on that `dataset` follows from the first blocked block, not from the page.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "blocked", "failed"], blocks


@checked_page(
    """
        ```py
        from datasets import load_dataset

        split = "train"
        ```

        ```py
        import polydocs_no_such_module

        split = polydocs_no_such_module.split()
        ```

        ```py
        reloaded = load_dataset("username/my_dataset", split=split)
        ```

        ```py
        print(split.polydocs_no_such_attribute)
        ```
        """
)
def test_a_placeholder_dataset_stays_the_pages_failure_after_a_blocked_block(page_run):
    # datasets' stream.mdx: `dataset.push_to_hub("username/my_dataset")`, where `dataset` comes from a
    # blocked block, refused offline naming the placeholder: the real Hub refuses the placeholder all the
    # same, so it is the page's failure, not a consequence of the blocked block.
    blocks, _ = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "failed", "blocked"], blocks


@checked_page(
    """
        ```py
        dataset = ["fineweb"]
        other = ["kept"]
        ```

        ```py
        import polydocs_no_such_module

        dataset = polydocs_no_such_module.load("some_dataset")
        ```

        ```py
        batched = [dataset[0]] * 2
        ```

        ```py
        print(batched)
        ```

        ```py
        print(other[0])
        ```
        """
)
def test_a_block_that_completes_on_a_name_a_blocked_block_rebinds_is_not_passed(page_run):
    # datasets' stream.mdx: `dataset.batch(...)`, `dataset.shuffle(...)`, `dataset.to_csv(...)` ran on the
    # FineWeb stream an earlier block bound, where the page means the blocked
    # `load_dataset("some_dataset")`'s: a completion on it is no evidence, as a failure on it is no
    # failure; a block reading only what the blocks did bind still passes.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "blocked", "passed"], blocks
    session = report["sessions"][0]
    first = session["blocks"][2]["blocked"]
    assert first["reason"] == "after a blocked block", first
    assert first["line"] == 14, first
    assert "`dataset` would have been defined by the blocked block at line 7" in first["message"], first
    # what it bound from the blocked block's name is the blocked block's too
    assert (
        "`batched` would have been defined by the blocked block at line 7"
        in (session["blocks"][3]["blocked"]["message"])
    )
    assert session["status"] == "blocked", session


@checked_page(
    """
        ```py
        open("exported_rows.csv", "w").write("old")
        open("kept_notes.txt", "w").write("kept")
        ```

        ```py
        import polydocs_no_such_module

        open("exported_rows.csv", "w").write(polydocs_no_such_module.rows())
        ```

        ```py
        print(open("exported_rows.csv").read())
        ```

        ```py
        print(open("kept_notes.txt").read())
        ```
        """
)
def test_a_block_that_completes_on_a_file_a_blocked_block_would_have_written_is_not_passed(page_run):
    # An earlier block wrote the file; the blocked block would have written it again with what the page
    # means, so the block that reads it completes on the earlier content.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "blocked", "passed"], blocks
    blocked = report["sessions"][0]["blocks"][2]["blocked"]
    assert blocked["reason"] == "after a blocked block", blocked
    assert "`exported_rows.csv` would have been written by the blocked block at line 7" in blocked["message"]


@checked_page(
    """
        ```py
        other = "kept"
        ```

        ```py
        import json

        input = json.loads(...)
        ```

        ```py
        print(input)
        ```

        ```py
        print(other)
        ```

        ```py
        print(json.dumps(other))
        ```
        """
)
def test_a_block_that_would_complete_on_a_builtin_a_fragment_rebinds_is_a_fragment(page_run):
    # A fragment that assigns `input` leaves the builtin for the blocks after it: `print(input)` completes
    # on the builtin, where the page means the fragment's value; it is after the fragment, as a block
    # reading any other name the fragment binds. A module the fragment imports stays the page's own
    # (a block that uses it without importing it fails, as for a reader copying that block).
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "fragment", "fragment", "passed", "failed"], blocks
    fragment = report["sessions"][0]["blocks"][2]["fragment"]
    assert fragment["reason"] == "after a fragment", fragment
    assert "`input` is defined by the fragment at line 9" in fragment["message"], fragment


@checked_page(
    """
        ```py
        from json import dumps
        ```

        ```py
        from json import dumps, loads
        import polydocs_no_such_module
        more = polydocs_no_such_module.more()
        ```

        ```py
        print(dumps({}), loads("1"))
        ```

        ```py
        print(more)
        ```
        """
)
def test_what_a_blocked_block_bound_before_its_blocking_statement_is_bound_for_real(page_run):
    # datasets' stream.mdx: the block at L209 imports `load_dataset` again (the same function an earlier
    # block imported), then is blocked on a dataset without a stand-in; the interleave block after it
    # completed on `load_dataset` and was taken for one that ran on what the blocked block would have made.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "passed", "blocked"], blocks
    assert (
        "`more` would have been defined by the blocked block at line 6"
        in report["sessions"][0]["blocks"][3]["blocked"]["message"]
    )


@checked_page(
    """
        ```py
        from json import dumps
        import os.path
        ```

        ```py
        from json import dumps, loads
        import os
        from datasets import load_dataset
        stories = load_dataset("polydocs-test/no-stand-in-for-this-dataset", split="train")
        ```

        ```py
        print(dumps({}), os.sep)
        ```

        ```py
        print(loads("1"))
        ```
        """
)
def test_a_name_a_blocked_block_imports_again_is_the_one_the_session_holds(page_run):
    # datasets' stream.mdx L209: `from datasets import concatenate_datasets, load_dataset`, then a dataset
    # with no stand-in (blocked before it runs); the blocks after it use `load_dataset`, imported at L19.
    blocks, report = page_run.blocks, page_run.report
    assert [status for status, _ in blocks] == ["passed", "blocked", "passed", "blocked"], blocks
    assert (
        "`loads` would have been defined by the blocked block at line 7"
        in report["sessions"][0]["blocks"][3]["blocked"]["message"]
    )
    assert (
        report["sessions"][0]["blocks"][1]["blocked"]["reason"] == "missing stand-in"
    )  # known before it ran


@checked_page(
    """
        ```py
        from peft import PeftConfig, PeftModel
        from transformers import AutoModelForCausalLM

        config = PeftConfig.from_pretrained("acme/tinyllama_lora_norobots")
        model = AutoModelForCausalLM.from_pretrained(config.base_model_name_or_path)
        model = PeftModel.from_pretrained(model, "acme/tinyllama_lora_norobots", adapter_name="norobots")
        _ = model.load_adapter("acme/tinyllama_lora_sql", adapter_name="sql")
        model.set_adapter("sql")
        ```

        ```py
        from peft import AutoPeftModel

        peft_model = AutoPeftModel.from_pretrained("acme/openai-whisper-tiny-LORA-colab")
        assert peft_model.get_base_model().config.model_type == "whisper"
        ```
        """
)
@pytest.mark.skipif(importlib.util.find_spec("peft") is None, reason="peft is not installed")
def test_adapters_loaded_onto_an_adapted_model_and_a_speech_models_adapter_have_stand_ins(page_run):
    # peft's model_merging.md: `model = PeftModel.from_pretrained(model, "smangrul/tinyllama_lora_norobots")`
    # then `model.load_adapter("smangrul/tinyllama_lora_sql")`: the statement's own `model` was taken for
    # the model it loads onto, the adapter was made on itself, and its repository ended up holding a model
    # (`Can't find 'adapter_config.json'`: blocked). peft's quicktour.md: `AutoPeftModel.from_pretrained(
    # "smangrul/openai-whisper-large-v2-LORA-colab")`: the adapter's check fed a Whisper model token ids
    # ("'NoneType' object has no attribute 'shape'": missing stand-in).
    blocks = page_run.reasons
    assert [status for status, _ in blocks] == ["passed", "passed"], blocks


@checked_page(
    """
        ```py
        import torch
        from diffusers import QwenImagePipeline

        pipeline = QwenImagePipeline.from_pretrained(
            "Qwen/Qwen-Image", dtype={"transformer": torch.bfloat16, "default": torch.float16}
        )
        print(pipeline.transformer.dtype, pipeline.vae.dtype)
        ```

        ```py
        from huggingface_hub import snapshot_download

        folder = snapshot_download(repo_id="Qwen/Qwen-Image")
        ```

        ```py
        from diffusers import DiffusionPipeline

        pipeline = DiffusionPipeline.from_pretrained(folder)
        image = pipeline("a squirrel", height=128, width=128, num_inference_steps=2).images[0]
        assert image.size == (128, 128), image.size
        ```
        """
)
@pytest.mark.skipif(importlib.util.find_spec("diffusers") is None, reason="diffusers is not installed")
def test_qwen_image_pipelines_have_a_stand_in(page_run):
    # diffusers' using-diffusers/loading.md: `QwenImagePipeline.from_pretrained("Qwen/Qwen-Image",
    # dtype={...})` and `snapshot_download(repo_id="Qwen/Qwen-Image")` were blocked: no stand-in for
    # Qwen-Image pipelines.
    blocks = page_run.reasons
    assert [status for status, _ in blocks] == ["passed", "passed", "passed"], blocks


@checked_page(
    """
        ```py
        import torch
        from diffusers import AutoModel

        vae = AutoModel.from_pretrained("madebyollin/sdxl-vae-fp16-fix", dtype=torch.float16)
        assert type(vae).__name__ == "AutoencoderKL", type(vae)
        ```
        """
)
@pytest.mark.skipif(importlib.util.find_spec("diffusers") is None, reason="diffusers is not installed")
def test_diffusers_auto_model_loads_the_component_a_repository_holds_at_its_top(page_run):
    # diffusers' using-diffusers/loading.md: `AutoModel.from_pretrained("madebyollin/sdxl-vae-fp16-fix")`, a
    # VAE's own repository (config.json at its top), was blocked "offline resource: does not appear to have
    # a file named config.json": the stand-in was a pipeline with nothing at its top.
    blocks = page_run.reasons
    assert [status for status, _ in blocks] == ["passed"], blocks
