"""Dataset stand-ins: every dataset `data/datasets.yml` describes is prepared and then read back through the
datasets library's real, offline `load_dataset`, with the features its card gives."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from installed import requires
from polydocs.snippets.standins.datasets import DatasetRequest, ensure_datasets, known_datasets
from polydocs.snippets.standins.loads import HubLoad, block_loads

pytestmark = requires("datasets")

_READ_BACK = textwrap.dedent(
    """
    import json, sys
    from datasets import load_dataset
    found = {}
    for name, config in json.loads(sys.argv[1]):
        loaded = load_dataset(name, config)
        first = next(iter(loaded.values()))
        row = first[0] if "audio" not in first.features else first.remove_columns("audio")[0]
        lists = [len(v) for v in row.values() if isinstance(v, list)]
        found[name] = {
            "splits": list(loaded), "rows": first.num_rows, "features": first.features.to_dict(),
            "list_lengths": sorted(set(lists)),
        }
    print(json.dumps(found))
    """
)


def test_every_described_dataset_loads_offline_with_its_features_and_aligned_lists(tmp_path):
    hub_ids = {id(entry): name for name, entry in reversed(known_datasets().items())}  # first name wins
    requests = []
    for name in hub_ids.values():
        entry = known_datasets()[name]
        config = entry.get("default") or next(iter(entry["configs"]))
        requests.append(DatasetRequest(name, config, dict(entry["configs"][config])))
    outcomes = ensure_datasets(requests, tmp_path)
    assert {key: outcome.problem for key, outcome in outcomes.items()} == {r.key: "" for r in requests}
    # The builder reports where the library put each one: `org___name`, snake-cased by the library.
    assert outcomes["PolyAI/minds14:en-US"].folder.startswith("PolyAI___minds14/en-US/0.0.0/")
    (finance,) = [o for key, o in outcomes.items() if key.startswith("Josephgflowers/")]
    assert finance.folder.startswith("Josephgflowers___finance-instruct-500k/")
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_CACHE=str(tmp_path / "datasets"))
    argument = json.dumps([(r.name, r.config) for r in requests])
    finished = subprocess.run(
        [sys.executable, "-c", _READ_BACK, argument], env=env, capture_output=True, text=True, check=True
    )
    found = json.loads(finished.stdout.splitlines()[-1])
    from datasets import Features

    for request in requests:
        loaded = found[request.name]
        assert loaded["splits"] == request.spec["splits"]
        assert loaded["features"] == Features._from_yaml_list(request.spec["features"]).to_dict()
        assert loaded["rows"] in (64, 1000)
        assert len(loaded["list_lengths"]) <= 1, f"{request.name}: lists of one row differ in length"
    assert found["leondz/wnut_17"]["list_lengths"]  # tokens and ner_tags, one length
    assert found["ethz/food101"]["rows"] == 64 and found["stanfordnlp/imdb"]["rows"] == 1000


def test_a_second_request_reuses_the_prepared_folder(tmp_path):
    entry = known_datasets()["imdb"]
    request = DatasetRequest("imdb", "plain_text", dict(entry["configs"]["plain_text"]))
    first = ensure_datasets([request], tmp_path)[request.key]
    (prepared,) = (tmp_path / "datasets" / "imdb" / "plain_text").glob("*/*")
    assert first.folder == prepared.relative_to(tmp_path / "datasets").as_posix()
    marker = prepared / "kept"
    marker.write_text("")
    assert ensure_datasets([request], tmp_path) == {request.key: first}
    assert marker.exists()


def test_without_the_datasets_library_the_builder_says_so_and_the_load_is_blocked_on_it(
    tmp_path, monkeypatch
):
    from polydocs.snippets.regions import Region
    from polydocs.snippets.sessions import Session
    from polydocs.snippets.standins.datasets import dataset_stand_ins_for

    hidden = tmp_path / "no-datasets" / "datasets"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'datasets'\", name='datasets')\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(hidden.parent))  # before site-packages in the builder
    page = tmp_path / "page.md"
    code = 'ds = load_dataset("stanfordnlp/imdb")\n'
    session = Session(page, (Region(page, 3, 5, "py", "python", code, "script", code),))
    blocked, prepared = dataset_stand_ins_for(session, [list(block_loads(code).loads)], tmp_path / "home")
    assert prepared == []
    assert blocked[0] is not None
    assert (blocked[0].line, blocked[0].reason, blocked[0].message) == (
        4,
        "module not installed",
        "module datasets is not installed",
    )
    # Not remembered: the next run may have the library.
    assert not list((tmp_path / "home" / "dataset-outcomes").glob("*.json"))


def test_load_dataset_calls_are_read_with_their_configuration_and_local_builders_are_not():
    code = textwrap.dedent(
        """
        name = "PolyAI/minds14"
        a = load_dataset(name, name="en-US", split="train")
        b = load_dataset("wikitext", "wikitext-2-raw-v1", split="test")
        c = load_dataset("csv", data_files="my.csv")
        d = load_dataset("./local_folder")
        """
    )
    loads = [(load.hub_id, load.loader, load.config, load.offset) for load in block_loads(code).loads]
    assert loads == [
        ("PolyAI/minds14", "load_dataset", "en-US", 2),
        ("wikitext", "load_dataset", "wikitext-2-raw-v1", 3),
    ]


def test_polydocs_yml_adds_a_dataset_and_a_wrong_entry_is_reported_at_its_line(tmp_path):
    from polydocs.diagnostics import PolydocsError
    from polydocs.sources.project import load_project_config

    (tmp_path / "polydocs.yml").write_text(
        "site_name: x\ndatasets:\n  acme/faq:\n    configs:\n"
        "      default: {splits: [train], features: [{name: question, dtype: string}]}\n"
    )
    assert "acme/faq" in load_project_config(tmp_path).datasets
    (tmp_path / "polydocs.yml").write_text("site_name: x\ndatasets:\n  acme/faq: {splits: [train]}\n")
    with pytest.raises(PolydocsError) as raised:
        load_project_config(tmp_path)
    (problem,) = raised.value.diagnostics
    assert (Path(problem.path).name, problem.line) == ("polydocs.yml", 2)
    assert "configs" in problem.message


def test_a_configuration_or_split_that_is_a_path_is_refused_before_anything_is_written(tmp_path):
    from polydocs.snippets.standins.datasets import request_for

    docs = tmp_path / "docs"
    (docs / "en").mkdir(parents=True)
    (docs / "en" / "index.md").write_text("# x\n")
    (docs / "polydocs.yml").write_text(
        "datasets:\n  acme/evil:\n    configs:\n"
        "      ../../../escape: {splits: [train], features: [{name: t, dtype: string}]}\n"
        "      fine: {splits: [../../out], features: [{name: t, dtype: string}]}\n"
    )
    page = docs / "en" / "index.md"
    for config, named in (("../../../escape", "'../../../escape'"), ("fine", "'../../out'")):
        load = HubLoad("acme/evil", "load_dataset", 0, config=config)
        assert (
            request_for(load, page)
            == f"its stand-in names {named}, which is not a plain name (letters, digits, `_.-`)"
        )
