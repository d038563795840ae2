"""Runs the jobs of a GitHub Actions workflow here, in order, as a runner would run their `run:` steps.

Only what GitHub itself provides is stood in for, and each stand-in is small enough to read:
- `actions/checkout`, `actions/setup-python`, `actions/cache`: the repository is already here and the
  interpreter is this one (its polydocs is this checkout's); steps named "Install …" are skipped, as
  this interpreter already has what they install;
- `actions/upload-artifact` / `download-artifact`: copies into and out of a folder per artifact name;
  an upload that matches nothing fails, as a glue mistake would go unnoticed otherwise;
- a JUnit publisher: its `report_paths` must match JUnit files;
- expressions: the few forms the workflow uses, each evaluated as GitHub defines it; any other
  expression fails the run, so the workflow cannot grow one this runner silently misreads. The event is
  a push unless `event` says `pull_request` (of `pull_request` number 1); a step whose `if:` is false
  is skipped.
Scripts must read inputs from `env:` only (no `${{ }}` inside `run:`), which the runner checks.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import yaml

REPO = Path(__file__).resolve().parents[2]
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
_SKIPPED_ACTIONS = ("actions/checkout@", "actions/setup-python@", "actions/cache@")


@dataclass
class StepRun:
    job: str
    name: str
    command: str
    returncode: int
    output: str


@dataclass
class WorkflowRun:
    """One workflow's jobs run in `workspace` with `inputs` (the workflow's defaults under them)."""

    workflow: dict[str, Any]
    workspace: Path
    inputs: dict[str, Any]
    artifacts: Path
    steps: list[StepRun] = field(default_factory=list)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    event: str = "push"
    pull_request: int = 1

    @classmethod
    def of(cls, path: Path, workspace: Path, inputs: dict[str, Any], event: str = "push") -> WorkflowRun:
        workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
        # PyYAML reads the key `on` as True (YAML 1.1).
        declared = workflow[True]["workflow_call"]["inputs"]
        values = {name: spec.get("default") for name, spec in declared.items()}
        unknown = set(inputs) - set(values)
        assert not unknown, f"the workflow declares no input {unknown}"
        values.update(inputs)
        return cls(workflow, workspace, values, workspace.parent / "artifacts", event=event)

    # Expressions

    def evaluate(self, expression: str, matrix: dict[str, Any]) -> Any:
        inputs = self.inputs
        if match := re.fullmatch(r"inputs\.([\w-]+)", expression):
            return inputs[match[1]]
        if match := re.fullmatch(r"inputs\.([\w-]+) \|\| inputs\.([\w-]+)", expression):
            return inputs[match[1]] or inputs[match[2]]
        if match := re.fullmatch(r"inputs\.([\w-]+) && '([^']*)' \|\| '([^']*)'", expression):
            return match[2] if inputs[match[1]] else match[3]
        if match := re.fullmatch(r"matrix\.(\w+)", expression):
            return matrix[match[1]]
        if match := re.fullmatch(r"fromJSON\(needs\.([\w-]+)\.outputs\.(\w+)\)", expression):
            return json.loads(self.outputs[match[1]][match[2]])
        if expression == "github.workspace":
            return str(self.workspace)
        if expression == "github.base_ref":
            return ""  # the base branch is not fetched here: lint reads the whole tree, as on a push
        if expression == "!cancelled()":
            return True
        if match := re.fullmatch(r"github\.event_name (==|!=) '(\w+)'", expression):
            return (self.event == match[2]) == (match[1] == "==")
        if expression == "github.event.pull_request.number":
            return self.pull_request if self.event == "pull_request" else None
        if " && " in expression and " || " not in expression:
            return all(self.evaluate(part, matrix) is True for part in expression.split(" && "))
        raise AssertionError(f"the test runner does not know the expression ${{{{ {expression} }}}}")

    def text(self, value: Any, matrix: dict[str, Any]) -> Any:
        """`value` with its expressions evaluated; a value that is one whole expression keeps its type."""
        if not isinstance(value, str):
            return value
        whole = _EXPRESSION.fullmatch(value.strip())
        if whole:
            return self.evaluate(whole[1], matrix)
        return _EXPRESSION.sub(lambda m: _shell_text(self.evaluate(m[1], matrix)), value)

    def environment(self, *blocks: dict[str, Any] | None, matrix: dict[str, Any]) -> dict[str, str]:
        env: dict[str, str] = {}
        for block in blocks:
            env.update({k: _shell_text(self.text(v, matrix)) for k, v in (block or {}).items()})
        return env

    # Jobs

    def matrices(self, job: dict[str, Any]) -> list[dict[str, Any]]:
        matrix = (job.get("strategy") or {}).get("matrix")
        if matrix is None:
            return [{}]
        (name, values), *more = matrix.items()
        assert not more, "the test runner expands one matrix dimension"
        return [{name: value} for value in self.text(values, {})]

    def run_job(self, name: str) -> None:
        job = self.workflow["jobs"][name]
        for matrix in self.matrices(job):
            for index, step in enumerate(job["steps"]):
                self.run_step(name, job, step, matrix, index)
        outputs = job.get("outputs") or {}
        for key, value in outputs.items():
            step_id, output = re.fullmatch(r"\$\{\{ steps\.([\w-]+)\.outputs\.(\w+) \}\}", value).groups()
            self.outputs.setdefault(name, {})[key] = self.outputs[f"{name}.{step_id}"][output]

    def run_step(self, job_name: str, job: dict, step: dict, matrix: dict, index: int) -> None:
        condition = step.get("if")
        if condition is not None:
            value = self.text(condition, matrix)
            assert isinstance(value, bool), f"{job_name}: a condition that is no boolean: {condition}"
            if not value:
                return
        uses = step.get("uses", "")
        if uses.startswith(_SKIPPED_ACTIONS) or step.get("name", "").startswith("Install"):
            return
        arguments = {k: self.text(v, matrix) for k, v in (step.get("with") or {}).items()}
        if uses.startswith("actions/upload-artifact@"):
            return self.upload(arguments)
        if uses.startswith("actions/download-artifact@"):
            return self.download(arguments)
        if uses.startswith("mikepenz/action-junit-report@"):
            return self.junit(arguments)
        assert "run" in step, f"{job_name}: the test runner does not stand in for {uses}"
        self.run_script(job_name, job, step, matrix, index)

    def run_script(self, job_name: str, job: dict, step: dict, matrix: dict, index: int) -> None:
        script = step["run"]
        assert "${{" not in script, f"{job_name}: an expression inside run: ({script!r}); use env:"
        output_file = self.workspace.parent / f"github-output-{job_name}-{index}"
        output_file.write_text("", encoding="utf-8")
        env = {
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(REPO / "src"),
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_OUTPUT": str(output_file),
            "RUNNER_TEMP": str(self.workspace.parent),
            **self.environment(self.workflow.get("env"), job.get("env"), step.get("env"), matrix=matrix),
        }
        # GitHub's own `shell: bash`: bash --noprofile --norc -eo pipefail {0}.
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=self.workspace,
            env=env,
            capture_output=True,
            text=True,
        )
        self.steps.append(
            StepRun(job_name, step.get("name", ""), script, done.returncode, done.stdout + done.stderr)
        )
        assert done.returncode == 0, (
            f"{job_name}: `{script}` failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
        if "id" in step:
            lines = output_file.read_text(encoding="utf-8").splitlines()
            self.outputs[f"{job_name}.{step['id']}"] = dict(line.split("=", 1) for line in lines if line)

    # Stand-ins for GitHub's artifact and JUnit actions

    def upload(self, arguments: dict[str, Any]) -> None:
        folder = self.artifacts / arguments["name"]
        folder.mkdir(parents=True, exist_ok=True)
        patterns = str(arguments["path"]).split()
        matches = sorted(m for pattern in patterns for m in self.workspace.glob(pattern.rstrip("/")))
        # As upload-artifact: a path that matches nothing is skipped, an upload of nothing fails.
        assert matches, f"upload-artifact {arguments['name']}: nothing matches {patterns}"
        for match in matches:
            if match.is_dir():
                shutil.copytree(match, folder, dirs_exist_ok=True)
            else:
                shutil.copy2(match, folder / match.name)

    def download(self, arguments: dict[str, Any]) -> None:
        names = [arguments["name"]] if "name" in arguments else None
        if names is None:
            assert arguments.get("merge-multiple") is True, "the runner merges pattern downloads only"
            names = sorted(p.name for p in self.artifacts.glob(arguments["pattern"]))
        assert names, f"download-artifact: no artifact for {arguments}"
        target = self.workspace / arguments["path"]
        for name in names:
            shutil.copytree(self.artifacts / name, target, dirs_exist_ok=True)

    def junit(self, arguments: dict[str, Any]) -> None:
        reports = sorted(self.workspace.glob(arguments["report_paths"]))
        assert reports, f"the JUnit publisher finds nothing at {arguments['report_paths']}"
        for report in reports:
            assert ElementTree.parse(report).getroot().tag == "testsuites"


def _shell_text(value: Any) -> str:
    """How GitHub puts a value into text: booleans as true/false, numbers as written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)
