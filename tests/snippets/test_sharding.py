import json

from polydocs.snippets.report import merge_reports
from polydocs.snippets.sharding import balance


def test_longest_sessions_are_spread_over_shards_deterministically():
    durations = {"a": 100.0, "b": 90.0, "c": 20.0, "d": 15.0, "e": 1.0}
    assert balance(durations, 2) == [["a", "d"], ["b", "c", "e"]]
    assert balance(durations, 2) == balance(dict(reversed(durations.items())), 2)


def test_shard_reports_merge_into_one(tmp_path):
    def report(name, sessions, wall):
        path = tmp_path / name
        path.write_text(json.dumps({"wall_seconds": wall, "workers": 1, "sessions": sessions, "device": {}}))
        return path

    def session(ident, status):
        return {
            "id": ident,
            "page": ident.split("::")[0],
            "path": "docs/" + ident.split("::")[0],
            "line": 1,
            "status": status,
            "cached": False,
            "deduplicated": False,
        }

    merged = merge_reports(
        [
            report("1.json", [session("en/a.md::L1", "passed")], 30.0),
            report("2.json", [session("en/b.md::L1", "failed")], 45.0),
        ]
    )
    assert [s["id"] for s in merged["sessions"]] == ["en/a.md::L1", "en/b.md::L1"]
    assert (merged["wall_seconds"], merged["workers"], merged["shards"]) == (45.0, 2, 2)
    assert (merged["totals"]["passed"], merged["totals"]["failed"]) == (1, 1)
