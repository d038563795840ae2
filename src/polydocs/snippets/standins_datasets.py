"""Local stand-ins for Hub datasets: what the datasets library's real `load_dataset` reads offline.

Offline, `load_dataset("org/name", config)` falls back to a dataset prepared earlier in its cache
(`HF_DATASETS_CACHE/org___name/<config>/<version>/<hash>/`). The stand-ins are such prepared datasets:
the configuration's real features (`data/datasets.yml`, or `datasets:` in `polydocs.yml`) and generated
rows, built once per checker cache (`standins_datasets_build.py`, in a subprocess) under
`HF_HOME/datasets/`. A session gets a writable copy of the ones it loads (`copy_for_session`): the
library writes the results of `map` and `filter` next to the dataset, and no page may change the
stand-in the next page reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from polydocs.cache import CacheStore
from polydocs.snippets.blocking import missing_dataset
from polydocs.snippets.environment import python_path
from polydocs.snippets.protocol import Blocked
from polydocs.snippets.sessions import Session
from polydocs.snippets.standins_loads import HubLoad
from polydocs.sources.pages import page_at
from polydocs.sources.project import load_project_config

BUILDER_VERSION = "1"  # bump when the prepared folders change shape
SPEC_FILE = "src/polydocs/snippets/data/datasets.yml"
_SPECS = Path(__file__).with_name("data") / "datasets.yml"
_FOLDER_NAME = re.compile(r"\w[\w.-]*")


@dataclass(frozen=True)
class DatasetRequest:
    """One prepared dataset a session needs: the name as the page writes it and a configuration."""

    name: str
    config: str
    spec: dict[str, Any]  # {splits, features, rows?}

    @property
    def key(self) -> str:
        return f"{self.name}:{self.config}"

    @property
    def folder(self) -> str:
        """The cache folder `load_dataset(name)` looks in: `org___name`, or `name` for a bare name."""
        *namespace, dataset = self.name.split("/")
        return "___".join([*namespace, _snake_case(dataset)])

    @property
    def revision(self) -> str:
        described = json.dumps(self.spec, sort_keys=True)
        return hashlib.sha1(f"{self.key}:{described}:{BUILDER_VERSION}".encode()).hexdigest()


def _snake_case(name: str) -> str:
    from re import sub

    # datasets' `camelcase_to_snakecase`, which names the cache folder of a dataset.
    return sub(r"([a-z\d])([A-Z])", r"\1_\2", sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)).lower()


@lru_cache(maxsize=1)
def known_datasets() -> dict[str, dict[str, Any]]:
    """Every name `data/datasets.yml` describes (Hub ids and their aliases) -> its entry."""
    entries = yaml.safe_load(_SPECS.read_text(encoding="utf-8"))
    return _by_name(entries)


def _by_name(entries: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    named = {}
    for hub_id, entry in entries.items():
        for name in (hub_id, *entry.get("aliases", ())):
            named[name] = entry
    return named


def request_for(load: HubLoad, page: Path) -> DatasetRequest | str:
    """The request for one `load_dataset` call, or why there is no stand-in."""
    entry = _project_datasets(page).get(load.hub_id) or known_datasets().get(load.hub_id)
    if entry is None:
        return "no stand-in describes it"
    configs = entry["configs"]
    config = load.config or entry.get("default") or next(iter(configs))
    if config not in configs:
        return f"its stand-in has no configuration {config!r} (it has {', '.join(configs)})"
    spec = dict(configs[config])
    # The configuration and split names become folder and file names of the cache: never a path.
    unsafe = [n for n in [config, *map(str, spec.get("splits", []))] if not _FOLDER_NAME.fullmatch(n)]
    if unsafe:
        return f"its stand-in names {unsafe[0]!r}, which is not a plain name (letters, digits, `_.-`)"
    return DatasetRequest(load.hub_id, config, spec)


def _project_datasets(page: Path) -> dict[str, dict[str, Any]]:
    address = page_at(page)
    return _datasets_of(address.root) if address is not None else {}


@lru_cache(maxsize=16)
def _datasets_of(root: Path) -> dict[str, dict[str, Any]]:
    return _by_name(load_project_config(root).datasets)


def ensure_datasets(requests: list[DatasetRequest], hf_home: Path) -> dict[str, str]:
    """Request key -> problem ("" when the prepared dataset exists); the missing ones built in one
    subprocess, each held while it is built so two workers never build the same one."""
    cache = hf_home / "datasets"
    cache.mkdir(parents=True, exist_ok=True)
    store = CacheStore(hf_home / "dataset-outcomes", BUILDER_VERSION)
    with ExitStack() as held:
        for request in sorted(requests, key=lambda r: r.revision):
            held.enter_context(store.holding(request.revision))
        problems = {r.key: "" for r in requests if _prepared(cache, r).is_dir()}
        missing = [r for r in requests if r.key not in problems]
        if missing:
            problems.update(_build(missing, cache, hf_home))
    return problems


def _prepared(cache: Path, request: DatasetRequest) -> Path:
    return cache / request.folder / request.config / "0.0.0" / request.revision


def _build(requests: list[DatasetRequest], cache: Path, hf_home: Path) -> dict[str, str]:
    with tempfile.TemporaryDirectory(prefix="polydocs-datasets-") as temp:
        request_file, result_file = Path(temp) / "requests.json", Path(temp) / "outcomes.json"
        described = [
            {"key": r.key, "name": r.name, "config": r.config, "spec": r.spec, "folder": r.folder}
            | {"revision": r.revision}
            for r in requests
        ]
        request_file.write_text(json.dumps(described))
        env = dict(
            os.environ,
            HF_HUB_OFFLINE="1",
            HF_HOME=str(hf_home),
            PYTHONPATH=os.pathsep.join(python_path(os.environ)),
        )
        command = [sys.executable, "-m", "polydocs.snippets.standins_datasets_build", str(request_file)]
        finished = subprocess.run(
            [*command, str(cache), str(result_file)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
        )
        found = json.loads(result_file.read_text()) if result_file.exists() else {}
    crashed = f"the dataset stand-in builder exited with status {finished.returncode}"
    if finished.returncode and b"No module named 'datasets'" in finished.stderr:
        crashed = "module datasets is not installed"
    return {r.key: str(found.get(r.key, crashed)) for r in requests}


def dataset_stand_ins_for(
    session: Session, loads: list[list[HubLoad]], hf_home: Path
) -> tuple[list[Blocked | None], list[DatasetRequest]]:
    """Per block of `session` (`loads`: what each block loads), what blocks it: a dataset with no
    stand-in; and the prepared datasets the session reads, for `copy_for_session`. A bare name no
    stand-in describes blocks nothing: it may be a folder the page saved (offline, loading fails if not)."""
    wanted = [
        [
            (load, request)
            for load in found
            if load.loader == "load_dataset"
            for request in [request_for(load, session.path)]
            if isinstance(request, DatasetRequest) or load.has_organisation
        ]
        for found in loads
    ]
    requests = {r.key: r for found in wanted for _, r in found if isinstance(r, DatasetRequest)}
    problems = ensure_datasets(list(requests.values()), hf_home) if requests else {}
    blocked: list[Blocked | None] = []
    for region, found in zip(session.regions, wanted, strict=True):
        failing = [
            (load, request if isinstance(request, str) else problems[request.key])
            for load, request in found
            if isinstance(request, str) or problems[request.key]
        ]
        if failing:
            load, why = failing[0]
            blocked.append(missing_dataset(region.start_line + 1 + load.offset, load.hub_id, why))
        else:
            blocked.append(None)
    return blocked, [r for r in requests.values() if not problems[r.key]]


def copy_for_session(requests: list[DatasetRequest], hf_home: Path, session_cache: Path) -> None:
    """A writable copy of each prepared dataset the session loads (a few hundred kilobytes each)."""
    for request in requests:
        source = _prepared(hf_home / "datasets", request)
        shutil.copytree(source, _prepared(session_cache, request), dirs_exist_ok=True)
