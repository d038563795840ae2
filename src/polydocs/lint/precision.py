"""How well the secret scan separates credentials from the hex and base64 strings documentation is full of.

Recall is measured on planted tokens of every format the scan must know, generated here at run time from
pieces (no literal in this repository looks like a credential, so its own scan stays clean); precision on
decoys of the kinds real trees hold, and on the real corpora (`scripts/lint_precision.py`).
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass
from pathlib import Path

from polydocs.lint.secrets.kept_findings import secrets_in_files

_HEX = "0123456789abcdef"
_BASE64 = string.ascii_letters + string.digits + "+/"
_URLSAFE = string.ascii_letters + string.digits + "-_"


@dataclass(frozen=True)
class Sample:
    """One line of a page: a planted credential (`secret`) or a decoy that must not be reported."""

    kind: str
    line: str
    secret: bool


def _jwt(pick: random.Random) -> str:
    parts = [{"alg": "HS256", "typ": "JWT"}, {"sub": str(pick.randrange(10**9)), "name": "Ada"}]
    encoded = [base64.urlsafe_b64encode(json.dumps(part).encode()).decode().rstrip("=") for part in parts]
    return ".".join([*encoded, _random(pick, _URLSAFE, 43)])


def _random(pick: random.Random, alphabet: str, length: int) -> str:
    return "".join(pick.choice(alphabet) for _ in range(length))


def planted_secrets(seed: int = 2026) -> list[Sample]:
    """Fake credentials in their real formats, each as a page would show it."""
    pick = random.Random(seed)
    upper = string.ascii_uppercase + string.digits
    begin, end = "-----BEGIN ", " PRIVATE KEY-----"
    return [
        Sample("Hugging Face token", f'login(token="hf_{_random(pick, string.ascii_letters, 34)}")', True),
        Sample(
            "Hugging Face token in a call",
            f'AutoModel.from_pretrained("org/model", token="hf_{_random(pick, string.ascii_letters, 34)}")',
            True,
        ),
        Sample("Hugging Face org token", f"api_org_{_random(pick, string.ascii_letters, 34)}", True),
        Sample("AWS access key id", f"aws_access_key_id = {'AK' + 'IA'}{_random(pick, upper, 16)}", True),
        Sample("AWS secret key", f'aws_secret_access_key = "{_random(pick, _BASE64, 40)}"', True),
        Sample("Google API key", f'GOOGLE_API_KEY = "{"AI" + "za"}{_random(pick, _URLSAFE, 35)}"', True),
        Sample(
            "Azure storage key",
            f"AccountName=docs;{'Account' + 'Key'}={_random(pick, _BASE64, 86)}==;EndpointSuffix=core",
            True,
        ),
        Sample("private key", f"{begin}RSA{end}", True),
        Sample("GCP service account key", f'  "private_key": "{begin[:-1]}{end}\\nMIIEv"', True),
        Sample("JWT", f"Authorization: Bearer {_jwt(pick)}", True),
        Sample(
            "token assignment",
            f'HF_TOKEN = "{_random(pick, string.ascii_letters + string.digits, 40)}"',
            True,
        ),
        Sample("api key argument", f'client = Client(api_key="{_random(pick, _BASE64, 48)}")', True),
        Sample(
            "password",
            f'password = "{_random(pick, string.ascii_letters, 12)}{pick.randrange(100, 999)}!"',
            True,
        ),
        Sample("hex secret", f'SECRET_KEY = "{_random(pick, _HEX, 40)}"', True),
    ]


def decoys(seed: int = 2026) -> list[Sample]:
    """Strings real trees show that are not credentials (the false positives of the entropy plugins)."""
    pick = random.Random(seed + 1)
    sha, sha256, object_id = _random(pick, _HEX, 40), _random(pick, _HEX, 64), _random(pick, _HEX, 24)
    return [
        Sample("revision pin", f'model = AutoModel.from_pretrained("org/model", revision="{sha}")', False),
        Sample("commit hash variable", f'commit_hash = "{sha}"', False),
        Sample("commit URL", f'see "https://github.com/huggingface/transformers/commit/{sha}"', False),
        Sample("@sha pin", f'pip install "git+https://github.com/huggingface/peft@{sha}"', False),
        Sample("sha256 in an output", f'  "sha256": "{sha256}",', False),
        Sample("dataset example id", f" 'id': '{object_id}',", False),
        Sample(
            "Hub repository id", '    "BlackSamorez/Mixtral-8x7b-AQLM-2Bit-1x16-hf-test-dispatch",', False
        ),
        Sample("model argument", '    model="HuggingFaceTB/SmolLM2-360M-Instruct",', False),
        Sample(
            "placeholder key", '    api_key="sk-no-key-required",  # the server needs a placeholder', False
        ),
        Sample("placeholder token", 'login(token="your_token_here")', False),
    ]


@dataclass(frozen=True)
class ScanScore:
    """Which planted secrets the scan found and which decoys it reported."""

    found: list[Sample]
    missed: list[Sample]
    false_positives: list[Sample]


def score_scan(folder: Path) -> ScanScore:
    """Write every sample on a page of its own line (in a Python block, where pages show code), scan it."""
    samples = planted_secrets() + decoys()
    page = folder / "planted.md"
    lines = ["# Planted samples", "", "```py", *(sample.line for sample in samples), "```", ""]
    page.write_text("\n".join(lines), encoding="utf-8")
    reported = {secret.line for secret in secrets_in_files([page], None)[page]}
    at = {sample: index + 4 for index, sample in enumerate(samples)}
    return ScanScore(
        found=[s for s in samples if s.secret and at[s] in reported],
        missed=[s for s in samples if s.secret and at[s] not in reported],
        false_positives=[s for s in samples if not s.secret and at[s] in reported],
    )
