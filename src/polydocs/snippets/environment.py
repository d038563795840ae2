"""The environment a page session runs with: an allowlist of the checker's, never its tokens or keys.

A page that needs a variable asks for it with an `env=` directive (see directives.py): `env=NAME=value`
sets a literal value; `env=NAME` takes the checker's value, but only when the person running the check
lists NAME in `POLYDOCS_PASS_ENV`, because pages come from untrusted pull requests and a variable a page
can read it can print into the CI log.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PASS_ENV_VARIABLE = "POLYDOCS_PASS_ENV"
NAME_PATTERN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Copied from the checker when set: how to find programs and libraries, language and thread settings.
INHERITED = (
    "PATH",
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "LD_LIBRARY_PATH",
    "CUDA_HOME",
    "CUDA_DEVICE_ORDER",
    "PYTORCH_CUDA_ALLOC_CONF",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TORCHINDUCTOR_COMPILE_THREADS",
    "TORCHINDUCTOR_VEC_ISA_OK",
)
INHERITED_PREFIXES = ("LC_",)

# Set by the checker itself; a page's `env=` may not replace them (the stand-ins and the sandbox need them).
CHECKER_VARIABLES = frozenset(
    {
        "HOME",
        "PYTHONPATH",
        "HF_HOME",
        "HF_HUB_OFFLINE",
        "TRANSFORMERS_OFFLINE",
        "HF_DATASETS_OFFLINE",
        "HF_DATASETS_CACHE",
        "HF_HUB_DISABLE_TELEMETRY",
        "TOKENIZERS_PARALLELISM",
        "TORCHINDUCTOR_CACHE_DIR",
        "TRITON_CACHE_DIR",
        "PYTHONFAULTHANDLER",
        "MPLBACKEND",
        "CUDA_VISIBLE_DEVICES",
        PASS_ENV_VARIABLE,
    }
)


# Variables that change how programs, libraries and interpreters load or start: the dynamic loader's
# (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT...), glibc's (GCONV_PATH loads a module, GLIBC_TUNABLES had its
# own exploit), Python's (PYTHONSTARTUP, PYTHONPATH, PYTHONHOME...), shells' startup files and other
# interpreters' option variables. A page may not set any of them, whatever the sandbox.
LOADER_PREFIXES = ("LD_", "DYLD_", "PYTHON", "BASH_FUNC_", "GCONV_", "MALLOC_")
LOADER_VARIABLES = frozenset(
    {
        "GLIBC_TUNABLES",
        "LOCPATH",
        "NLSPATH",
        "HOSTALIASES",
        "RESOLV_HOST_CONF",
        "BASH_ENV",
        "ENV",
        "SHELLOPTS",
        "BASHOPTS",
        "PS4",
        "IFS",
        "PERL5LIB",
        "PERL5OPT",
        "PERLLIB",
        "RUBYLIB",
        "RUBYOPT",
        "NODE_OPTIONS",
        "NODE_PATH",
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "GIT_CONFIG_GLOBAL",
        "GIT_CONFIG_SYSTEM",
        "GIT_EXEC_PATH",
        "GIT_SSH",
        "GIT_SSH_COMMAND",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "EDITOR",
        "VISUAL",
        "PAGER",
    }
)


def changes_how_programs_load(name: str) -> bool:
    return name in LOADER_VARIABLES or name.startswith(LOADER_PREFIXES)


@dataclass(frozen=True)
class EnvironmentRequest:
    """One `env=` directive: `value` None means "the checker's value of `name`"."""

    name: str
    value: str | None
    line: int  # the page line of the code block whose directive asked


@dataclass(frozen=True)
class SessionFolders:
    """Where the session may write, and the stand-in Hub cache it reads."""

    home: Path
    hf_home: Path
    inductor_cache: Path
    triton_cache: Path
    datasets_cache: Path  # the session's own copy of the dataset stand-ins it loads (datasets writes there)


def package_root() -> Path:
    """The folder holding the `polydocs` package (src/ in a checkout)."""
    return Path(__file__).resolve().parents[2]


def python_path(checker: Mapping[str, str]) -> list[str]:
    """The package first, then the checker's own PYTHONPATH made absolute (the session's cwd differs)."""
    entries = [str(package_root())]
    for entry in checker.get("PYTHONPATH", "").split(os.pathsep):
        if entry and str(Path(entry).resolve()) not in entries:
            entries.append(str(Path(entry).resolve()))
    return entries


def session_environment(
    checker: Mapping[str, str], folders: SessionFolders, device: str, gpu: str | None
) -> dict[str, str]:
    """The allowlisted part of `checker` plus the checker's own settings; nothing else gets through."""
    env = {
        name: value
        for name, value in checker.items()
        if name in INHERITED or name.startswith(INHERITED_PREFIXES)
    }
    env.update(
        HOME=str(folders.home),
        PYTHONPATH=os.pathsep.join(python_path(checker)),
        HF_HOME=str(folders.hf_home),
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        HF_DATASETS_CACHE=str(folders.datasets_cache),
        HF_HUB_DISABLE_TELEMETRY="1",
        TOKENIZERS_PARALLELISM="false",
        TORCHINDUCTOR_CACHE_DIR=str(folders.inductor_cache),
        TRITON_CACHE_DIR=str(folders.triton_cache),
        PYTHONFAULTHANDLER="1",
        MPLBACKEND="Agg",
    )
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""
        # On a small CPU machine a pool of compile workers costs more than it saves.
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
        # Inductor picks the vector instructions its C++ kernels use from the CPU's flags, then proves the
        # compiler builds them by compiling four programs that include ATen's vector headers, into the
        # session's compile cache (new for each session code): 12 of the 23 CPU-s of a first compile of a
        # small model on 2 cores. The CPU's flags alone decide here; a compiler that cannot build them
        # fails the page's first compile with its C++ error. TORCHINDUCTOR_VEC_ISA_OK=0 restores the proof.
        env.setdefault("TORCHINDUCTOR_VEC_ISA_OK", "1")
    elif gpu is not None:
        env["CUDA_VISIBLE_DEVICES"] = gpu
    return env


def passable_names(checker: Mapping[str, str]) -> frozenset[str]:
    """The names the person running the check lets pages take from its environment."""
    return frozenset(re.split(r"[\s,]+", checker.get(PASS_ENV_VARIABLE, "").strip())) - {""}


def apply_requests(
    env: dict[str, str], requests: list[EnvironmentRequest], checker: Mapping[str, str]
) -> list[tuple[int, str]]:
    """Add what the page's `env=` directives ask for to `env`; returns (line, message) for refusals."""
    allowed = passable_names(checker)
    refusals = []
    for request in requests:
        if request.value is not None:
            env[request.name] = request.value
        elif request.name not in allowed:
            refusals.append(
                (
                    request.line,
                    f"`env={request.name}` asks for the checker's {request.name}, which this run does not "
                    f"pass to pages; whoever runs the check can allow it with "
                    f"{PASS_ENV_VARIABLE}={request.name}, or give a value: env={request.name}=VALUE",
                )
            )
        elif request.name not in checker:
            refusals.append(
                (
                    request.line,
                    f"`env={request.name}`: {request.name} is not set in the checker's environment",
                )
            )
        else:
            env[request.name] = checker[request.name]
    return refusals
