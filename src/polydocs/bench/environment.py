"""What a benchmark ran on: GPU, driver, CUDA, library versions, date and git revision."""

from __future__ import annotations

import datetime
import platform
import shutil
import subprocess
from typing import Any


def _driver_version() -> str | None:
    if shutil.which("nvidia-smi") is None:
        return None
    try:
        completed = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    lines = completed.stdout.strip().splitlines()
    return lines[0].strip() if lines else None


def git_revision(explicit: str | None) -> str | None:
    """The revision passed in, else the checkout's HEAD, else None (a copy without .git)."""
    if explicit:
        return explicit
    if shutil.which("git") is None:
        return None
    try:
        completed = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True, timeout=10, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return completed.stdout.strip() or None


def utc_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def describe_environment(device: str, git_rev: str | None) -> dict[str, Any]:
    import torch
    import transformers

    cuda = device.startswith("cuda") and torch.cuda.is_available()
    return {
        "device": device,
        "gpu": torch.cuda.get_device_name(0) if cuda else None,
        "gpu_count": torch.cuda.device_count() if cuda else 0,
        "gpu_memory_gib": round(torch.cuda.get_device_properties(0).total_memory / 2**30, 1)
        if cuda
        else None,
        "driver": _driver_version() if cuda else None,
        "cuda": torch.version.cuda,
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "python": platform.python_version(),
        "cpu": platform.machine(),
        "date": utc_now(),
        "git_rev": git_revision(git_rev),
    }
