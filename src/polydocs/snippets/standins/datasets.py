"""Local stand-ins for Hub datasets: what the datasets library's real `load_dataset` reads offline.

Offline, `load_dataset("org/name", config)` falls back to a dataset prepared earlier in its cache
(`HF_DATASETS_CACHE/org___name/<config>/<version>/<hash>/`). The stand-ins are such prepared datasets:
the configuration's real features (`data/datasets.yml`, or `datasets:` in `polydocs.yml`) and generated
rows, built once per checker cache (`datasets_build.py`, in a subprocess) under
`HF_HOME/datasets/`. A session gets a writable copy of the ones it loads (`copy_for_session`): the
library writes the results of `map` and `filter` next to the dataset, and no page may change the
stand-in the next page reads.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import yaml

from polydocs import typed_json
from polydocs.cache import CacheStore
from polydocs.snippets.blocking import PLACEHOLDER_HUB_ID, missing_dataset, module_not_installed
from polydocs.snippets.protocol import Blocked
from polydocs.snippets.sessions import Session
from polydocs.snippets.standins.builder_subprocess import run_builder
from polydocs.snippets.standins.loads import HubLoad
from polydocs.sources.pages import page_at
from polydocs.sources.project import load_project_config

BUILDER_VERSION = "1"  # bump when the prepared folders change shape
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
    def revision(self) -> str:
        described = json.dumps(self.spec, sort_keys=True)
        return hashlib.sha1(f"{self.key}:{described}:{BUILDER_VERSION}".encode()).hexdigest()


@dataclass(frozen=True)
class DatasetOutcome:
    """What preparing one dataset stand-in gave (the builder's answer): the folder `load_dataset` reads it
    from, relative to the datasets cache (the library names it), or why there is none."""

    folder: str = ""
    problem: str = ""
    missing_module: str = ""  # the builder could not import this library (datasets itself)

    @property
    def prepared(self) -> bool:
        """Built, and in a folder inside the datasets cache (what is copied into a session's cache stays
        inside that too)."""
        inside = (
            bool(self.folder) and not Path(self.folder).is_absolute() and ".." not in Path(self.folder).parts
        )
        return inside and not self.problem and not self.missing_module


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


def ensure_datasets(requests: list[DatasetRequest], hf_home: Path) -> dict[str, DatasetOutcome]:
    """Request key -> outcome; the missing ones built in one subprocess, each held while it is built so
    two workers never build the same one. Only prepared ones are remembered: the next run may have what
    the others lacked."""
    cache = hf_home / "datasets"
    cache.mkdir(parents=True, exist_ok=True)
    store = CacheStore(hf_home / "dataset-outcomes", BUILDER_VERSION)
    with ExitStack() as held:
        for request in sorted(requests, key=lambda r: r.revision):
            held.enter_context(store.holding(request.revision))
        outcomes = {}
        for request in requests:
            stored = store.read(request.revision, partial(typed_json.load, DatasetOutcome))
            if stored is not None and stored.prepared and (cache / stored.folder).is_dir():
                outcomes[request.key] = stored
        missing = [r for r in requests if r.key not in outcomes]
        built = _build(missing, cache, hf_home) if missing else {}
        for request in missing:
            if built[request.key].prepared:
                store.write(request.revision, asdict(built[request.key]))
        outcomes.update(built)
    return outcomes


def _build(requests: list[DatasetRequest], cache: Path, hf_home: Path) -> dict[str, DatasetOutcome]:
    module = "polydocs.snippets.standins.datasets_build"
    answer = run_builder(module, requests, [str(cache)], hf_home)
    crashed = DatasetOutcome(problem=answer.crash("the dataset stand-in builder"))
    outcomes = {}
    for request in requests:
        try:
            outcomes[request.key] = typed_json.load(DatasetOutcome, answer.found[request.key])
        except (KeyError, ValueError):  # not answered (a crash), or not an answer
            outcomes[request.key] = crashed
    return outcomes


def dataset_stand_ins_for(
    session: Session, loads: list[list[HubLoad]], hf_home: Path
) -> tuple[list[Blocked | None], list[str]]:
    """Per block of `session` (`loads`: what each block loads), what blocks it: a dataset with no
    stand-in; and the prepared datasets the session reads (folders in the datasets cache), for
    `copy_for_session`. A bare name no stand-in describes blocks nothing: it may be a folder the page
    saved (offline, loading fails if not)."""
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
    outcomes = ensure_datasets(list(requests.values()), hf_home) if requests else {}
    blocked: list[Blocked | None] = []
    for region, found in zip(session.regions, wanted, strict=True):
        reasons = [
            _blocked_load(region.start_line + 1 + load.offset, load, request, outcomes)
            for load, request in found
        ]
        blocked.append(next((reason for reason in reasons if reason is not None), None))
    return blocked, [outcome.folder for outcome in outcomes.values() if outcome.prepared]


def _blocked_load(
    line: int, load: HubLoad, request: DatasetRequest | str, outcomes: dict[str, DatasetOutcome]
) -> Blocked | None:
    if isinstance(request, str):  # no stand-in describes it
        if PLACEHOLDER_HUB_ID.fullmatch(load.hub_id):
            return None  # the reader's own dataset: its load fails as the page's error
        return missing_dataset(line, load.hub_id, request)
    outcome = outcomes[request.key]
    if outcome.missing_module:
        return module_not_installed(line, outcome.missing_module)
    return None if outcome.prepared else missing_dataset(line, load.hub_id, outcome.problem)


def copy_for_session(folders: list[str], hf_home: Path, session_cache: Path) -> None:
    """A writable copy of each prepared dataset the session loads (a few hundred kilobytes each)."""
    for folder in folders:
        shutil.copytree(hf_home / "datasets" / folder, session_cache / folder, dirs_exist_ok=True)
