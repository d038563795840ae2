"""One benchmark configuration: build (or reuse) the model, compile it as the mode says, time its calls,
and describe the result. `runner` goes through the matrix, resumes, and keeps the results file."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable
from typing import Any

from polydocs.bench import models
from polydocs.bench.conditions import read_conditions
from polydocs.bench.matrix import LLM_MODEL, BenchConfig
from polydocs.bench.results import OK
from polydocs.bench.timing import Clock, RepeatPolicy, Timing, measure

GENERATE_POLICY = RepeatPolicy(warmup=1, min_repeats=5, max_repeats=10, target_s=5.0)


class ModelCache:
    """Keeps the last model built: consecutive configurations of one model reuse it."""

    def __init__(self, device: str, smoke: bool) -> None:
        self._device, self._smoke = device, smoke
        self._key: tuple[str, str] | None = None
        self._model: Any = None

    def get(self, name: str, dtype: str) -> Any:
        if self._key != (name, dtype):
            # Forget the old model first: if building the new one fails, the next configuration of the
            # old model must build it again, not get None.
            self._key, self._model = None, None
            gc.collect()
            self._model = models.build_model(name, self._device, dtype, self._smoke)
            self._key = (name, dtype)
        return self._model


def max_autotune_options() -> dict[str, Any]:
    """Inductor options set for max-autotune: the bounded (default) GEMM search space, stated explicitly."""
    import torch._inductor.config as inductor_config

    available = inductor_config.get_config_copy()
    wanted = {"max_autotune_gemm_search_space": "DEFAULT"}
    return {key: value for key, value in wanted.items() if key in available}


def _compile(model_call: Callable[..., Any], config: BenchConfig) -> Callable[..., Any]:
    import torch

    options = max_autotune_options() if config.mode == "max-autotune" else None
    mode = None if config.mode == "default" else config.mode
    if options:
        # torch.compile accepts mode or options, not both: apply the bound through the config module.
        torch._inductor.config.max_autotune_gemm_search_space = options["max_autotune_gemm_search_space"]
    return torch.compile(model_call, mode=mode)


def _forward_call(config: BenchConfig, model: Any, inputs: dict[str, Any]) -> Callable[[], Any]:
    import torch

    extra = {"use_cache": False} if config.model == LLM_MODEL else {}
    target = _compile(model, config) if config.compiled else model

    def call() -> Any:
        if config.compiled:
            # Tells CUDA graph trees (reduce-overhead, max-autotune) that a new iteration begins, so the
            # previous iteration's outputs may be overwritten.
            torch.compiler.cudagraph_mark_step_begin()
        with torch.no_grad():
            return target(**inputs, **extra)

    return call


def _generate_call(config: BenchConfig, model: Any, inputs: dict[str, Any], smoke: bool) -> Callable[[], Any]:
    import torch

    transformers: Any = importlib.import_module("transformers")
    tokens = models.new_tokens(smoke)
    options: dict[str, Any] = {
        "max_new_tokens": tokens,
        "min_new_tokens": tokens,
        "do_sample": False,
        "cache_implementation": "static",
        "pad_token_id": 0,
    }
    if config.compiled:
        # transformers compiles the decoding forward itself when the cache is static.
        compile_config = transformers.CompileConfig(mode=config.mode)
        if smoke:
            from polydocs.transformers_private import compile_on_every_device

            compile_on_every_device(compile_config)
        options["compile_config"] = compile_config
    else:
        options["disable_compile"] = True

    def call() -> Any:
        with torch.no_grad():
            return model.generate(**inputs, **options)

    return call


def _reset_compiler() -> None:
    import torch

    torch._dynamo.reset()
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def run_one(
    config: BenchConfig, device: str, smoke: bool, policy: RepeatPolicy, cache: ModelCache
) -> dict[str, Any]:
    """Measure one configuration with `policy` (smoke: the tiny models and policy of a CPU check); the
    record it returns has status "ok" (exceptions propagate)."""
    import torch

    cuda = device.startswith("cuda")
    _reset_compiler()
    model = cache.get(config.model, config.dtype)
    inputs = models.model_inputs(config.model, config.batch, device, config.dtype, smoke)
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    clock = Clock(device)
    if config.workload == "generate":
        call = _generate_call(config, model, inputs, smoke)
    else:
        call = _forward_call(config, model, inputs)
    first_call_s = clock.wall_seconds(call)
    if config.workload == "generate" and not smoke:
        # A generate call takes seconds: fewer repeats keep the whole matrix inside one GPU session.
        policy = GENERATE_POLICY
    timing: Timing = measure(call, clock, policy)
    # Read right after the timed calls: whatever shared the host while they ran is most likely still there.
    conditions = read_conditions(gpu=cuda)
    record: dict[str, Any] = {
        **describe_config(config, smoke),
        "status": OK,
        **timing.to_dict(),
        "first_call_s": round(first_call_s, 2),
        "compile_s": round(first_call_s, 2) if config.compiled else None,
        "peak_mem_mib": round(torch.cuda.max_memory_allocated() / 2**20, 1) if cuda else None,
        "conditions": conditions.to_json(),
    }
    if config.workload == "generate":
        record["tokens_per_s"] = round(models.new_tokens(smoke) * 1000.0 / timing.median_ms, 2)
    return record


def describe_config(config: BenchConfig, smoke: bool) -> dict[str, Any]:
    """The fields of a result record that name its configuration."""
    return {
        "id": config.id,
        "model": config.model,
        "task": config.task,
        "workload": config.workload,
        "batch": config.batch,
        "dtype": config.dtype,
        "mode": config.mode,
        **models.describe_model(config.model, smoke),
    }
