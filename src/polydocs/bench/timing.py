"""Timing a callable: warm-ups, then repeats measured with CUDA events (or a host clock on the CPU)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Timing:
    """Summary of repeated measurements, in milliseconds."""

    median_ms: float
    p10_ms: float
    p90_ms: float
    min_ms: float
    max_ms: float
    repeats: int

    def to_dict(self) -> dict[str, float | int]:
        return {
            "median_ms": round(self.median_ms, 4),
            "p10_ms": round(self.p10_ms, 4),
            "p90_ms": round(self.p90_ms, 4),
            "min_ms": round(self.min_ms, 4),
            "max_ms": round(self.max_ms, 4),
            "repeats": self.repeats,
        }


def summarize(samples_ms: list[float]) -> Timing:
    """Median and the 10th/90th percentiles (the spread) of the samples."""
    if not samples_ms:
        raise ValueError("no samples to summarize")
    ordered = sorted(samples_ms)
    if len(ordered) == 1:
        p10 = p90 = ordered[0]
    else:
        deciles = statistics.quantiles(ordered, n=10, method="inclusive")
        p10, p90 = deciles[0], deciles[-1]
    return Timing(statistics.median(ordered), p10, p90, ordered[0], ordered[-1], len(ordered))


@dataclass(frozen=True)
class RepeatPolicy:
    """How many times to run: `warmup` untimed calls, then repeats filling about `target_s` seconds."""

    warmup: int = 3
    min_repeats: int = 10
    max_repeats: int = 100
    target_s: float = 1.0

    def repeats_for(self, estimate_ms: float) -> int:
        wanted = int(self.target_s * 1000.0 / max(estimate_ms, 1e-3))
        return max(self.min_repeats, min(self.max_repeats, wanted))


SMOKE_POLICY = RepeatPolicy(warmup=1, min_repeats=1, max_repeats=1, target_s=0.0)


class Clock:
    """Measures one call: CUDA events on a GPU (device time, no host overhead), perf_counter on the CPU."""

    def __init__(self, device: str) -> None:
        import torch

        self._torch = torch
        self._cuda = device.startswith("cuda")

    def synchronize(self) -> None:
        if self._cuda:
            self._torch.cuda.synchronize()

    def time_ms(self, call: Callable[[], Any]) -> float:
        if self._cuda:
            start = self._torch.cuda.Event(enable_timing=True)
            end = self._torch.cuda.Event(enable_timing=True)
            start.record()
            call()
            end.record()
            end.synchronize()
            return float(start.elapsed_time(end))
        began = time.perf_counter()
        call()
        return (time.perf_counter() - began) * 1000.0

    def wall_seconds(self, call: Callable[[], Any]) -> float:
        """Host wall time of a call until the device has finished it (for compile times)."""
        self.synchronize()
        began = time.perf_counter()
        call()
        self.synchronize()
        return time.perf_counter() - began


def measure(call: Callable[[], Any], clock: Clock, policy: RepeatPolicy) -> Timing:
    """Warm up, then time repeats of `call` (each repeat measured on its own)."""
    for _ in range(policy.warmup):
        call()
    clock.synchronize()
    first = clock.time_ms(call)
    samples = [first]
    samples += [clock.time_ms(call) for _ in range(policy.repeats_for(first) - 1)]
    return summarize(samples)
