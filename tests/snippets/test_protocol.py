"""The typed messages between the checker and its child, and results reused across pages at their lines."""

import json
from dataclasses import asdict
from pathlib import Path

from polydocs.snippets.blocking import missing_stand_in
from polydocs.snippets.cache import ResultCache, session_key
from polydocs.snippets.protocol import (
    Blocked,
    BlockError,
    BlockResult,
    Failure,
    SessionResult,
    SessionSpec,
    Verdict,
)
from polydocs.snippets.regions import scan_page
from polydocs.snippets.report import session_record
from polydocs.snippets.runner import RunOptions, _spec
from polydocs.snippets.session_channel import SessionRecord
from polydocs.snippets.sessions import Session, build_sessions
from polydocs.typed_json import load

BLOCKS = (
    "```py\nimport torch\nmodel = torch.compile(torch.nn.Linear(2, 2))\n```\n",
    "<!-- polydocs: setup\nx = 1\n-->\n```py\nmodel(torch.ones(2))\nraise ValueError('no')\n```\n",
)
# The same two blocks, with prose of different lengths around them (a translation).
ENGLISH = f"# Page\n\n{BLOCKS[0]}\nText.\n\n{BLOCKS[1]}"
SPANISH = f"# Página\n\nMás texto.\n\nY más.\n\n{BLOCKS[0]}\nTexto.\n\nOtro párrafo.\n\n{BLOCKS[1]}"


def _session(tmp_path: Path, lang: str, text: str) -> Session:
    page = tmp_path / lang / "page.md"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(text, encoding="utf-8")
    [session] = build_sessions(page, scan_page(page).regions)
    return session


def _result_at(session: Session) -> SessionResult:
    """A result with a page line in every kind of field, as the child reports it for `session`."""
    first, second = session.regions
    setup_line = second.start_line - 2  # the setup comment's code line, before the fence
    return SessionResult(
        blocks=(
            BlockResult(first.start_line, "passed"),
            BlockResult(
                second.start_line, "failed", error=BlockError(second.start_line + 2, "ValueError", "no")
            ),
        ),
        compile=(
            Verdict(
                first.start_line + 2, (), {"speedup": 2.0}, reused_compilation_from_line=first.start_line
            ),
        ),
        failures=(Failure(setup_line, "setup failed"),),
    )


def test_a_result_stored_for_one_page_is_found_at_another_page_s_lines(tmp_path: Path) -> None:
    english, spanish = _session(tmp_path, "en", ENGLISH), _session(tmp_path, "es", SPANISH)
    assert english.fingerprint() == spanish.fingerprint()
    assert english.line != spanish.line
    cache = ResultCache(tmp_path / "cache", "run-1")
    with cache.claim(english, "key") as claim:
        assert claim.found is None and claim.origin == ""
        claim.store(_result_at(english))
    with cache.claim(spanish, "key") as claim:
        assert claim.origin == "deduplicated"
        assert claim.found == _result_at(spanish)


def test_failures_are_rerun_by_a_later_run_and_passes_reused(tmp_path: Path) -> None:
    english = _session(tmp_path, "en", ENGLISH)
    with ResultCache(tmp_path, "run-1").claim(english, "failed") as claim:
        claim.store(_result_at(english))
    with ResultCache(tmp_path, "run-1").claim(english, "passed") as claim:
        claim.store(SessionResult(blocks=(BlockResult(english.line, "passed"),)))
    with ResultCache(tmp_path, "run-2").claim(english, "failed") as claim:
        assert claim.found is None
    with ResultCache(tmp_path, "run-2").claim(english, "passed") as claim:
        assert claim.origin == "cached" and claim.found is not None and claim.found.status == "passed"
    with ResultCache(tmp_path, "run-3", reuse_earlier_runs=False).claim(english, "passed") as claim:
        assert claim.found is None


def test_a_damaged_cached_result_is_run_again(tmp_path: Path) -> None:
    english = _session(tmp_path, "en", ENGLISH)
    cache = ResultCache(tmp_path, "run-1")
    with cache.claim(english, "key") as claim:
        claim.store(_result_at(english))
    entry = tmp_path / "results" / "key.json"
    stored = json.loads(entry.read_text())
    stored["data"]["result"]["blocks"][0]["status"] = "maybe"
    entry.write_text(json.dumps(stored))
    with cache.claim(english, "key") as claim:
        assert claim.found is None


def test_the_report_keeps_its_format(tmp_path: Path) -> None:
    english = _session(tmp_path, "en", ENGLISH)
    record = session_record(english, _result_at(english), "key", "", "main")
    first, second = english.regions
    assert record["status"] == "failed"
    assert [set(block) for block in record["blocks"]] == [
        {"line", "code_hash", "status", "speedup"},
        {"line", "code_hash", "status", "error"},
    ]
    assert record["blocks"][1]["error"] == {
        "line": second.start_line + 2,
        "type": "ValueError",
        "message": "no",
    }
    assert record["compile"] == [
        {
            "line": first.start_line + 2,
            "problems": [],
            "speedup": 2.0,
            "reused_compilation_from_line": first.start_line,
        }
    ]


def test_a_translated_skip_reason_shares_the_result_and_keeps_its_words(tmp_path: Path) -> None:
    block = "```py\nx = 1\n```\n"
    english = _session(tmp_path, "en", f'<!-- polydocs: skip reason="slow" -->\n{block}')
    spanish = _session(tmp_path, "es", f'<!-- polydocs: skip reason="lento" -->\n{block}')
    assert session_key(english, "tiny", "cpu") == session_key(spanish, "tiny", "cpu")
    assert spanish.skip_reasons("cpu") == ["lento"]
    needs_gpu = _session(tmp_path, "pt", "<!-- polydocs: requires=cuda -->\n" + block)
    assert (needs_gpu.skip_reasons("cpu"), needs_gpu.skip_reasons("cuda")) == (["requires cuda"], [])


def test_the_session_spec_travels_as_json(tmp_path: Path) -> None:
    english = _session(tmp_path, "en", ENGLISH)
    blocked = [None, missing_stand_in(9, "acme/model", "no type", "x.py")][: len(english.regions)]
    blocked += [None] * (len(english.regions) - len(blocked))
    options = RunOptions("cpu", "tiny", tmp_path)
    spec = _spec(english, options, tmp_path, blocked, 7, {"GREETING": "hi"}, {})
    assert load(SessionSpec, json.loads(json.dumps(asdict(spec)))) == spec
    assert spec.blocks[1].blocked == blocked[1]
    assert spec.blocks[1].setup[0].first_line == english.regions[1].start_line - 2


def _message(kind: str, value: object) -> bytes:
    if isinstance(value, BlockResult | SessionResult):
        value = asdict(value)
    return json.dumps({kind: value}).encode() + b"\n"


def test_the_record_takes_messages_in_protocol_order_even_split_across_reads() -> None:
    record = SessionRecord((3, 9))
    stream = (
        _message("start", 0)
        + _message("block", BlockResult(3, "passed"))
        + _message("block", BlockResult(9, "skipped"))
        + _message("end", SessionResult())
    )
    for offset in range(0, len(stream), 7):
        record.feed(stream[offset : offset + 7])
    assert (record.broken, record.blocks, record.end) == (
        "",
        [BlockResult(3, "passed"), BlockResult(9, "skipped")],
        SessionResult(),
    )


def test_a_message_out_of_protocol_order_breaks_the_record_for_good() -> None:
    passed = _message("block", BlockResult(3, "passed"))
    for stream in (
        passed,  # a result whose block never started
        _message("start", 1),  # the second block before the first
        _message("start", 0) + _message("start", 0),  # a block restarting its own clock
        _message("start", 0) + _message("end", SessionResult()),  # the end before every block
        _message("start", 0) + _message("block", BlockResult(4, "passed")),  # another block's line
        _message("start", 0) + _message("block", {"line": 3, "status": "all passed"}),
        _message("start", 0) + b'{"start": 0, "block": {}}\n',
        b"[]\n",
        b"{" * 100 + b"\n",
    ):
        record = SessionRecord((3, 9))
        record.feed(stream)
        assert record.broken, stream
        record.feed(passed + _message("block", BlockResult(9, "passed")))
        assert record.blocks == [] and record.end is None, stream


def test_a_blocked_result_follows_its_start_or_no_start() -> None:
    # blocked before it runs (a stand-in that cannot be built), or after it ran to completion on what a
    # blocked block would have bound (no error); a skipped block never starts.
    blocked = BlockResult(3, "blocked", blocked=Blocked(3, "after a blocked block", "`x` ...", "unblock"))
    for stream in (
        _message("block", blocked),
        _message("start", 0) + _message("block", blocked),
    ):
        record = SessionRecord((3,))
        record.feed(stream)
        assert (record.broken, record.blocks) == ("", [blocked]), stream
    record = SessionRecord((3,))
    record.feed(_message("start", 0) + _message("block", BlockResult(3, "skipped")))
    assert record.broken
