"""A page's first torch.compile on the CPU compiles the page's kernels, not inductor's proofs that the
compiler builds the CPU's vector instructions (four programs including ATen's vector headers, 12 CPU-s of a
small model's 23 on two cores, paid again in every session's new compile cache), nor inductor's
precompiled header (6.5 CPU-s): that one is the compile seed's, which the page can read and not change."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from polydocs.snippets.compile_seed import SeedWarning, compile_seed, seed_key
from polydocs.snippets.environment import SessionFolders, session_environment
from polydocs.snippets.sandbox_probe import probe_sandbox

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

            ```py
            import glob, os, tempfile

            headers = glob.glob(tempfile.gettempdir() + "/torchinductor_*/precompiled_headers/*.h.gch")
            assert headers, "inductor precompiled no header"
            for header in headers:
                for change in (lambda: open(header, "r+b"), lambda: os.unlink(header)):
                    try:
                        change()
                    except OSError:
                        continue
                    raise AssertionError(f"the page could change {header}")
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
    statuses = [block["status"] for session in report["sessions"] for block in session["blocks"]]
    assert statuses == ["passed", "passed"], done.stdout[-3000:]
    compiled = [path.read_text() for path in (tmp_path / "cache").glob("compiled/*/inductor/**/*.cpp")]
    assert any('extern "C"' in code and "kernel(" in code for code in compiled), "no kernel was compiled"
    assert not [code for code in compiled if PROOF_KERNEL in code]
    (seed,) = (Path(os.environ["POLYDOCS_CACHE"]) / "compile-seed").glob("*/headers/*.h.gch")
    assert seed.stat().st_size > 0


def test_a_seed_whose_header_place_is_not_the_sandboxs_tmp_is_refused_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path))
    folder = tmp_path / "compile-seed" / seed_key()
    (folder / "headers").mkdir(parents=True)
    (folder / "inductor").mkdir()
    (folder / "headers" / "abc.h.gch").write_bytes(b"gch")
    (folder / "header-folder").write_text("/etc/ssl")
    support = probe_sandbox(False)
    if support.launcher.bwrap is None:
        pytest.skip("no bubblewrap: sessions get no seed")
    with pytest.warns(SeedWarning, match=r"header-folder names '/etc/ssl', not a folder of /tmp"):
        assert compile_seed.__wrapped__(support) is None
    (folder / "header-folder").write_text("/tmp/torchinductor_x/precompiled_headers")
    (folder / "headers" / "link.h").symlink_to("/etc/passwd")
    with pytest.warns(SeedWarning, match=r"holds no header, or other files"):
        assert compile_seed.__wrapped__(support) is None
    (folder / "headers" / "link.h").unlink()
    seed = compile_seed.__wrapped__(support)
    assert seed is not None
    assert seed.headers == (
        (folder / "headers" / "abc.h.gch", "/tmp/torchinductor_x/precompiled_headers/abc.h.gch"),
    )

    # A seed whose files went (the cache emptied during a run) is no longer shown to sessions.
    assert seed.present()
    (folder / "headers" / "abc.h.gch").unlink()
    assert not seed.present()


def test_whoever_runs_the_check_can_ask_for_the_proofs_again(tmp_path: Path) -> None:
    folders = SessionFolders(
        tmp_path, tmp_path, tmp_path / "inductor", tmp_path / "triton", tmp_path / "data"
    )
    assert session_environment({}, folders, "cpu", None)["TORCHINDUCTOR_VEC_ISA_OK"] == "1"
    checker = {"TORCHINDUCTOR_VEC_ISA_OK": "0"}
    assert session_environment(checker, folders, "cpu", None)["TORCHINDUCTOR_VEC_ISA_OK"] == "0"
