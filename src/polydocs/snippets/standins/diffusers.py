"""Which diffusers pipeline family a Hub id stands for: the registry of families polydocs makes stand-ins
for (tiny components built by `diffusers_build.py`), read without importing torch or diffusers.

A page's diffusers load (`DiffusionPipeline.from_pretrained("org/name")`, `AutoencoderKL.from_pretrained`,
a scheduler's `from_pretrained(..., subfolder="scheduler")`) names a repository laid out as diffusers saves
a pipeline: `model_index.json` and one folder per component. The family decides the components: words of
the id name it first (`stabilityai/stable-diffusion-3-medium-diffusers` -> sd3), then the pipeline class
the page calls (`StableDiffusionXLPipeline.from_pretrained("acme/fine-tune")` -> sdxl). An id and class
that name none get the default family, and the outcome says so ("stand-in family guessed"): the page
then runs on an SD 1.x pipeline, which may not be what the repository holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Bump when a diffusers stand-in's files change shape, so cached repositories are rebuilt.
# 2: ControlNets get their fp16 variant; DDPM repositories hold their UNet and scheduler at the top.
# 3: the family and the top-level components are part of the cache key (`repository_shape`).
DIFFUSERS_BUILDER_VERSION = "3"
DEFAULT_FAMILY = "sd"
GUESSED = "stand-in family guessed"


@dataclass(frozen=True)
class Family:
    """A pipeline family: its pipeline class, and the words of pipeline classes and ids that name it."""

    name: str
    pipeline_class: str  # what `DiffusionPipeline.from_pretrained` reads in model_index.json
    class_words: tuple[str, ...]  # parts of a pipeline class name (`StableDiffusionXL`), checked in order
    id_pattern: str  # a regular expression on the lower-cased id
    described: str


FAMILIES = (
    Family("flux", "FluxPipeline", ("Flux",), r"flux", "Flux (a transformer, CLIP and T5 encoders)"),
    Family(
        "sd3",
        "StableDiffusion3Pipeline",
        ("StableDiffusion3",),
        r"stable-diffusion-3|\bsd3",
        "Stable Diffusion 3 (a transformer, two CLIP and a T5 encoder)",
    ),
    Family(
        "sdxl",
        "StableDiffusionXLPipeline",
        ("StableDiffusionXL", "XL"),
        r"xl(?![a-z])|\bsdxl|\bxl|ssd-1b|playground-v2",
        "Stable Diffusion XL (a UNet, two CLIP encoders)",
    ),
    Family(
        "sd",
        "StableDiffusionPipeline",
        ("StableDiffusion", "LatentConsistency"),
        r"stable-diffusion|\bsd[-_]?(?:v?1|v?2|turbo)|sd15|sd21|\bsd-|runwayml|compvis",
        "Stable Diffusion 1.x/2.x (a UNet, a CLIP encoder)",
    ),
    Family("ddpm", "DDPMPipeline", ("DDPM", "DDIM"), r"ddpm", "DDPM (an unconditional UNet)"),
    Family(
        "qwen-image",
        "QwenImagePipeline",
        ("QwenImagePipeline", "QwenImageImg2Img", "QwenImageInpaint"),
        r"qwen-image(?!-(?:edit|layered))",
        "Qwen-Image (a transformer, a Qwen2.5-VL encoder)",
    ),
)

# Families polydocs knows but makes no stand-in for (yet): their pages are blocked with this reason rather
# than run on a pipeline of another shape.
UNSUPPORTED = {
    r"kandinsky": "Kandinsky",
    r"stable-video-diffusion|img2vid|\bsvd": "Stable Video Diffusion",
    r"animatediff|animatelcm": "AnimateDiff",
    r"i2vgen|zeroscope|text-to-video|modelscope": "text-to-video",
    r"\bwan\b|wan2|wan-ai": "Wan",
    r"ltx": "LTX-Video",
    r"hunyuan": "HunyuanVideo",
    r"cogvideo|cogview": "CogVideoX",
    r"pixart": "PixArt",
    r"sana": "Sana",
    r"kolors": "Kolors",
    r"audioldm|musicldm|stable-audio": "audio",
    r"deepfloyd|\bif-i": "DeepFloyd IF",
    r"wuerstchen|stable-cascade": "Würstchen",
    r"lumina": "Lumina",
    r"auraflow": "AuraFlow",
    r"shap-e": "Shap-E",
    r"qwen-image-(?:edit|layered)|qwenimage(?:edit|layered|controlnet)": "Qwen-Image editing",
    r"hidream": "HiDream",
    r"chroma": "Chroma",
    r"cosmos": "Cosmos",
}

# Class names read by their ends, not by patterns: a `\w*` before a literal is tried again at every
# position of a long word (tests/test_pattern_growth.py).
_WORD = re.compile(r"\w+")
_COMPONENT_NAMES = frozenset({"VQModel", "T2IAdapter", "MultiAdapter"})


def names_a_diffusers_pipeline(loader: str) -> bool:
    """`DiffusionPipeline`, `StableDiffusionXLPipeline`, `AutoPipelineForInpainting`; not transformers'
    `pipeline` function."""
    if not _WORD.fullmatch(loader):
        return False
    return loader.endswith("Pipeline") or loader.partition("PipelineFor")[2] != ""


def names_a_diffusers_component(loader: str) -> bool:
    """A diffusers model or scheduler class loaded by itself (`AutoencoderKL`, `EulerDiscreteScheduler`)."""
    if not _WORD.fullmatch(loader):
        return False
    return (
        loader in _COMPONENT_NAMES
        or loader.startswith("Autoencoder")
        or (loader.startswith(("UNet", "ControlNet")) and loader.endswith("Model") and len(loader) >= 9)
        or loader.endswith(("Transformer2DModel", "Transformer3DModel"))
        or (loader.endswith("Scheduler") and len(loader) > len("Scheduler"))
    )


def family_by_id(hub_id: str) -> Family | None:
    lowered = hub_id.lower()
    return next((f for f in FAMILIES if re.search(f.id_pattern, lowered)), None)


def unsupported_family(hub_id: str, loaders: tuple[str, ...]) -> str:
    """The name of a known family without stand-ins that the id or a pipeline class names, else ""."""
    text = " ".join((hub_id, *loaders)).lower()
    return next((name for pattern, name in UNSUPPORTED.items() if re.search(pattern, text)), "")


# Ids that can only be pipeline repositories, whatever class loads them (`gpt2-xl` or `t5-xl` are not).
_PIPELINE_REPOSITORY = re.compile(r"stable-diffusion|\bsdxl\b|flux\.1|\bddpm\b")


def is_diffusers_repository(hub_id: str, loaders: tuple[str, ...]) -> bool:
    """Whether a load reads a diffusers repository: a diffusers class loads it, or its id can only name a
    pipeline (then `CLIPTextModel.from_pretrained(id, subfolder="text_encoder")` reads its folder)."""
    diffusers_class = any(names_a_diffusers_pipeline(x) or names_a_diffusers_component(x) for x in loaders)
    named = bool(_PIPELINE_REPOSITORY.search(hub_id.lower())) and "pipeline" not in loaders
    return bool(hub_id) and (diffusers_class or named)


def family_of(hub_id: str, loaders: tuple[str, ...]) -> tuple[Family, str, bool]:
    """The family of a repository, how it was found (a sentence; starts with `GUESSED` for the default),
    and whether the pipeline class the page calls named it.

    The id first: `StableDiffusionXLPipeline.from_pretrained("stable-diffusion-v1-5/...")` is the page's
    mistake, and an SD 1.x stand-in lets diffusers say so instead of passing on an SDXL one."""
    found = family_by_id(hub_id)
    if found is not None:
        return found, f"its id names the family ({found.described})", False
    for loader in loaders:
        if not names_a_diffusers_pipeline(loader):
            continue
        for family in FAMILIES:
            if any(word in loader for word in family.class_words):
                return family, f"the page loads it with {loader} ({family.described})", True
    default = next(f for f in FAMILIES if f.name == DEFAULT_FAMILY)
    return (
        default,
        (
            f"{GUESSED}: neither {hub_id!r} nor the class the page loads it with names a pipeline family, so"
            f" {default.described} stands in, and a pass says only that the page runs on such a pipeline"
        ),
        False,
    )


# What diffusers' `AutoModel` loads from the top of a repository that no pipeline class loads: the
# component its id names (`madebyollin/sdxl-vae-fp16-fix` is a VAE's repository, config.json at its top).
_NAMED_COMPONENTS = (
    (re.compile(r"(?<![a-z])vae(?![a-z])"), "AutoencoderKL"),
    (re.compile(r"controlnet"), "ControlNetModel"),
    (re.compile(r"(?<![a-z])unet(?![a-z])"), "UNet2DConditionModel"),
)


def top_level_components(family: Family, loaders: tuple[str, ...], hub_id: str = "") -> tuple[str, ...]:
    """The component classes a repository holds at its top: those the page loads it with when it loads no
    pipeline from it (a VAE's or ControlNet's own repository; for diffusers' `AutoModel`, the component
    the id names), and a DDPM repository's UNet and scheduler."""
    if family.name == "ddpm":
        return tuple(
            dict.fromkeys((*filter(names_a_diffusers_component, loaders), "UNet2DModel", "DDPMScheduler"))
        )
    if any(map(names_a_diffusers_pipeline, loaders)):
        return ()
    named = [
        cls for pattern, cls in _NAMED_COMPONENTS if "AutoModel" in loaders and pattern.search(hub_id.lower())
    ]
    return tuple(dict.fromkeys([*filter(names_a_diffusers_component, loaders), *named[:1]]))


def repository_shape(hub_id: str, loaders: tuple[str, ...]) -> str:
    """What a repository's stand-in holds, as the loads decide it: its family and top-level components. Part
    of its cache key and revision, so two pages that load one id differently never share a wrong one."""
    family = family_of(hub_id, loaders)[0]
    top = top_level_components(family, loaders, hub_id)
    return ":".join((DIFFUSERS_BUILDER_VERSION, family.name, *sorted(top)))
