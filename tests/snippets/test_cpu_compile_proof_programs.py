"""A page's first torch.compile on the CPU compiles the page's kernels, not inductor's proofs that the
compiler builds the CPU's vector instructions (four programs including ATen's vector headers, 12 CPU-s of a
small model's 23 on two cores, paid again in every session's new compile cache)."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from polydocs.snippets.environment import SessionFolders, session_environment

from .test_sandbox import _check_options, _checker_environment

# The program inductor compiles to prove a vector instruction set (torch/_inductor/cpu_vec_isa.py).
PROOF_KERNEL = "__avx_chk_kernel"


def test_a_compiled_function_runs_its_own_kernels_without_the_instruction_set_proofs(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "tmp").mkdir()
    (tmp_path / "docs" / "page.md").write_text(
        textwrap.dedent(
            """
            ```py
            import torch

            doubled = torch.compile(lambda x: torch.sin(x) * 2)(torch.ones(64))
            assert torch.allclose(doubled, torch.sin(torch.ones(64)) * 2)
            ```
            """
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "polydocs", "check", "docs", *_check_options(tmp_path)],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, None),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads((tmp_path / "report.json").read_text())
    assert [block["status"] for session in report["sessions"] for block in session["blocks"]] == ["passed"]
    compiled = [path.read_text() for path in (tmp_path / "cache").glob("compiled/*/inductor/**/*.cpp")]
    assert any('extern "C"' in code and "kernel(" in code for code in compiled), "no kernel was compiled"
    assert not [code for code in compiled if PROOF_KERNEL in code]


def test_whoever_runs_the_check_can_ask_for_the_proofs_again(tmp_path: Path) -> None:
    folders = SessionFolders(
        tmp_path, tmp_path, tmp_path / "inductor", tmp_path / "triton", tmp_path / "data"
    )
    assert session_environment({}, folders, "cpu", None)["TORCHINDUCTOR_VEC_ISA_OK"] == "1"
    checker = {"TORCHINDUCTOR_VEC_ISA_OK": "0"}
    assert session_environment(checker, folders, "cpu", None)["TORCHINDUCTOR_VEC_ISA_OK"] == "0"
