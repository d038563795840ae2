"""The one cache store: atomic entries, one root, versioned, and every unusable entry a miss."""

import json
import os
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from polydocs.cache import CacheStore, cache_dir, cache_root, require
from polydocs.typed_json import load


def _names(data: object) -> list[str]:
    return load(list[str], data)


def test_an_entry_written_is_read_back(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / "area", "1")
    store.write("key", ["a", "b"])
    assert store.read("key", _names) == ["a", "b"]
    assert [p.name for p in (tmp_path / "area").iterdir()] == ["key.json"]  # no temporary file left


@pytest.mark.parametrize(
    "content",
    ["{", "", "[1, 2]", '{"version": "1", "data": [1]}', '{"version": "1"}', '{"data": ["a"]}'],
    ids=["truncated", "empty", "no-envelope", "wrong-shape", "no-data", "no-version"],
)
def test_a_damaged_entry_is_a_miss_and_is_deleted(tmp_path: Path, content: str) -> None:
    store = CacheStore(tmp_path, "1")
    (tmp_path / "key.json").write_text(content, encoding="utf-8")
    assert store.read("key", _names) is None
    assert not (tmp_path / "key.json").exists()


def test_an_entry_of_another_version_is_a_miss(tmp_path: Path) -> None:
    CacheStore(tmp_path, "1").write("key", ["a"])
    assert CacheStore(tmp_path, "2").read("key", _names) is None
    assert CacheStore(tmp_path, "1").read("key", _names) is None  # deleted by the reader of version 2


def test_a_decoder_s_own_check_makes_a_miss_too(tmp_path: Path) -> None:
    store = CacheStore(tmp_path, "1")
    store.write("key", ["a"])

    def strict(data: object) -> list[str]:
        names = load(list[str], data)
        require(len(names) > 1, "two names")
        return names

    assert store.read("key", strict) is None


def test_a_failed_write_keeps_the_old_entry_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = CacheStore(tmp_path, "1")
    store.write("key", ["old"])
    with pytest.raises(TypeError):
        store.write("key", [object()])  # not JSON: fails halfway through writing
    assert store.read("key", _names) == ["old"]
    assert [p.name for p in tmp_path.iterdir()] == ["key.json"]


def test_a_store_without_a_folder_keeps_nothing(tmp_path: Path) -> None:
    store = CacheStore(None, "1")
    store.write("key", ["a"])
    assert store.read("key", _names) is None
    with store.holding("key"):
        pass


def test_keys_are_plain_file_names(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="plain file name"):
        CacheStore(tmp_path, "1").write("../escape", [])


def test_the_root_is_polydocs_cache_else_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "mine"))
    assert cache_dir("site") == tmp_path / "mine" / "site"
    monkeypatch.delenv("POLYDOCS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "polydocs"


def test_the_entry_on_disk_names_its_version(tmp_path: Path) -> None:
    CacheStore(tmp_path, "7").write("key", {"a": 1})
    assert json.loads((tmp_path / "key.json").read_text(encoding="utf-8")) == {
        "version": "7",
        "data": {"a": 1},
    }


def test_holding_a_key_locks_it_across_processes(tmp_path: Path) -> None:
    import fcntl

    store = CacheStore(tmp_path, "1")
    with store.holding("key"):
        descriptor = os.open(tmp_path / "key.lock", os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(descriptor)


def test_holding_a_key_leaves_no_lock_file_behind(tmp_path: Path) -> None:
    store = CacheStore(tmp_path, "1")
    with store.holding("key"):
        assert (tmp_path / "key.lock").is_file()
    with pytest.raises(RuntimeError), store.holding("other"):
        raise RuntimeError("the computation failed")
    assert list(tmp_path.iterdir()) == []


def _take_the_key_when_told(folder: Path, go: Connection, done: Connection) -> None:
    """In another process: wait for the key once told to, then say whether it held it alone."""
    go.recv()
    with CacheStore(folder, "1").holding("key"):
        done.send(_lock_is_taken(folder / "key.lock"))


def _lock_is_taken(lock: Path) -> bool:
    import fcntl

    descriptor = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


def _blocked_on_a_lock(pid: int) -> bool:
    """Whether the process waits for a file lock (Linux lists the waiters in /proc/locks)."""
    return any(
        line.split()[1] == "->" and str(pid) in line.split()
        for line in Path("/proc/locks").read_text().splitlines()
    )


@pytest.mark.skipif(not Path("/proc/locks").is_file(), reason="needs Linux's list of file locks")
def test_a_process_waiting_on_a_lock_file_its_holder_removed_locks_the_key_anew(tmp_path: Path) -> None:
    import multiprocessing

    context = multiprocessing.get_context("fork")
    go_reader, go = context.Pipe(duplex=False)
    done_reader, done = context.Pipe(duplex=False)
    # Forked before the key is held: a child would otherwise share the holder's open lock file.
    waiter = context.Process(target=_take_the_key_when_told, args=(tmp_path, go_reader, done))
    waiter.start()
    done.close()  # the waiter's end: a waiter that fails ends the pipe instead of leaving it open
    with CacheStore(tmp_path, "1").holding("key"):
        go.send("take it")
        while waiter.is_alive() and not _blocked_on_a_lock(waiter.pid or 0):
            os.sched_yield()
        assert not done_reader.poll()  # it waits, on the file this holder removes when it lets go
    assert done_reader.recv() is True  # then it held the key alone, on a file every process finds
    waiter.join()
    assert waiter.exitcode == 0
    assert not (tmp_path / "key.lock").exists()
