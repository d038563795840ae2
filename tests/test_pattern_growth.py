"""No pattern polydocs applies to page text grows more than linearly with the text (issue 35, family 9).

`scripts/bench_patterns.py` fuzzes each compiled pattern of the page-reading packages with runs of every
special character of the dialect, alone and after each construct's opener, at n and 4n characters; a
pattern whose time grows more than ten times (a linear one grows four, a quadratic one sixteen) is timed
again, both sizes in turns, before it counts. Only ratios of times are compared, never a time.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_patterns  # a script beside the package, not part of it


def test_every_page_pattern_grows_linearly():
    patterns = bench_patterns.page_patterns(bench_patterns.PACKAGES)
    assert len(patterns) > 80  # the import found them
    flagged = bench_patterns.flagged_growth(patterns, size=500, openers=bench_patterns.TEST_OPENERS)
    assert flagged == [], "\n".join(f"{g.pattern} on {g.input}: x{g.ratio:.1f}" for g in flagged)


def test_the_fuzz_finds_a_quadratic_pattern():
    """The pattern lint used for inline code, `(`+)(.+?)\\1`, on a run of backticks."""
    quadratic = bench_patterns.NamedPattern("old inline code", re.compile(r"(`+)(.+?)\1"))
    flagged = bench_patterns.flagged_growth([quadratic], size=500, openers=bench_patterns.TEST_OPENERS)
    assert flagged and flagged[0].ratio > bench_patterns.FLAGGED
