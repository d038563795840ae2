"""Where the API reference of a library object lives, and whether the object really exists."""

from __future__ import annotations

import contextlib
import importlib
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, partial
from types import ModuleType

from polydocs.cache import CacheStore, cache_dir
from polydocs.sources.api_inventory.lazy_exports import declared_export
from polydocs.sources.api_inventory.member_links import member_home
from polydocs.sources.api_inventory.object_paths import defining_path, static_exports
from polydocs.sources.installed_packages import (
    imported_object,
    installed_sources,
    is_installed,
    submodule_spec,
)
from polydocs.sources.project import api_reference_problems
from polydocs.typed_json import load

# The libraries doc-builder (0.5.0, `external.HUGGINFACE_LIBS`) links through their published objects.inv.
_HUGGING_FACE_LIBRARIES = frozenset(
    ("accelerate", "datasets", "evaluate", "huggingface_hub", "optimum", "tokenizers", "transformers", "trl")
)
# Bump when what the exported-names cache stores changes.
_NAMES_FORMAT = "1"
_TRANSFORMERS_URL = "https://huggingface.co/docs/transformers/main/en/{page}#{anchor}"

_AUTO_CLASSES = (
    "AutoConfig",
    "AutoTokenizer",
    "AutoProcessor",
    "AutoImageProcessor",
    "AutoFeatureExtractor",
    "AutoModel",
    "AutoModelForCausalLM",
    "AutoModelForSeq2SeqLM",
    "AutoModelForMaskedLM",
    "AutoModelForSequenceClassification",
    "AutoModelForTokenClassification",
    "AutoModelForQuestionAnswering",
    "AutoModelForMultipleChoice",
    "AutoModelForImageClassification",
    "AutoModelForImageTextToText",
    "AutoModelForSpeechSeq2Seq",
    "AutoModelForCTC",
    "AutoModelForAudioClassification",
    "AutoModelForObjectDetection",
)

# The public names guides link to most, each mapped to its page in the Transformers API reference.
_TRANSFORMERS_OBJECTS: dict[str, str] = {
    **dict.fromkeys(
        ("Trainer", "Seq2SeqTrainer", "TrainingArguments", "Seq2SeqTrainingArguments"), "main_classes/trainer"
    ),
    **dict.fromkeys(("TrainerCallback", "EarlyStoppingCallback"), "main_classes/callback"),
    **dict.fromkeys(("pipeline", "Pipeline"), "main_classes/pipelines"),
    **dict.fromkeys(_AUTO_CLASSES, "model_doc/auto"),
    **dict.fromkeys(("PreTrainedModel", "utils.PushToHubMixin"), "main_classes/model"),
    **dict.fromkeys(("PretrainedConfig", "PreTrainedConfig"), "main_classes/configuration"),
    **dict.fromkeys(
        ("PreTrainedTokenizer", "PreTrainedTokenizerFast", "PreTrainedTokenizerBase", "BatchEncoding"),
        "main_classes/tokenizer",
    ),
    **dict.fromkeys(("GenerationConfig", "GenerationMixin"), "main_classes/text_generation"),
    **dict.fromkeys(("BitsAndBytesConfig", "GPTQConfig", "AwqConfig"), "main_classes/quantization"),
    **dict.fromkeys(
        (
            "DefaultDataCollator",
            "DataCollatorWithPadding",
            "DataCollatorForLanguageModeling",
            "DataCollatorForSeq2Seq",
            "DataCollatorForTokenClassification",
        ),
        "main_classes/data_collator",
    ),
    "ProcessorMixin": "main_classes/processors",
    "BaseImageProcessor": "main_classes/image_processor",
    "FeatureExtractionMixin": "main_classes/feature_extractor",
    "TextStreamer": "internal/generation_utils",
}


@dataclass(frozen=True)
class ApiTarget:
    """A resolved API link: the name as written (without package) and the URL of its reference; for a
    reference on a page of this very site, that page (named in its language folder) and the anchor."""

    name: str
    url: str
    page: str = ""
    anchor: str = ""


@dataclass(frozen=True)
class ApiInventory:
    """Maps public object names of one package to the pages of its API reference."""

    url_template: str
    objects: Mapping[str, str] = field(default_factory=dict)
    package: str = "transformers"
    # Checking `Class.member` imports the class's module (seconds for a Trainer); the site builder only
    # checks the names the package exports, which its lazy module lists without importing them.
    check_members: bool = True
    # Other libraries a dotted name may point into (`transformers.Trainer` on a peft page), by package.
    others: Mapping[str, ApiInventory] = field(default_factory=dict)
    # Full names (`peft.Foo`, `transformers.Bar`) that import but mkdocstrings' loader cannot document.
    undocumentable: frozenset[str] = frozenset()
    # The dotted path a reference page documents a linked name under, when it is not `package.name`
    # (`LoraConfig` is documented as `peft.tuners.lora.config.LoraConfig`): its anchor.
    anchors: Mapping[str, str] = field(default_factory=dict)
    # The pages are this site's own (`[[autodoc]]` pages of the tree): links are relative to the page.
    in_site: bool = False
    # Every name links, `{anchor}` its full dotted name (`api_libraries:` with a URL pattern alone).
    any_name: bool = False
    # The member lines of each `[[autodoc]]` of the site, by its documented path (in-site pages only).
    members: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The library's published reference, for the names the site's own pages do not document (a
    # Transformers tree documenting `Trainer` itself still links `pipeline` to huggingface.co).
    published: ApiInventory | None = None

    @classmethod
    def from_config(cls, mapping: Mapping[str, object]) -> ApiInventory:
        """Build from configuration data with keys `url`, `objects` and optionally `package`."""
        problems = api_reference_problems(dict(mapping))
        if problems:
            raise ValueError("invalid API inventory: " + "; ".join(problems))
        url, objects = mapping["url"], mapping.get("objects", {})
        package = mapping.get("package", "transformers")
        assert isinstance(url, str) and isinstance(objects, Mapping) and isinstance(package, str)
        return cls(url, dict(objects), package)

    def owner(self, name: str) -> ApiInventory:
        """The inventory `name` belongs to: another library's for `transformers.Trainer` when this one
        documents another package, else this one."""
        head = name.split(".")[0]
        if head == self.package:
            return self
        if head in self.others:
            return self.others[head]
        # Never one library's name before another's objects (`transformers.evaluate.EvaluationModuleInfo`,
        # or peft's page documenting `[[autodoc]] accelerate.Accelerator`): an installed package that is
        # no module of this one is its own, with no reference pages known. A folder on the path that no
        # distribution installs (a repository's `scripts/` beside trl's `scripts.utils.DatasetConfig`) is
        # no package (`is_installed`), so such a module stays this package's.
        return _unlisted_inventory(head) if _another_package(self.package, name) else self

    def qualified(self, name: str) -> str:
        """`Trainer` and `transformers.Trainer` both give `Trainer`: the name inside the package."""
        prefix = self.package + "."
        return name[len(prefix) :] if name.startswith(prefix) else name

    def full_name(self, name: str) -> str:
        """`Trainer` -> `transformers.Trainer`; a name into another library is kept as written (`owner`)."""
        owner = self.owner(name)
        return f"{owner.package}.{owner.qualified(name)}"

    def resolve(self, name: str) -> ApiTarget | None:
        """The reference URL of `name` (a class, function, or member of one), None when not listed."""
        if (owner := self.owner(name)) is not self:
            return owner.resolve(name)
        name = self.qualified(name)
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            head = ".".join(parts[:end])
            page = self.objects.get(head)
            if page is not None:
                documented = self.anchors.get(head, f"{self.package}.{head}")
                if self.in_site:
                    return self._in_site(name, documented, name[len(head) :])
                anchor = documented + name[len(head) :]
                return ApiTarget(name, self.url_template.format(page=page, anchor=anchor))
        if self.any_name:
            return ApiTarget(name, self.url_template.format(page="", anchor=f"{self.package}.{name}"))
        if not self.in_site:
            return None
        found = self._documented_elsewhere(name)
        return self.published.resolve(name) if found is None and self.published is not None else found

    def _documented_elsewhere(self, name: str) -> ApiTarget | None:
        """`~state.DistributedType` where the site documents `utils.DistributedType`: the same object,
        found where both paths are defined (`object_paths.py`), as doc-builder finds it by identity."""
        documented = _by_definition(self.package, tuple(sorted(self.anchors.items())))
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            found = documented.get(defining_path(".".join([self.package, *parts[:end]])))
            if found is not None:
                return self._in_site(name, found, name[len(".".join(parts[:end])) :])
        # `upload_folder`, which huggingface_hub defines as `HfApi().upload_folder`: the member of a
        # documented class its whole name is defined as.
        defined = defining_path(f"{self.package}.{name}").split(".")
        for end in range(len(defined) - 1, 1, -1):
            found = documented.get(".".join(defined[:end]))
            if found is not None:
                return self._in_site(name, found, "." + ".".join(defined[end:]))
        return None

    def _in_site(self, name: str, documented: str, member: str) -> ApiTarget | None:
        """The link to `documented` (a documented path), or to its `member` (`.merge_and_unload`) where a
        page of the site shows that member (`member_links.py`); None where none does."""
        if member:
            home = member_home(documented, member[1:], self._listed, self._documented_as)
            if home is None:
                return None
            documented = home
        anchor = documented + member
        page = self.objects[next(n for n, a in self.anchors.items() if a == documented)]
        return ApiTarget(name, f"{page}.md#{anchor}", page, anchor)

    def _listed(self, documented: str) -> tuple[str, ...]:
        return self.members.get(documented, ())

    def _documented_as(self, path: str) -> str | None:
        return _by_definition(self.package, tuple(sorted(self.anchors.items()))).get(defining_path(path))

    def importable(self, name: str = "") -> bool:
        """Whether the package (`name`'s, when given) is installed, so names can be checked against it."""
        return _package_importable(self.owner(name).package)

    def exists(self, name: str) -> bool:
        """Whether `package.name` imports (`installed_packages.imported_object`: its longest prefix that
        is a module, then attributes)."""
        if (owner := self.owner(name)) is not self:
            return owner.exists(name)
        dotted = self.qualified(name)
        if not self.check_members:
            head = dotted.split(".")[0]
            return _exports(self.package, head) or _is_submodule(self.package, head)
        return _object_exists(self.package, dotted)

    def preload(self, names: Iterable[str] = ()) -> None:
        """Make the names answerable now, e.g. once before forking a process per language: the names
        the package's files declare are read (`lazy_exports.py`: no import), and the package is imported
        to list its names only when one of the objects this inventory resolves, or of `names` (the
        tree's `[[autodoc]]` objects), is not among them."""
        if not self.importable():
            return
        asked = {
            self.qualified(name).split(".")[0] for name in [*self.objects, *names] if self.owner(name) is self
        }
        if not all(declared_export(self.package, head) for head in asked):
            _exports(self.package, "")

    def without_member_checks(self) -> ApiInventory:
        others = {package: other.without_member_checks() for package, other in self.others.items()}
        return replace(self, check_members=False, others=others)


def default_inventory() -> ApiInventory:
    """The inventory of the Transformers API reference on huggingface.co."""
    return ApiInventory(_TRANSFORMERS_URL, dict(_TRANSFORMERS_OBJECTS), "transformers")


@cache
def _by_definition(package: str, anchors: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each documented object's anchor by the path where it is defined (the first page's, as names)."""
    found: dict[str, str] = {}
    for _, anchor in anchors:
        found.setdefault(defining_path(anchor), anchor)
    return found


@cache
def _package_importable(package: str) -> bool:
    return is_installed(package)


@cache
def _unlisted_inventory(package: str) -> ApiInventory:
    return ApiInventory("", {}, package).without_member_checks()


def _another_package(package: str, name: str) -> bool:
    """Whether the dotted `name` starts with a package other than `package` and its modules: a Hugging
    Face library, whose links doc-builder sends to that library's reference, installed or not
    (`[`~trl.SFTTrainer`]` in peft's pages), or another installed package that `package` does not export
    under that name. doc-builder looks any other name up in the package first (`find_object_in_package`):
    huggingface_hub's `[[autodoc]] logging.get_verbosity` is `huggingface_hub.logging`'s, not the standard
    library's `logging`'s. Where `package` is not installed, what it exports is unknown: such a name is
    its own too (lighteval's `[[autodoc]] logging.evaluation_tracker.EvaluationTracker`, lighteval not
    installed, was "`logging...` cannot be imported, install logging" instead of "lighteval is not
    installed")."""
    head, dot, _ = name.partition(".")
    if not dot or head == package or _is_submodule(package, head):
        return False
    if head in _HUGGING_FACE_LIBRARIES:
        return True
    return _package_importable(head) and _package_importable(package) and not _exports(package, head)


@cache
def _is_submodule(package: str, name: str) -> bool:
    """`peft.functional`: a module of the package that its `__init__.py` does not import; found in the
    package's folders, the package not imported (`submodule_spec`), so a light build's answer is its
    files' too."""
    if not name or not _package_importable(package):
        return False
    return submodule_spec(package, name) is not None


def _exports(package: str, name: str) -> bool:
    """Whether `package` exports `name`: declared in its files (transformers', read without importing
    it), else in the names importing it lists."""
    return declared_export(package, name) or name in _exported_names(package)


@cache
def _exported_names(package: str) -> frozenset[str]:
    """The names a package exports, remembered on disk under what its files are (importing costs seconds):
    its version, and each module's size and change time, so a package edited in place (an editable
    install, a folder on the path no distribution installed) is asked again."""
    store, key = CacheStore(cache_dir("api"), _NAMES_FORMAT), f"{package}-{installed_sources(package)}"
    remembered = store.read(key, partial(load, list[str]))
    if remembered is not None:
        return frozenset(remembered)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            module = importlib.import_module(package)
        # Its heavy dependencies are not installed (a light build: `pip install --no-deps`): the names
        # are read from its files, as griffe reads its objects; not remembered, an import may work later.
        except ImportError:
            return static_exports(package)
    names = _listed_names(module)
    with contextlib.suppress(OSError):
        store.write(key, sorted(names))
    return names


def _listed_names(module: ModuleType) -> frozenset[str]:
    """`dir(module)`. A lazy module (transformers) lists every export there without importing it, but its
    `__dir__` adds each of its `__all__` (7,000 names) to a list after checking that the list lacks it:
    0.47 s. The same set is its attributes and its `__all__`."""
    lazy = type(module)
    if lazy.__name__ == "_LazyModule" and lazy.__module__ == "transformers.utils.import_utils":
        return frozenset(vars(module)) | frozenset(getattr(module, "__all__", ()))
    return frozenset(dir(module))


@cache
def _object_exists(package: str, dotted: str) -> bool:
    return imported_object(f"{package}.{dotted}") is not None
