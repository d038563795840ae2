"""Build dataset stand-ins: `python -m polydocs.snippets.standins.datasets_build REQUESTS CACHE OUT`.

For each request (a dataset name as the page writes it, a configuration and its spec): generated rows
with the configuration's real features, written as Parquet and prepared by the datasets library's own
Parquet builder into a temporary folder, then moved to where `load_dataset(name, config)` looks for a
prepared dataset offline, which the library's cache builder names
(`CACHE/<namespace>___<name>/<config>/<version>/<revision>/`). Each outcome (the folder, or why not; a
`DatasetOutcome`) goes to OUT.json.
"""

from __future__ import annotations

import io
import json
import math
import shutil
import sys
import tempfile
import wave
from dataclasses import asdict
from pathlib import Path
from typing import Any

from polydocs.snippets.standins.datasets import DatasetOutcome, DatasetRequest
from polydocs.typed_json import load

_WORDS = (
    "the model reads a short sentence about cats and dogs while the tokenizer splits every word into"
    " pieces so that training on this small generated text runs quickly on any machine today"
).split()
_MEDIA_ROWS, _TEXT_ROWS = 64, 1000


def build_all(requests: list[DatasetRequest], cache: Path) -> dict[str, DatasetOutcome]:
    try:
        from datasets.utils.logging import disable_progress_bar, set_verbosity_error
    except ModuleNotFoundError as missing:  # the checker's environment lacks datasets (or what it needs)
        return {r.key: DatasetOutcome(missing_module=missing.name or "datasets") for r in requests}
    disable_progress_bar()
    set_verbosity_error()
    outcomes = {}
    for request in requests:
        try:
            outcomes[request.key] = DatasetOutcome(folder=_build_one(request, cache))
        except Exception as error:  # a spec the library rejects must not cost the session's other datasets
            raised = f"building it raised {type(error).__name__}: {str(error)[:200]}"
            outcomes[request.key] = DatasetOutcome(problem=raised)
    return outcomes


def _build_one(request: DatasetRequest, cache: Path) -> str:
    """Prepare the dataset; the folder it now lies in, relative to `cache`."""
    from datasets import Features
    from datasets.packaged_modules.parquet.parquet import Parquet

    spec, config = request.spec, request.config
    features = Features._from_yaml_list(spec["features"])
    rows = int(spec.get("rows") or (_TEXT_ROWS if _text_only(features) else _MEDIA_ROWS))
    with tempfile.TemporaryDirectory(prefix="polydocs-dataset-", dir=cache) as temp:
        files = {}
        for split in spec["splits"]:
            path = Path(temp) / f"{split}.parquet"
            _write_parquet(path, features, rows)
            files[split] = [str(path)]
        builder = Parquet(
            cache_dir=str(Path(temp) / "prepared"),
            dataset_name=request.name.split("/")[-1],
            config_name=config,
            config_id=config,
            data_files=files,
            features=features,
            hash=request.revision,
        )
        builder.download_and_prepare()
        final = _where_load_dataset_looks(request, cache, str(builder.config.version))
        final.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(final, ignore_errors=True)
        Path(builder.cache_dir).rename(final)
    return final.relative_to(cache).as_posix()


def _where_load_dataset_looks(request: DatasetRequest, cache: Path, version: str) -> Path:
    """The folder offline `load_dataset(name, config)` reads: its cache builder's, made as `load_dataset`
    makes it (`repo_id` and `dataset_name` as its cached-module factory passes them), so the naming rules
    (`org___name`, snake case) stay the library's."""
    from datasets.packaged_modules.cache.cache import Cache

    reader = Cache(
        cache_dir=str(cache),
        repo_id=request.name,
        dataset_name=request.name.split("/")[-1],
        config_name=request.config,
        version=version,
        hash=request.revision,
    )
    return Path(reader.cache_dir)


def _write_parquet(path: Path, features: Any, rows: int) -> None:
    """The generated rows as Parquet with the features in its metadata. Audio columns are written as the
    bytes of WAV files, already in the feature's storage form: the library's encoder would need
    torchcodec, which decoding needs anyway (a page that decodes audio without it is blocked on that)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from datasets import Audio, Dataset, Features

    columns = _columns(features, rows)
    audio = {name for name, feature in features.items() if isinstance(feature, Audio)}
    others = Features({name: f for name, f in features.items() if name not in audio})
    table = Dataset.from_dict({n: columns[n] for n in others}, features=others).data.table
    for name in audio:
        table = table.append_column(name, pa.array(columns[name], type=features[name].pa_type))
    table = table.select(list(features)).replace_schema_metadata(features.arrow_schema.metadata)
    pq.write_table(table, path)


def _text_only(features: Any) -> bool:
    return not any(kind in repr(features) for kind in ("Image(", "Audio(", "Video("))


def _columns(features: Any, rows: int) -> dict[str, list[Any]]:
    """`rows` values of every feature; in one row, every list has the same length (tokens and their tags)."""
    return {name: [_value(feature, row, name) for row in range(rows)] for name, feature in features.items()}


def _value(feature: Any, row: int, name: str) -> Any:
    from datasets import Audio, ClassLabel, Image, LargeList, List, Sequence, Value

    if isinstance(feature, ClassLabel):
        return row % feature.num_classes
    if isinstance(feature, Value):
        return _scalar(feature.dtype, row, name)
    if isinstance(feature, Image):
        return {"bytes": _image(row), "path": f"{name}-{row}.png"}
    if isinstance(feature, Audio):
        return {"bytes": _wav(row, feature.sampling_rate or 16000), "path": f"{name}-{row}.wav"}
    if isinstance(feature, dict):
        return {key: _value(inner, row, key) for key, inner in feature.items()}
    if isinstance(feature, Sequence | List | LargeList):
        inner = feature.feature
        length = 4 + row % 9
        if isinstance(inner, dict):  # a sequence of a struct: a struct of lists
            return {key: [_value(f, row * 31 + i, key) for i in range(length)] for key, f in inner.items()}
        return [_value(inner, row * 31 + i, name) for i in range(length)]
    raise ValueError(f"no generated values for the feature {feature!r}")


def _scalar(dtype: str, row: int, name: str) -> Any:
    if dtype in ("string", "large_string"):
        if name in ("id", "path", "file") or name.endswith(("-id", "_id")):
            return f"{name}-{row}"
        words = [_WORDS[(row * 7 + i * 3) % len(_WORDS)] for i in range(6 + row % 17)]
        return " ".join(words).capitalize() + "."
    if dtype == "bool":
        return row % 2 == 0
    if dtype.startswith(("int", "uint")):
        return row % 100
    if dtype.startswith("float"):
        return (row % 100) / 10
    raise ValueError(f"no generated values for dtype {dtype}")


def _image(row: int) -> bytes:
    from PIL import Image

    image = Image.new("RGB", (96, 96))
    image.putdata(
        [((x * 2 + row * 5) % 256, (y * 2) % 256, (row * 37) % 256) for y in range(96) for x in range(96)]
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _wav(row: int, sampling_rate: int) -> bytes:
    """One second of a tone (its pitch depends on the row), 16-bit mono."""
    frequency = 220 + 20 * (row % 12)
    samples = bytearray()
    for i in range(sampling_rate):
        value = int(8000 * math.sin(2 * math.pi * frequency * i / sampling_rate))
        samples += value.to_bytes(2, "little", signed=True)
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(sampling_rate)
        file.writeframes(bytes(samples))
    return out.getvalue()


def main(argv: list[str]) -> int:
    request_file, cache, out = Path(argv[0]), Path(argv[1]), Path(argv[2])
    requests = [load(DatasetRequest, item) for item in json.loads(request_file.read_text())]
    outcomes = build_all(requests, cache)
    out.write_text(json.dumps({key: asdict(outcome) for key, outcome in outcomes.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
