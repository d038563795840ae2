"""Print how long deriving a tiny stand-in takes: cold (empty cache), warm (the documented-checkpoint index
cached, a new id) and cached (nothing to build).

    PYTHONPATH=src python3 scripts/bench_standins.py [HUB_ID LOADER] [SECOND_ID SECOND_LOADER]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from polydocs.snippets.standins.models import StandInRequest, ensure_stand_ins

# The first id's class names no model type, so its build indexes the checkpoints configurations document;
# a build whose classes all name one (SegformerForSemanticSegmentation) never needs the index.
DEFAULTS = [
    "distilbert/distilbert-base-uncased",
    "AutoModelForSequenceClassification",
    "nvidia/segformer-b0-finetuned-ade-512-512",
    "SegformerForSemanticSegmentation",
]


def _timed(request: StandInRequest, hf_home: Path) -> float:
    started = time.perf_counter()
    outcome = ensure_stand_ins([request], "tiny", hf_home)[request.key]
    if outcome.problem:
        raise SystemExit(f"{request.key}: {outcome.problem}")
    return time.perf_counter() - started


def main() -> int:
    ids = [*sys.argv[1:5], *DEFAULTS[len(sys.argv) - 1 :]]
    first, second = StandInRequest(ids[0], (ids[1],)), StandInRequest(ids[2], (ids[3],))
    with tempfile.TemporaryDirectory(prefix="polydocs-bench-standins-") as temp:
        hf_home = Path(temp) / "tiny"
        print(f"cold   {first.key}: {_timed(first, hf_home):.1f} s (imports, checkpoint index, build, check)")
        print(f"warm   {second.key}: {_timed(second, hf_home):.1f} s (index cached: imports, build, check)")
        print(f"cached {first.key}: {_timed(first, hf_home):.3f} s (the outcome is read, nothing runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
