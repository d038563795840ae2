"""Local stand-ins for Hub models: a Hugging Face cache folder the library's real `from_pretrained` reads.

Stand-ins are derived from transformers itself (`derive.py`: the model type, a `tiny`
configuration), built and checked with one forward pass in a subprocess (`build.py`; the pytest
process never imports torch), and kept under `<cache>/standins/<profile>/`. `REGISTRY` and the
`standins:` key of `polydocs.yml` only override what derivation would choose. Image URLs have stand-ins
too, served inside the session process: see `web.py`.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from polydocs.cache import CacheStore
from polydocs.guide import guide_url, repository_file_url
from polydocs.snippets.blocking import missing_stand_in
from polydocs.snippets.protocol import Blocked, StandInNote
from polydocs.snippets.sessions import Session
from polydocs.snippets.shell_fences import shell_made_before
from polydocs.snippets.standins.builder_subprocess import run_builder
from polydocs.snippets.standins.datasets import dataset_stand_ins_for
from polydocs.snippets.standins.diffusers import GUESSED, is_diffusers_repository, repository_shape
from polydocs.snippets.standins.loads import (
    BlockLoads,
    HubLoad,
    block_loads,
    folder_loads,
    loads_an_adapter,
    names_a_model,
)
from polydocs.sources.pages import page_at
from polydocs.sources.project import load_project_config

PROFILES = ("tiny", "full")
BUILDER_VERSION = "9"  # bump when a stand-in's files change shape, so cached folders are rebuilt
# 5: a concrete head class the page loads (`T5ForConditionalGeneration`) is the class whose weights are saved.
# 6: CTC speech models get their own character tokenizer (vocab.json), so their processor is saved too.
# 8: shrinking keeps one layer of each kind and a backbone's output stages; causal LMs nothing names build.
# Bump when an adapter's stand-in changes, so its cached outcome is made again (not every model's).
# 2: checked with its base's own inputs (a Whisper adapter); made on the base of a model an adapter was
# loaded onto, not on that adapter's repository.
ADAPTERS_VERSION = "2"
REGISTRY_FILE = repository_file_url("src/polydocs/snippets/standins/models.py")
_BUILDER = "the stand-in builder"
DIFFUSERS_HINT = (
    f"the pipeline families with stand-ins are listed in {guide_url('checking.md', 'Hub stand-ins')};"
    " skip the block"
)


@dataclass(frozen=True)
class StandIn:
    """An override: the model type, the config of each profile and the class whose weights are saved."""

    hub_id: str
    model_type: str
    configs: dict[str, dict[str, Any]]
    model_class: str  # a transformers class: the architecture whose random weights are saved


def _gemma_2b() -> StandIn:
    full = dict(
        vocab_size=256000,
        hidden_size=2048,
        intermediate_size=16384,
        num_hidden_layers=18,
        num_attention_heads=8,
        num_key_value_heads=1,
        head_dim=256,
        max_position_embeddings=8192,
        dtype="bfloat16",
    )
    tiny = dict(
        full,
        vocab_size=1024,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=2,
        head_dim=32,
        max_position_embeddings=512,
        dtype="float32",
    )
    # The real Gemma-2B configuration (GemmaConfig's defaults are Gemma-7B's): the benchmarks use it.
    return StandIn("google/gemma-2b", "gemma", {"full": full, "tiny": tiny}, "AutoModelForCausalLM")


def _vit_base_patch16_224() -> StandIn:
    # ImageNet's 1000 labels (ViTConfig's default head has 2): image pipelines print a top 5.
    full: dict[str, Any] = dict(hidden_size=768, num_hidden_layers=12, num_attention_heads=12)
    full.update(intermediate_size=3072, image_size=224, patch_size=16, num_labels=1000, dtype="float32")
    tiny = dict(full, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64)
    configs = {"full": full, "tiny": tiny}
    return StandIn("google/vit-base-patch16-224", "vit", configs, "AutoModelForImageClassification")


# Overrides only: every other Hub id is derived. One function returning StandIn, listed here.
REGISTRY: dict[str, Callable[[], StandIn]] = {
    "google/gemma-2b": _gemma_2b,
    "google/vit-base-patch16-224": _vit_base_patch16_224,
}


# Ids whose names hold no model type and that no configuration class documents, with the model type
# of their published configuration; the configuration is derived from it like any other (`tiny` shrinks).
MODEL_TYPES: dict[str, str] = {
    "HuggingFaceTB/SmolLM2-1.7B-Instruct": "llama",  # LlamaForCausalLM
    "bigscience/T0_3B": "t5",  # T5ForConditionalGeneration
    "bigscience/T0": "t5",
    "bigscience/T0p": "t5",
    "bigscience/T0pp": "t5",
}


@dataclass(frozen=True)
class StandInRequest:
    """One stand-in a session needs: a Hub id (empty: the default model of `task`'s pipeline), the
    classes the page loads it with, and an override from the registry or `polydocs.yml`."""

    hub_id: str
    loaders: tuple[str, ...] = ()
    task: str = ""
    override: dict[str, Any] = field(default_factory=dict)
    # The checkpoint the page fine-tunes into this id (`output_dir="m"`, then `from_pretrained("user/m")`).
    fine_tuned_from: str = ""
    # For a peft adapter: the Hub id of the model the page loads it onto (empty: derived from the adapter).
    adapter_of: str = ""

    @property
    def key(self) -> str:
        return self.hub_id or f"pipeline:{self.task}"


@dataclass(frozen=True)
class Outcome:
    """What building a stand-in gave: the Hub id it stands in for, or why there is none."""

    hub_id: str
    problem: str = ""  # empty: built and checked
    derived_from: str = ""  # how the model type was found


def override_for(hub_id: str, page: Path, profile: str) -> dict[str, Any]:
    """What the registry, `MODEL_TYPES` or the page's `polydocs.yml` says about `hub_id` (the project's
    entry wins)."""
    entry = _project_standins(page).get(hub_id)
    if entry is not None:
        config = {k: v for k, v in entry.items() if k not in ("model_type", "model_class")}
        return {
            "model_type": entry["model_type"],
            "config": config,
            "model_class": entry.get("model_class", ""),
        }
    if hub_id in MODEL_TYPES:
        return {"model_type": MODEL_TYPES[hub_id], "config": {}, "model_class": ""}
    if hub_id in REGISTRY:
        stand_in = REGISTRY[hub_id]()
        return {
            "model_type": stand_in.model_type,
            "config": stand_in.configs[profile],
            "exact": True,
            "model_class": stand_in.model_class,
        }
    return {}


def _project_standins(page: Path) -> dict[str, dict[str, Any]]:
    address = page_at(page)
    return _standins_of(address.root) if address is not None else {}


@lru_cache(maxsize=16)
def _standins_of(root: Path) -> dict[str, dict[str, Any]]:
    return load_project_config(root).standins


def revision(hub_id: str, profile: str) -> str:
    return hashlib.sha1(f"{hub_id}:{profile}:{BUILDER_VERSION}".encode()).hexdigest()


def snapshot_dir(hf_home: Path, hub_id: str, profile: str) -> Path:
    repo = "models--" + hub_id.replace("/", "--")
    return hf_home / "hub" / repo / "snapshots" / revision(hub_id, profile)


def outcome_store(hf_home: Path) -> CacheStore:
    """Built and underivable stand-ins, so no session derives the same id twice."""
    return CacheStore(hf_home / "outcomes", f"{BUILDER_VERSION}-{_version_of('transformers')}")


def _version_of(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"


def outcome_key(request: StandInRequest, profile: str) -> str:
    described = f"{request.key}:{sorted(request.override.items())}:{request.fine_tuned_from}:{profile}"
    if request.adapter_of or any(map(loads_an_adapter, request.loaders)):
        described += f":adapter:{ADAPTERS_VERSION}:{request.adapter_of}"
    if request.hub_id and is_diffusers_repository(request.hub_id, request.loaders):
        described += (
            f":diffusers:{repository_shape(request.hub_id, request.loaders)}:{_version_of('diffusers')}"
        )
    return hashlib.sha1(described.encode()).hexdigest()


def _decode_outcome(data: Any) -> Outcome:
    if not isinstance(data, dict) or not isinstance(data.get("hub_id"), str):
        raise ValueError("not a stand-in outcome")
    return Outcome(data["hub_id"], str(data.get("problem", "")), str(data.get("derived_from", "")))


def ensure_stand_ins(requests: list[StandInRequest], profile: str, hf_home: Path) -> dict[str, Outcome]:
    """Each request's outcome by `request.key`; the missing ones built in one subprocess. A worker holds
    the ids it builds (in sorted order, so two workers never wait on each other), not the whole cache."""
    hf_home.mkdir(parents=True, exist_ok=True)
    store = outcome_store(hf_home)
    with ExitStack() as held:
        for key in sorted({outcome_key(r, profile) for r in requests}):
            held.enter_context(store.holding(key))
        outcomes = {r.key: store.read(outcome_key(r, profile), _decode_outcome) for r in requests}
        missing = [r for r in requests if outcomes[r.key] is None]
        if missing:
            built = _build(missing, profile, hf_home)
            for request in missing:
                if not built[request.key].problem.startswith(f"{_BUILDER} exited"):  # a crash is not cached
                    store.write(outcome_key(request, profile), asdict(built[request.key]))
            outcomes.update(built)
    return {key: outcome for key, outcome in outcomes.items() if outcome is not None}


def _build(requests: list[StandInRequest], profile: str, hf_home: Path) -> dict[str, Outcome]:
    module, arguments = "polydocs.snippets.standins.build", [profile, str(hf_home)]
    answer = run_builder(module, requests, arguments, hf_home)
    crashed = answer.crash(_BUILDER)
    return {
        r.key: _decode_outcome(answer.found[r.key]) if r.key in answer.found else Outcome(r.key, crashed)
        for r in requests
    }


@dataclass(frozen=True)
class SessionStandIns:
    """What a session's stand-ins gave: per block, what blocks it (or None); the prepared datasets it
    reads (folders in the datasets cache); what a verdict on it must say (a guessed pipeline family)."""

    blocked: list[Blocked | None]
    datasets: list[str]
    notes: list[StandInNote] = field(default_factory=list)
    # Hub repositories a shell fence of the page clones -> the folder of their built stand-in.
    repositories: dict[str, str] = field(default_factory=dict)


def stand_ins_for(
    session: Session, device: str, profile: str, hf_home: Path, training_model: str
) -> SessionStandIns:
    """Build the stand-ins the session's blocks load (and `training_model` for a page that trains).

    A bare id (`gpt2`) that cannot be derived blocks nothing: it may be a folder the page saved itself.
    """
    loads, running, requests = _session_requests(session, device, profile, training_model)
    hf_home.mkdir(parents=True, exist_ok=True)  # it exists, so the sandbox can bind it read-only
    outcomes = ensure_stand_ins(requests, profile, hf_home) if requests else {}
    by_dataset, datasets = dataset_stand_ins_for(session, running, hf_home)
    blocked: list[Blocked | None] = []
    notes: list[StandInNote] = []
    for region, found, dataset in zip(session.regions, loads, by_dataset, strict=True):
        notes += [
            StandInNote(region.start_line + 1 + load.offset, f"{load.hub_id}: {outcome.derived_from}")
            for load in found
            if (outcome := outcomes.get(_request_key(load))) and outcome.derived_from.startswith(GUESSED)
        ]
        failing = [
            (load, outcomes[_request_key(load)])
            for load in found
            if _request_key(load) in outcomes
            and outcomes[_request_key(load)].problem
            and (load.has_organisation or not load.hub_id)
        ]
        if failing:
            load, outcome = failing[0]
            line = region.start_line + 1 + load.offset
            what = load.hub_id or f"the default model of pipeline({load.task!r})"
            missing = missing_stand_in(line, what, outcome.problem, REGISTRY_FILE)
            if is_diffusers_repository(load.hub_id, (load.loader,)):  # no model type to name for a pipeline
                missing = replace(missing, hint=DIFFUSERS_HINT)
            blocked.append(missing)
        else:
            blocked.append(dataset)
    return SessionStandIns(blocked, datasets, notes, _cloned(session, outcomes, hf_home))


def _cloned(session: Session, outcomes: dict[str, Outcome], hf_home: Path) -> dict[str, str]:
    """The stand-in folder of each Hub repository a shell fence of the page clones, where the session
    built one (a block loads the clone, or the repository by its id): what the clone would hold."""
    found = {}
    for made in shell_made_before(session):
        outcome = outcomes.get(made.repository) if made.repository else None
        refs = hf_home / "hub" / ("models--" + made.repository.replace("/", "--")) / "refs" / "main"
        if outcome is not None and not outcome.problem and refs.is_file():
            found[made.repository] = str(refs.parents[1] / "snapshots" / refs.read_text().strip())
    return found


def prepare_stand_ins(
    sessions: list[Session], device: str, profile: str, hf_home: Path, training_model: str
) -> None:
    """Build the stand-ins that `sessions` will load, in as few builder processes as their requests
    allow (one, unless two sessions load one id as differently shaped repositories): each builder
    process pays for importing torch and transformers, and indexing every configuration on a fresh
    cache, before it builds anything. `stand_ins_for` then finds each outcome remembered; what this did
    not build (a builder that crashed) it builds for its own session, and reports there."""
    wanted: dict[str, StandInRequest] = {}
    for session in sessions:
        for request in _session_requests(session, device, profile, training_model)[2]:
            wanted.setdefault(outcome_key(request, profile), request)
    batches: list[dict[str, StandInRequest]] = []  # a builder answers by request key: one of each a batch
    for request in wanted.values():
        batch = next((batch for batch in batches if request.key not in batch), None)
        if batch is None:
            batch = {}
            batches.append(batch)
        batch[request.key] = request
    for batch in batches:
        ensure_stand_ins(list(batch.values()), profile, hf_home)


def _session_requests(
    session: Session, device: str, profile: str, training_model: str
) -> tuple[list[list[HubLoad]], list[list[HubLoad]], list[StandInRequest]]:
    """What each block of `session` loads, what each block that runs on `device` loads, and the
    stand-ins those need (and `training_model` for a page that trains)."""
    strings: dict[str, str] = {}
    scans = [block_loads(region.source, strings) for region in session.regions]
    loads = [list(scan.loads) for scan in scans]
    running = [
        [] if region.directives.skip_reason(device) else found
        for region, found in zip(session.regions, loads, strict=True)
    ]
    requests: dict[str, StandInRequest] = {}
    bases = _fine_tuned_models(scans, running)
    for found in running:
        for load in found:
            if load.loader != "load_dataset":
                _add_request(requests, load, session.path, profile, bases)
    if "TrainingArguments" in session.code:
        default = HubLoad(training_model, "AutoModelForCausalLM", 0)
        _add_request(requests, default, session.path, profile)
    for made in shell_made_before(session):  # a clone of a Hub repository holds its stand-in's files
        for region in session.regions if made.repository else ():
            for load in folder_loads(region.source, made.path, made.repository):
                _add_request(requests, load, session.path, profile)
    return loads, running, list(requests.values())


def _fine_tuned_models(scans: list[BlockLoads], running: list[list[HubLoad]]) -> dict[str, str]:
    """Name a block trains a model into -> the checkpoint the session loaded as a model before it
    (`running`: the loads of each block that runs)."""
    bases: dict[str, str] = {}
    base = ""
    for scan, found in zip(scans, running, strict=True):
        for load in found:
            if not base and load.hub_id and names_a_model(load.loader):
                base = load.hub_id
        if base:
            for name in scan.trained_into:
                bases.setdefault(name, base)
    return bases


def _request_key(load: HubLoad) -> str:
    return load.hub_id or f"pipeline:{load.task}"


def _add_request(
    requests: dict[str, StandInRequest],
    load: HubLoad,
    page: Path,
    profile: str,
    bases: dict[str, str] | None = None,
) -> None:
    if is_diffusers_repository(load.hub_id, (load.loader,)) and not importlib.util.find_spec("diffusers"):
        return  # no stand-in: the page's own `import diffusers` then says what is missing
    key = _request_key(load)
    earlier = requests.get(key)
    loaders = tuple(dict.fromkeys([*(earlier.loaders if earlier else ()), load.loader]))
    override = override_for(load.hub_id, page, profile) if load.hub_id else {}
    name = load.hub_id.rsplit("/", 1)[-1]
    base = (bases or {}).get(name, "") if load.has_organisation else ""
    adapter_of = load.base or (earlier.adapter_of if earlier else "")
    requests[key] = StandInRequest(
        load.hub_id, loaders, load.task, override, base if base != load.hub_id else "", adapter_of
    )
