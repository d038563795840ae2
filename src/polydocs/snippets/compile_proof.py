"""The torch.compile evaluator: record what a page compiles, force the compilation, prove it worked.

Runs inside the session subprocess (see child.py), after the page's blocks.
"""

from __future__ import annotations

import dataclasses
import functools
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import torch

from polydocs.snippets.protocol import SessionSpec

# Relative error ||compiled - eager|| / ||eager|| allowed per output dtype (kernels fuse and reorder).
TOLERANCE = {torch.float32: 1e-3, torch.float16: 1e-2, torch.bfloat16: 5e-2}


def _dynamo_utils() -> Any:
    """torch._dynamo.utils, imported when something is compiled: the import costs about 2 CPU-s, which a
    page that never calls torch.compile does not pay."""
    import torch._dynamo.utils

    return torch._dynamo.utils


def _keep_every_metric() -> None:
    # Frame counts come from the compilation metrics, which torch keeps only the last 64 of by default.
    set_limit = getattr(_dynamo_utils(), "set_compilation_metrics_limit", None)
    if set_limit is not None:
        set_limit(1_000_000)


def _compilation_metrics() -> list[Any]:
    return list(_dynamo_utils().get_compilation_metrics())


def _dynamo_state() -> dict[str, int]:
    # One compilation-metrics entry per frame Dynamo compiled (counters["frames"] skips fullgraph frames).
    return {
        "frames": len(_compilation_metrics()),
        "graph_breaks": sum(_dynamo_utils().counters["graph_break"].values()),
        "metrics": len(_compilation_metrics()),
    }


@dataclass
class CompileRecord:
    """One object returned by torch.compile while the page ran."""

    line: int  # the page line of the torch.compile call; 0 when a library called it
    original: Any
    options: dict[str, Any]
    compiled: Any = None
    calls: int = 0
    first_call: dict[str, Any] = field(default_factory=dict)
    last_inputs: tuple[tuple[Any, ...], dict[str, Any]] | None = None
    grad_enabled: bool = False
    _before: dict[str, Any] = field(default_factory=dict)

    def before_call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.last_inputs = (args, kwargs)
        if self.calls == 0:
            self.grad_enabled = torch.is_grad_enabled()
            self._before = {**_dynamo_state(), "time": time.perf_counter()}

    def after_call(self) -> None:
        if self.calls == 0:
            now = _dynamo_state()
            metrics = _compilation_metrics()[self._before["metrics"] :]
            self.first_call = {
                "seconds": round(time.perf_counter() - self._before["time"], 3),
                "frames": now["frames"] - self._before["frames"],
                "graph_breaks": now["graph_breaks"] - self._before["graph_breaks"],
                "metrics": metrics,
            }
        self.calls += 1


class CompileRecorder:
    """Context manager: `torch.compile` records each result while active, and is restored after."""

    def __init__(self, page_path: str) -> None:
        self.page_path = page_path
        self.records: list[CompileRecord] = []
        self._original = torch.compile

    def __enter__(self) -> CompileRecorder:
        torch.compile = self._compile  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        torch.compile = self._original

    def forget_between(self, first_line: int, last_line: int) -> None:
        self.records = [r for r in self.records if not first_line <= r.line <= last_line]

    def _page_line(self) -> int:
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.page_path:
                return frame.f_lineno
            frame = frame.f_back  # type: ignore[assignment]
        return 0

    def _compile(self, model: Any = None, **options: Any) -> Any:
        line = self._page_line()
        if model is None:  # `@torch.compile(mode=...)` returns a decorator
            return lambda fn: self._wrap(fn, line, options)
        return self._wrap(model, line, options)

    def _wrap(self, model: Any, line: int, options: dict[str, Any]) -> Any:
        _keep_every_metric()
        record = CompileRecord(line, model, options)
        compiled = self._original(model, **options)
        if isinstance(compiled, torch.nn.Module):
            # Hooks on the OptimizedModule itself run eagerly, outside the compiled frame.
            compiled.register_forward_pre_hook(lambda _m, a, k: record.before_call(a, k), with_kwargs=True)
            compiled.register_forward_hook(lambda *_: record.after_call())
        else:
            inner = compiled

            @functools.wraps(model)
            def compiled(*args: Any, **kwargs: Any) -> Any:
                record.before_call(args, kwargs)
                result = inner(*args, **kwargs)
                record.after_call()
                return result

        record.compiled = compiled
        self.records.append(record)
        return compiled


def _known_mode_and_backend(options: dict[str, Any]) -> list[str]:
    problems = []
    mode = options.get("mode")
    if mode not in (None, "default") and mode not in torch._inductor.list_mode_options():
        known = ", ".join(torch._inductor.list_mode_options())
        problems.append(f"mode {mode!r} does not exist in torch {torch.__version__} (known: {known})")
    backend = options.get("backend", "inductor")
    if isinstance(backend, str) and backend not in torch._dynamo.list_backends(exclude_tags=()):
        known = ", ".join(torch._dynamo.list_backends())
        problems.append(f"backend {backend!r} does not exist in torch {torch.__version__} (known: {known})")
    return problems


def _config_inputs(model: Any, device: str) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    """An input built from a transformers model's config, for a compiled model the page never calls."""
    config = getattr(model, "config", None)
    if config is None:
        return None
    target = next(model.parameters()).device
    if getattr(config, "vocab_size", None):
        length = 128 if device == "cuda" else 16
        ids = torch.randint(0, min(config.vocab_size, 1000), (1, length), device=target)
        return (), {"input_ids": ids, "use_cache": False}
    if getattr(config, "image_size", None):
        size = config.image_size
        pixels = torch.randn(
            1, getattr(config, "num_channels", 3), size, size, device=target, dtype=model.dtype
        )
        return (), {"pixel_values": pixels}
    return None


def _tensors(output: Any) -> list[torch.Tensor]:
    if isinstance(output, torch.Tensor):
        return [output.detach().clone()]
    if isinstance(output, dict):
        output = list(output.values())
    if isinstance(output, list | tuple):
        return [t for item in output for t in _tensors(item)]
    return []


def _relative_error(compiled: list[torch.Tensor], eager: list[torch.Tensor]) -> tuple[float, float]:
    worst, tolerance = 0.0, 0.0
    for got, want in zip(compiled, eager, strict=False):
        if not want.is_floating_point():
            continue
        error = (got.float() - want.float()).norm() / want.float().norm().clamp_min(1e-12)
        worst = max(worst, float(error))
        tolerance = max(tolerance, TOLERANCE.get(want.dtype, 1e-3))
    return worst, tolerance


def _latency_ms(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any], device: str) -> float:
    fn(*args, **kwargs)  # warm-up: first calls pay for lazy initialisation
    runs = []
    for _ in range(10 if device == "cuda" else 5):
        if device == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        fn(*args, **kwargs)
        if device == "cuda":
            torch.cuda.synchronize()
        runs.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(runs), 3)


def _eager(record: CompileRecord) -> Any:
    return record.original


def prove_compilation(recorder: CompileRecorder, device: str) -> list[dict[str, Any]]:
    """One verdict per torch.compile call the page made (library calls are proven by training)."""
    verdicts = []
    for record in recorder.records:
        if not record.line:
            continue
        try:
            verdicts.append(_prove_one(record, device, _earlier_compilation(recorder, record)))
        except Exception as error:  # e.g. fullgraph=True meeting a graph break on the first call
            message = (
                f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"
            )
            verdicts.append({"line": record.line, "options": {}, "problems": [message]})
    return verdicts


def _earlier_compilation(recorder: CompileRecorder, record: CompileRecord) -> CompileRecord | None:
    """An earlier record of the same kind of object whose first call compiled frames."""
    for other in recorder.records:
        if other is record:
            return None
        if type(other.original) is type(record.original) and other.first_call.get("frames"):
            return other
    return None


def _prove_one(record: CompileRecord, device: str, earlier: CompileRecord | None) -> dict[str, Any]:
    options = {
        k: v if isinstance(v, str | bool | int | float | None) else repr(v) for k, v in record.options.items()
    }
    verdict: dict[str, Any] = {"line": record.line, "options": options, "called_by_page": record.calls > 0}
    problems = _known_mode_and_backend(record.options)
    verdict["problems"] = problems
    if problems:
        return verdict
    inputs = record.last_inputs if record.calls else _config_inputs(record.original, device)
    if inputs is None:
        problems.append(
            f"the compiled {type(record.original).__name__} is never called and polydocs cannot build "
            "an input for it; call it in the page "
            "(torch.compile is lazy: nothing compiles until the first call)"
        )
        return verdict
    args, kwargs = inputs
    with torch.set_grad_enabled(record.grad_enabled if record.calls else False):
        if record.calls == 0:
            record.compiled(*args, **kwargs)
        metrics_before = len(_compilation_metrics())
        compiled_out = _tensors(record.compiled(*args, **kwargs))
        eager_out = _tensors(_eager(record)(*args, **kwargs))
        verdict["eager_ms"] = _latency_ms(_eager(record), args, kwargs, device)
        verdict["compiled_ms"] = _latency_ms(record.compiled, args, kwargs, device)
        recompiled = _compilation_metrics()[metrics_before:]
    first = record.first_call
    metrics = first["metrics"] + recompiled
    error, tolerance = _relative_error(compiled_out, eager_out)
    verdict.update(
        compile_seconds=first["seconds"],
        frames_compiled=first["frames"],
        graph_breaks=first["graph_breaks"],
        recompiles=sum(1 for m in metrics if getattr(m, "recompile_reason", None)),
        relative_error=error,
        tolerance=tolerance,
        speedup=round(verdict["eager_ms"] / verdict["compiled_ms"], 2) if verdict["compiled_ms"] else None,
    )
    if first["frames"] == 0 and earlier is not None:
        # Dynamo caches per code object: a second model of the same class may reuse the earlier graph.
        verdict["reused_compilation_from_line"] = earlier.line
    elif first["frames"] == 0:
        problems.append("Dynamo compiled no frame: the call ran eagerly")
    if record.options.get("fullgraph") and first["graph_breaks"]:
        problems.append(f"fullgraph=True but Dynamo found {first['graph_breaks']} graph break(s)")
    if error > tolerance:
        problems.append(
            f"compiled output differs from eager by {error:.2e} (relative; allowed {tolerance:.0e})"
        )
    if device == "cuda" and record.options.get("mode") == "reduce-overhead":
        skips = sorted(
            {
                str(getattr(m, "cudagraph_skip_reason", None))
                for m in metrics
                if getattr(m, "cudagraph_skip_reason", None)
            }
        )
        from torch._inductor import cudagraph_trees

        manager = cudagraph_trees.get_manager(torch.cuda.current_device(), False)
        verdict["cuda_graphs"] = manager is not None and not skips
        if not verdict["cuda_graphs"]:
            problems.append(
                f"mode='reduce-overhead' did not use CUDA graphs ({'; '.join(skips) or 'no graph recorded'})"
            )
    return verdict


def prove_training(
    namespace: dict[str, Any], spec: SessionSpec, recorder: CompileRecorder
) -> list[dict[str, Any]]:
    """`TrainingArguments(torch_compile=True)`: train a few steps so forward and backward both compile."""
    training_args = sys.modules.get("transformers.training_args")
    if training_args is None:  # the page made no TrainingArguments (nor pays for importing Trainer here)
        return []
    arguments = [
        v for v in namespace.values() if isinstance(v, training_args.TrainingArguments) and v.torch_compile
    ]
    if not arguments:
        return []
    from transformers import PreTrainedModel, Trainer

    _keep_every_metric()
    args = arguments[0]
    verdict: dict[str, Any] = {
        "line": spec.training_line,
        "backend": args.torch_compile_backend,
        "mode": args.torch_compile_mode,
    }
    options = {"backend": args.torch_compile_backend or "inductor", "mode": args.torch_compile_mode}
    verdict["problems"] = problems = _known_mode_and_backend(options)
    if problems:
        return [verdict]
    trained = [v for v in namespace.values() if isinstance(v, Trainer) and v.state.global_step > 0]
    before = _dynamo_state()
    started = time.perf_counter()
    if not trained:
        models = [v for v in namespace.values() if isinstance(v, PreTrainedModel)]
        model = models[0] if models else _default_model(spec)
        with tempfile.TemporaryDirectory() as output_dir:
            short = dataclasses.replace(
                args,
                output_dir=output_dir,
                max_steps=3,
                per_device_train_batch_size=2,
                report_to="none",
                save_strategy="no",
                logging_strategy="no",
                eval_strategy="no",
                use_cpu=spec.device == "cpu",
            )
            Trainer(model=model, args=short, train_dataset=_token_dataset(model)).train()
    after = _dynamo_state()
    verdict.update(
        trained_by_page=bool(trained),
        seconds=round(time.perf_counter() - started, 3),
        frames_compiled=after["frames"] - before["frames"],
        backward_compiled=_dynamo_utils().counters["aot_autograd"]["total"] > 0
        or any(m.joint_graph_pass_time_us for m in _compilation_metrics()),
    )
    if not trained and verdict["frames_compiled"] == 0:
        problems.append("training with torch_compile=True compiled no frame")
    return [verdict]


def _default_model(spec: SessionSpec) -> Any:
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(spec.default_model)


def _token_dataset(model: Any) -> list[dict[str, torch.Tensor]]:
    generator = torch.Generator().manual_seed(0)
    vocab = min(model.config.vocab_size, 256)
    rows = [torch.randint(4, vocab, (16,), generator=generator) for _ in range(8)]
    return [{"input_ids": row, "labels": row.clone()} for row in rows]
