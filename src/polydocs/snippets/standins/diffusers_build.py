"""Build a diffusers repository stand-in: a tiny pipeline of the family the id names, saved as diffusers
saves one (`model_index.json`, one folder per component, fp32 weights and the `fp16` variant).

Runs in the stand-in builder's subprocess (`build.py` sends it every request that reads a
diffusers repository). Every component is built here from a configuration, random weights, and CLIP/T5
tokenizers made locally like the transformers stand-ins' (`files.save_tokenizer`). The VAEs
downsample by 8 like the real ones, so a page's `height=1024` makes a 128x128 latent, not a 512x512 one.
The pipeline is loaded back through `DiffusionPipeline.from_pretrained` and makes one 64x64 image in two
steps before the folder is renamed into place. A repository loaded only through a component class
(`AutoencoderKL.from_pretrained("stabilityai/sd-vae-ft-mse")`, `ControlNetModel.from_pretrained(...)`)
also holds that component at its top, as such repositories do.
"""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path
from typing import Any

from polydocs.snippets.standins.diffusers import (
    Family,
    family_of,
    repository_shape,
    top_level_components,
    unsupported_family,
)
from polydocs.snippets.standins.files import save_tokenizer
from polydocs.snippets.standins.models import Outcome, StandInRequest, snapshot_dir

_SCHEDULER_BETAS = dict(beta_start=0.00085, beta_end=0.012, beta_schedule="scaled_linear")
# Component classes a repository of their own holds at its top, and the pipeline folder they come from.
_TOP_LEVEL = (("Autoencoder", "vae"), ("VQModel", "vae"), ("UNet", "unet"), ("Transformer", "transformer"))


class CannotBuildPipeline(Exception):
    """Why a diffusers stand-in cannot be made (shown to the page's author as the block's reason)."""


def build_diffusers(request: StandInRequest, profile: str, hf_home: Path) -> Outcome:
    """The stand-in of one diffusers repository, built into `hf_home` unless it is there already."""
    hub_id, loaders = request.hub_id, request.loaders
    family, derived_from, by_class = family_of(hub_id, loaders)
    unsupported = unsupported_family(hub_id, loaders)
    if unsupported and not by_class:  # a known family of another shape: blocked, not run on a wrong one
        return Outcome(hub_id, f"polydocs makes no stand-in for {unsupported} pipelines yet")
    try:
        import diffusers
    except ImportError:
        return Outcome(hub_id, "module diffusers is not installed (the `check` extra installs it)")
    snapshot = diffusers_snapshot(hf_home, hub_id, loaders, profile)
    if not (snapshot / "model_index.json").exists():
        try:
            _make(diffusers, snapshot, family, hub_id, loaders)
        except CannotBuildPipeline as cannot:
            return Outcome(hub_id, str(cannot))
    refs = snapshot.parents[1] / "refs"
    refs.mkdir(exist_ok=True)
    (refs / "main").write_text(snapshot.name)
    return Outcome(hub_id, "", derived_from)


def diffusers_snapshot(hf_home: Path, hub_id: str, loaders: tuple[str, ...], profile: str) -> Path:
    return snapshot_dir(hf_home, hub_id, f"{profile}:diffusers:{repository_shape(hub_id, loaders)}")


def _make(diffusers: Any, snapshot: Path, family: Family, hub_id: str, loaders: tuple[str, ...]) -> None:
    import torch

    partial = snapshot.with_name(snapshot.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    torch.manual_seed(0)
    components = _COMPONENTS[family.name](diffusers, partial)
    pipeline = getattr(diffusers, family.pipeline_class)(**components)
    # The fp16 variant first: each save rewrites the configs, and the last one's dtype loads by default.
    pipeline.to(torch.float16).save_pretrained(partial, safe_serialization=True, variant="fp16")
    pipeline.to(torch.float32).save_pretrained(partial, safe_serialization=True)
    _save_top_level(diffusers, partial, top_level_components(family, loaders, hub_id), components)
    _check(diffusers, partial)
    note = {"note": "random weights, built by polydocs", "family": family.name}
    (partial / "polydocs-stand-in.json").write_text(json.dumps(note))
    shutil.rmtree(snapshot, ignore_errors=True)
    partial.rename(snapshot)


def _save_top_level(diffusers: Any, folder: Path, loaders: tuple[str, ...], components: dict) -> None:
    """Component classes at the repository's top: the first model class (one `config.json`) and a
    scheduler's configuration."""
    import torch

    model_saved = False
    for loader in loaders:
        scheduler = loader.endswith("Scheduler")
        if model_saved and not scheduler:
            continue
        if loader == "ControlNetModel":
            if "unet" not in components:
                raise CannotBuildPipeline("a ControlNet stand-in is made for UNet families (SD, SDXL) only")
            controlnet = diffusers.ControlNetModel.from_unet(
                components["unet"], conditioning_embedding_out_channels=(4, 4, 4, 4)
            )
            controlnet.to(torch.float16).save_pretrained(folder, variant="fp16")
            controlnet.to(torch.float32).save_pretrained(folder)
            model_saved = True
            continue
        subfolder = (
            "scheduler" if scheduler else next((sub for word, sub in _TOP_LEVEL if word in loader), "")
        )
        if not subfolder or not (folder / subfolder).is_dir():
            raise CannotBuildPipeline(f"no stand-in for a {loader} repository")
        for file in (folder / subfolder).iterdir():
            shutil.copy(file, folder / file.name)
        model_saved = model_saved or not scheduler


def _check(diffusers: Any, folder: Path) -> None:
    """Load the folder through the real `from_pretrained` and make one small image."""
    import torch

    pipeline = diffusers.DiffusionPipeline.from_pretrained(folder)
    pipeline.set_progress_bar_config(disable=True)
    arguments: dict[str, Any] = {"num_inference_steps": 2, "output_type": "pil"}
    if "prompt" in inspect.signature(pipeline.__call__).parameters:
        arguments.update(prompt="a photo", height=64, width=64)
    with torch.no_grad():
        try:
            pipeline(**arguments)
        except Exception as error:  # whatever the family's pipeline raises: this stand-in is not served
            why = f"{type(error).__name__}: {str(error)[:200]}"
            raise CannotBuildPipeline(f"the tiny pipeline does not run: {why}") from None


def _clip(transformers: Any, folder: Path, name: str, with_projection: bool) -> tuple[Any, Any]:
    config = transformers.CLIPTextConfig(
        hidden_size=32,
        intermediate_size=37,
        num_attention_heads=4,
        num_hidden_layers=2,
        vocab_size=1000,
        max_position_embeddings=77,
        projection_dim=32,
        bos_token_id=0,  # inside the tiny vocabulary (CLIP's own are 49406 and 49407)
        eos_token_id=2,
        pad_token_id=1,
    )
    model_class = transformers.CLIPTextModelWithProjection if with_projection else transformers.CLIPTextModel
    return model_class(config), _tokenizer(transformers, folder / name, config, "clip", 77)


def _t5(transformers: Any, folder: Path, name: str) -> tuple[Any, Any]:
    config = transformers.T5Config(
        d_model=64,
        d_ff=37,
        d_kv=16,
        num_layers=2,
        num_heads=4,
        vocab_size=1000,
        relative_attention_num_buckets=8,
    )
    return transformers.T5EncoderModel(config), _tokenizer(transformers, folder / name, config, "t5", 512)


def _tokenizer(transformers: Any, folder: Path, config: Any, model_type: str, length: int) -> Any:
    folder.mkdir(parents=True, exist_ok=True)
    if not save_tokenizer(folder, config, model_type):
        raise CannotBuildPipeline(f"no {model_type} tokenizer could be made")
    tokenizer = transformers.AutoTokenizer.from_pretrained(folder)
    tokenizer.model_max_length = length  # the pipelines pad every prompt to it
    shutil.rmtree(folder)
    return tokenizer


def _vae(diffusers: Any, latent_channels: int = 4, flow: bool = False) -> Any:
    flow_settings = dict(use_quant_conv=False, use_post_quant_conv=False, shift_factor=0.0609) if flow else {}
    return diffusers.AutoencoderKL(
        in_channels=3,
        out_channels=3,
        down_block_types=["DownEncoderBlock2D"] * 4,
        up_block_types=["UpDecoderBlock2D"] * 4,
        block_out_channels=[8, 8, 8, 8],  # four blocks: latents are 8 times smaller, as in the real VAEs
        layers_per_block=1,
        latent_channels=latent_channels,
        norm_num_groups=4,
        sample_size=256,
        mid_block_add_attention=False,  # a 1024x1024 image's 16384 latent pixels would attend to each other
        **flow_settings,
    )


def _unet(diffusers: Any, cross_attention_dim: int, **extra: Any) -> Any:
    return diffusers.UNet2DConditionModel(
        sample_size=32,
        in_channels=4,
        out_channels=4,
        layers_per_block=1,
        block_out_channels=(8, 16),
        down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"),
        up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
        cross_attention_dim=cross_attention_dim,
        attention_head_dim=4,
        norm_num_groups=4,
        **extra,
    )


def _sd(diffusers: Any, folder: Path) -> dict[str, Any]:
    import transformers

    text_encoder, tokenizer = _clip(transformers, folder, "tokenizer", False)
    scheduler = diffusers.PNDMScheduler(skip_prk_steps=True, steps_offset=1, **_SCHEDULER_BETAS)
    return dict(
        unet=_unet(diffusers, 32),
        vae=_vae(diffusers),
        text_encoder=text_encoder,
        tokenizer=tokenizer,
        scheduler=scheduler,
        safety_checker=None,
        feature_extractor=None,
        requires_safety_checker=False,
    )


def _sdxl(diffusers: Any, folder: Path) -> dict[str, Any]:
    import transformers

    text_encoder, tokenizer = _clip(transformers, folder, "tokenizer", False)
    text_encoder_2, tokenizer_2 = _clip(transformers, folder, "tokenizer_2", True)
    # SDXL's UNet reads both encoders' hidden states (32 + 32) and six time ids beside the pooled text.
    unet = _unet(
        diffusers,
        64,
        use_linear_projection=True,
        addition_embed_type="text_time",
        addition_time_embed_dim=8,
        projection_class_embeddings_input_dim=6 * 8 + 32,
    )
    scheduler = diffusers.EulerDiscreteScheduler(
        steps_offset=1, timestep_spacing="leading", **_SCHEDULER_BETAS
    )
    return dict(
        unet=unet,
        vae=_vae(diffusers),
        text_encoder=text_encoder,
        text_encoder_2=text_encoder_2,
        tokenizer=tokenizer,
        tokenizer_2=tokenizer_2,
        scheduler=scheduler,
    )


def _sd3(diffusers: Any, folder: Path) -> dict[str, Any]:
    import transformers

    text_encoder, tokenizer = _clip(transformers, folder, "tokenizer", True)
    text_encoder_2, tokenizer_2 = _clip(transformers, folder, "tokenizer_2", True)
    text_encoder_3, tokenizer_3 = _t5(transformers, folder, "tokenizer_3")
    transformer = diffusers.SD3Transformer2DModel(
        sample_size=32,
        patch_size=2,
        in_channels=4,
        out_channels=4,
        num_layers=1,
        attention_head_dim=8,
        num_attention_heads=4,
        joint_attention_dim=64,  # the T5 encoder's width; the two CLIP encoders' (32 + 32) are padded to it
        caption_projection_dim=32,
        pooled_projection_dim=64,
    )
    return dict(
        transformer=transformer,
        vae=_vae(diffusers, flow=True),
        text_encoder=text_encoder,
        text_encoder_2=text_encoder_2,
        text_encoder_3=text_encoder_3,
        tokenizer=tokenizer,
        tokenizer_2=tokenizer_2,
        tokenizer_3=tokenizer_3,
        scheduler=diffusers.FlowMatchEulerDiscreteScheduler(shift=3.0),
    )


def _flux(diffusers: Any, folder: Path) -> dict[str, Any]:
    import transformers

    text_encoder, tokenizer = _clip(transformers, folder, "tokenizer", False)
    text_encoder_2, tokenizer_2 = _t5(transformers, folder, "tokenizer_2")
    transformer = diffusers.FluxTransformer2DModel(
        patch_size=1,
        in_channels=16,  # 4 latent channels, packed 2x2
        num_layers=1,
        num_single_layers=1,
        attention_head_dim=16,
        num_attention_heads=2,
        joint_attention_dim=64,
        pooled_projection_dim=32,
        axes_dims_rope=(4, 4, 8),
    )
    scheduler = diffusers.FlowMatchEulerDiscreteScheduler(
        shift=3.0,
        use_dynamic_shifting=True,
        base_shift=0.5,
        max_shift=1.15,
        base_image_seq_len=256,
        max_image_seq_len=4096,
    )
    return dict(
        transformer=transformer,
        vae=_vae(diffusers, flow=True),
        text_encoder=text_encoder,
        text_encoder_2=text_encoder_2,
        tokenizer=tokenizer,
        tokenizer_2=tokenizer_2,
        scheduler=scheduler,
    )


def _ddpm(diffusers: Any, folder: Path) -> dict[str, Any]:
    unet = diffusers.UNet2DModel(
        sample_size=32,
        in_channels=3,
        out_channels=3,
        layers_per_block=1,
        block_out_channels=(8, 16),
        down_block_types=("DownBlock2D", "AttnDownBlock2D"),
        up_block_types=("AttnUpBlock2D", "UpBlock2D"),
        norm_num_groups=4,
    )
    return dict(unet=unet, scheduler=diffusers.DDPMScheduler(num_train_timesteps=1000))


def _qwen_image(diffusers: Any, folder: Path) -> dict[str, Any]:
    import transformers

    # The text encoder is a vision-language model whose last hidden states condition the transformer
    # (joint_attention_dim is its width); the pipeline drops the first 34 tokens of its prompt template.
    specials = dict(bos_token_id=990, eos_token_id=991, pad_token_id=991)  # inside the tiny vocabulary
    text = dict(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=2)
    rope = {"mrope_section": [2, 2, 4], "rope_type": "default", "type": "default"}
    config = transformers.Qwen2_5_VLConfig(
        text_config=dict(text, num_key_value_heads=1, vocab_size=1000, rope_scaling=rope, **specials),
        vision_config=dict(depth=1, hidden_size=16, intermediate_size=16, num_heads=2, out_hidden_size=32),
        hidden_size=32,
        vocab_size=1000,
        image_token_id=996,
        video_token_id=995,
        vision_start_token_id=997,
        vision_end_token_id=998,
        vision_token_id=999,
        **specials,
    )
    transformer = diffusers.QwenImageTransformer2DModel(
        patch_size=2,
        in_channels=16,  # 4 latent channels, packed 2x2
        out_channels=4,
        num_layers=1,
        attention_head_dim=16,
        num_attention_heads=2,
        joint_attention_dim=32,
        guidance_embeds=False,
        axes_dims_rope=(8, 4, 4),
    )
    # Three temporal downsamplings: latents 8 times smaller, as in the real VAE.
    vae = diffusers.AutoencoderKLQwenImage(
        base_dim=8,
        z_dim=4,
        dim_mult=[1, 1, 1, 1],
        num_res_blocks=1,
        temperal_downsample=[False, True, True],
        latents_mean=[0.0] * 4,
        latents_std=[1.0] * 4,
    )
    return dict(
        transformer=transformer,
        vae=vae,
        text_encoder=transformers.Qwen2_5_VLForConditionalGeneration(config).eval(),
        tokenizer=_tokenizer(transformers, folder / "tokenizer", config, "qwen2_5_vl", 1024),
        scheduler=diffusers.FlowMatchEulerDiscreteScheduler(),
    )


_COMPONENTS = {
    "sd": _sd,
    "sdxl": _sdxl,
    "sd3": _sd3,
    "flux": _flux,
    "ddpm": _ddpm,
    "qwen-image": _qwen_image,
}
