"""Run a stand-in builder in a subprocess and read its JSON answer (the pytest process never imports
torch, transformers or datasets).

A builder is `python -m MODULE REQUESTS.json ARGUMENTS... ANSWER.json`: it reads the requests (dataclasses
as JSON), builds what it can and writes one answer per request key. Offline, with `HF_HOME` set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from polydocs.snippets.environment import python_path


@dataclass(frozen=True)
class BuilderAnswer:
    """What the builder answered, by request key (empty when it wrote nothing), and how it ended."""

    found: dict[str, Any]
    returncode: int
    last_error_line: str  # the last line it wrote to stderr: why a builder that wrote nothing crashed

    def crash(self, builder: str) -> str:
        """The problem of a request the builder did not answer."""
        why = f": {self.last_error_line}" if self.last_error_line else ""
        return f"{builder} exited with status {self.returncode}{why}"


def run_builder(module: str, requests: list[Any], arguments: list[str], hf_home: Path) -> BuilderAnswer:
    """Run builder `module` on `requests` (dataclasses) with `arguments` between the two files."""
    with tempfile.TemporaryDirectory(prefix="polydocs-standins-") as temp:
        request_file, answer_file = Path(temp) / "requests.json", Path(temp) / "answer.json"
        request_file.write_text(json.dumps([asdict(request) for request in requests]))
        path = os.pathsep.join(python_path(os.environ))
        env = dict(os.environ, HF_HUB_OFFLINE="1", HF_HOME=str(hf_home), PYTHONPATH=path)
        command = [sys.executable, "-m", module, str(request_file), *arguments, str(answer_file)]
        finished = subprocess.run(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
        )
        found = json.loads(answer_file.read_text()) if answer_file.exists() else {}
    errors = finished.stderr.decode(errors="replace").strip().splitlines()
    return BuilderAnswer(
        found if isinstance(found, dict) else {}, finished.returncode, (errors or [""])[-1][:200]
    )
