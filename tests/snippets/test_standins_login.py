"""The Hub login's stand-in, in a real sandboxed session: the login is skipped (saying so), no token is
read or written, the blocks after it run, and what needs the Hub (a push) is still blocked offline."""

import pytest

from polydocs.snippets.regions import scan_page
from polydocs.snippets.runner import RunOptions, run_session
from polydocs.snippets.sessions import build_sessions
from polydocs.snippets.standins.login import skipped_login_message

from .golden import CASES

pytest.importorskip("huggingface_hub")


def test_a_page_that_logs_in_runs_on_without_a_token_and_a_push_is_still_blocked_offline(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("HF_TOKEN", "hf_zzqx_the_checkers_own_token")  # must not reach the session
    page = CASES / "standins" / "en" / "login.md"
    (session,) = build_sessions(page, scan_page(page).regions)
    result = run_session(session, RunOptions("cpu", "tiny", tmp_path / "cache"))
    assert [(block.line, block.status) for block in result.blocks] == [
        (3, "passed"),
        (9, "passed"),
        (22, "blocked"),
        (28, "passed"),
    ]
    pushed = result.blocks[2].blocked
    assert pushed is not None and (pushed.line, pushed.reason) == (25, "offline resource")
    assert result.failures == ()
    for name in ("notebook_login", "login", "interpreter_login"):
        assert skipped_login_message(name) in result.output_tail
    assert "token after the logins: None" in result.output_tail
    assert "token file written: False" in result.output_tail
    assert "the block after the push ran" in result.output_tail
    assert "hf_zzqx" not in result.output_tail
