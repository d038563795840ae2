"""The benchmark configurations: which model, task, batch size, precision and compile mode to measure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

BATCH_SIZES = (1, 4, 16, 64)
COMPILE_MODES = ("default", "reduce-overhead", "max-autotune")
EAGER = "eager"
# max-autotune compiles take minutes (126 to 301 s on the H200, longer for DETR and SegFormer): measured at
# the two ends of the batch range only.
MAX_AUTOTUNE_BATCH_SIZES = (1, 64)
# Models whose max-autotune compiles were still running after about 350 s (many convolution shapes).
_SLOW_AUTOTUNE_MODELS = ("detr-resnet-50", "segformer-b0")

VISION_MODELS = ("vit-base", "convnext-tiny", "resnet-50", "detr-resnet-50", "segformer-b0")
LLM_MODEL = "gemma-2b"


@dataclass(frozen=True)
class BenchConfig:
    """One measurement: a model run in one mode at one batch size."""

    model: str
    task: str
    # "forward" times one forward pass; "generate" times `generate` with a static cache.
    workload: str
    batch: int
    dtype: str
    mode: str

    @property
    def id(self) -> str:
        return f"{self.model}/{self.workload}/b{self.batch}/{self.dtype}/{self.mode}"

    @property
    def compiled(self) -> bool:
        return self.mode != EAGER

    @property
    def priority(self) -> int:
        """Lower runs first: slow max-autotune compiles come last, so a time limit cuts them first."""
        if self.mode != "max-autotune":
            return 0
        return 1 if self.batch == min(MAX_AUTOTUNE_BATCH_SIZES) else 2

    def estimated_seconds(self) -> float:
        """A rough cost on the H200 (compile plus timing), used to balance shards and respect a deadline."""
        base = 10.0 if self.model == LLM_MODEL else 4.0
        # max-autotune compiles took 126-301 s on the H200, and DETR and SegFormer were still autotuning
        # after 350 s: a low guess here lets --stop-after start a compile that runs far past the deadline.
        compile_cost = {"eager": 0.0, "default": 20.0, "reduce-overhead": 15.0, "max-autotune": 250.0}
        cost = base + compile_cost.get(self.mode, 20.0)
        if self.mode == "max-autotune" and self.model in _SLOW_AUTOTUNE_MODELS:
            cost += 200.0
        if self.workload == "generate":
            cost += 25.0
        return cost


_TASKS = {
    "vit-base": "image-classification",
    "convnext-tiny": "image-classification",
    "resnet-50": "image-classification",
    "detr-resnet-50": "object-detection",
    "segformer-b0": "semantic-segmentation",
}


def full_matrix() -> list[BenchConfig]:
    """Every configuration of the torch.compile benchmark, in run order (most important first)."""
    configs: list[BenchConfig] = []
    for model in VISION_MODELS:
        for batch in BATCH_SIZES:
            for mode in (EAGER, *COMPILE_MODES):
                if mode == "max-autotune" and batch not in MAX_AUTOTUNE_BATCH_SIZES:
                    continue
                configs.append(BenchConfig(model, _TASKS[model], "forward", batch, "float16", mode))
    for mode in (EAGER, "default", "reduce-overhead"):
        configs.append(BenchConfig(LLM_MODEL, "text-generation", "forward", 1, "bfloat16", mode))
    for mode in (EAGER, "reduce-overhead"):
        configs.append(BenchConfig(LLM_MODEL, "text-generation", "generate", 1, "bfloat16", mode))
    return sorted(configs, key=lambda config: config.priority)


def smoke_matrix() -> list[BenchConfig]:
    """The same models and modes at batch size 1 only, in float32 (half-precision kernels on a CPU are
    slow and beside the point), for a quick end-to-end check on the CPU."""
    return [replace(config, dtype="float32") for config in full_matrix() if config.batch == 1]


def select(
    configs: list[BenchConfig], only: Sequence[str], models: Sequence[str] = (), skip: Sequence[str] = ()
) -> list[BenchConfig]:
    """The configurations whose id contains every fragment of `only` and none of `skip`, of one of `models`
    (any model when empty)."""
    return [
        config
        for config in configs
        if all(fragment in config.id for fragment in only)
        and not any(fragment in config.id for fragment in skip)
        and (not models or config.model in models)
    ]


def matching(ids: Sequence[str], texts: Sequence[str]) -> list[str]:
    """The ids that one of `texts` picks: a text that is one of `ids` picks that id alone (so that
    "resnet-50/forward/b1/float16/eager" is not also DETR-ResNet-50's), any other text every id holding it."""
    whole = set(ids) & set(texts)
    parts = [text for text in texts if text not in whole]
    return [key for key in ids if key in whole or any(text in key for text in parts)]


def shard(configs: list[BenchConfig], index: int, count: int) -> list[BenchConfig]:
    """This shard's share of the configurations, balanced by estimated cost, in run order.

    A model at one batch size stays on one shard (its compiled modes share kernels through the inductor
    cache), and so does the whole LLM group (its model is large and is built once).
    """
    if not 0 <= index < count:
        raise ValueError(f"shard index {index} is outside 0..{count - 1}")
    groups: dict[str, list[BenchConfig]] = {}
    for config in configs:
        key = config.model if config.model == LLM_MODEL else f"{config.model}/b{config.batch}"
        groups.setdefault(key, []).append(config)
    loads = [0.0] * count
    owner: dict[str, int] = {}
    by_cost = sorted(groups, key=lambda key: -sum(c.estimated_seconds() for c in groups[key]))
    for key in by_cost:
        target = min(range(count), key=lambda i: (loads[i], i))
        owner[key] = target
        loads[target] += sum(c.estimated_seconds() for c in groups[key])
    mine = {key for key, shard_index in owner.items() if shard_index == index}
    return [config for config in configs if any(config in groups[key] for key in mine)]


def parse_shard(text: str) -> tuple[int, int]:
    """`"0/2"` -> (0, 2)."""
    index_text, _, count_text = text.partition("/")
    index, count = int(index_text), int(count_text or 1)
    if count < 1 or not 0 <= index < count:
        raise ValueError(f"shard {text!r} must be INDEX/COUNT with 0 <= INDEX < COUNT")
    return index, count
