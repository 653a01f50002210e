"""The CI recipes work as written: each file follows its published schema, and what it runs exists.

The schemas are the ones the tools themselves publish, used offline: check-jsonschema's vendored
SchemaStore copies for the GitHub Action, the GitHub workflow and GitLab CI, and pre-commit's own
manifest schema for ``.pre-commit-hooks.yaml``. Each validator is shown to reject a broken file,
so a pass means something.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
ACTION = ROOT / "action.yml"
HOOKS = ROOT / ".pre-commit-hooks.yaml"
GITLAB = ROOT / "ci" / "gitlab-ci.yml"
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"


def check_jsonschema(builtin: str, path: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema with a vendored schema (no network: ``--builtin-schema``)."""
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", builtin, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "builtin,path",
    [("vendor.github-actions", ACTION), ("vendor.github-workflows", WORKFLOW), ("vendor.gitlab-ci", GITLAB)],
    ids=["action.yml", "workflow", "gitlab-ci"],
)
def test_recipe_follows_its_published_schema(builtin: str, path: Path) -> None:
    out = check_jsonschema(builtin, path)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize(
    "builtin,path,break_it",
    [
        ("vendor.github-actions", ACTION, lambda d: d["runs"].pop("using")),
        ("vendor.gitlab-ci", GITLAB, lambda d: d["nodereg-verify"].update(script=42)),
    ],
    ids=["action.yml", "gitlab-ci"],
)
def test_the_schema_check_rejects_a_broken_recipe(builtin: str, path: Path, break_it, tmp_path: Path) -> None:
    doc = yaml.safe_load(path.read_text())
    break_it(doc)
    broken = tmp_path / path.name
    broken.write_text(yaml.safe_dump(doc))
    assert check_jsonschema(builtin, broken).returncode == 1


def test_pre_commit_hooks_follow_pre_commits_manifest_schema(tmp_path: Path) -> None:
    from pre_commit.clientlib import InvalidManifestError, load_manifest

    hooks = load_manifest(str(HOOKS))
    assert [h["id"] for h in hooks] == ["nodereg-verify", "nodereg-diagrams-check"]
    assert all(h["language"] == "python" and h["pass_filenames"] is False for h in hooks)
    broken = tmp_path / ".pre-commit-hooks.yaml"
    broken.write_text(yaml.safe_dump([{"id": "x", "name": "x", "entry": "x", "language": "no-such-language"}]))
    with pytest.raises(InvalidManifestError):
        load_manifest(str(broken))


def _pre_commit_would_run(hook_id: str, staged: list[str], override: dict) -> bool:
    """pre-commit's own decision (``commands.run._run_single_hook``): a hook runs when some staged
    file passes its ``files``/``types`` filters, or when it is ``always_run``. ``override`` is the
    hook's entry in the user's .pre-commit-config.yaml, which overrides the manifest's values."""
    from pre_commit.clientlib import load_manifest
    from pre_commit.commands.run import Classifier
    from pre_commit.hook import Hook
    from pre_commit.prefix import Prefix

    [manifest] = [h for h in load_manifest(str(HOOKS)) if h["id"] == hook_id]
    hook = Hook.create(HOOKS.parent.name, Prefix(str(HOOKS.parent)), {**manifest, **override})
    for (
        name
    ) in staged:  # paths relative to the repository's root, as pre-commit sees them; the type filters read the files
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text("x\n")
    classifier = Classifier.from_config(staged, "", "^$")
    return bool(list(classifier.filenames_for_hook(hook))) or hook.always_run


NARROWED = {"files": "^pkg/kubelet/", "always_run": False}


@pytest.mark.parametrize("hook", ["nodereg-verify", "nodereg-diagrams-check"])
@pytest.mark.parametrize(
    "staged,override,runs",
    [
        pytest.param(["pkg/kubelet/kubelet_node_status.go"], {}, True, id="kubelet fork, a Go change"),
        pytest.param(["sim/node.py"], {}, True, id="node simulator, a Python change"),
        pytest.param(["README.md"], {}, True, id="a docs-only commit"),
        pytest.param([], {}, True, id="nothing staged (pre-commit run)"),
        pytest.param(["pkg/kubelet/x.go"], NARROWED, True, id="narrowed with files:, a matching path"),
        pytest.param(["README.md"], NARROWED, False, id="narrowed with files:, another path"),
    ],
)
def test_hooks_run_in_a_repository_without_nodereg_s_folders(
    hook: str, staged: list[str], override: dict, runs: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A consumer's repository has no model/ or diagrams/: the hooks must not wait for those paths."""
    monkeypatch.chdir(tmp_path)
    assert _pre_commit_would_run(hook, staged, override) is runs


@pytest.mark.parametrize("hook", ["nodereg-verify", "nodereg-diagrams-check"])
def test_each_hook_entry_is_a_real_command(hook: str) -> None:
    """The entry, with --help added, is accepted: every option the hook passes exists."""
    [entry] = [h["entry"] for h in yaml.safe_load(HOOKS.read_text()) if h["id"] == hook]
    words = shlex.split(entry)
    assert words[0] == "nodereg"
    out = subprocess.run([sys.executable, "-m", "nodereg", *words[1:], "--help"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    for opt in (w for w in words if w.startswith("--")):
        assert opt in out.stdout


def test_the_action_runs_verify_with_junit_and_uploads_reports_and_diagrams() -> None:
    action = yaml.safe_load(ACTION.read_text())
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert any(u.startswith("actions/upload-artifact@") for u in uses)
    runs = "\n".join(s.get("run", "") for s in steps)
    assert "pip install" in runs and "nodereg verify" in runs and "--junit" in runs and "--diagrams" in runs
    [upload] = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    for what in ("inputs.junit", "inputs.report", "inputs.diagrams"):
        assert what in upload["with"]["path"]
    assert upload["if"].startswith("${{ always()")  # the report is uploaded when verify fails too
    # every ${{ inputs.X }} the steps use is declared
    used = {w.split("}}")[0].strip() for w in ACTION.read_text().split("inputs.")[1:]}
    used = {u.split()[0].rstrip("}") for u in used}
    assert used <= set(action["inputs"]), used - set(action["inputs"])


def test_gitlab_job_keeps_the_junit_report_when_verify_fails() -> None:
    job = yaml.safe_load(GITLAB.read_text())["nodereg-verify"]
    assert job["artifacts"]["when"] == "always"
    assert job["artifacts"]["reports"]["junit"] == "nodereg-verify.xml"
    assert any("nodereg verify" in line and "--junit nodereg-verify.xml" in line for line in job["script"])


def _report(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(doc))
    return path


def run_report(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nodereg.ci", *args], capture_output=True, text=True, env=env)


def test_report_step_prints_each_failure_as_an_annotation_and_exits_as_verify_did(tmp_path: Path) -> None:
    import os

    doc = {
        "properties": [
            {"id": "a", "status": "proved", "message": ""},
            {"id": "b", "status": "violated", "message": "violated: every b holds — counterexample, 1 step: x()"},
        ],
        "summary": {"proved": 1, "violated": 1, "inconclusive": 0, "vacuous": 0},
    }
    summary = tmp_path / "summary.md"
    out = run_report(
        "--github",
        str(_report(tmp_path, doc)),
        "--exit-code",
        "1",
        env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary)},
    )
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert lines[0] == "::error title=nodereg%3A b::violated: every b holds — counterexample, 1 step: x()"
    assert lines[-1].startswith("nodereg verify: 1/2 proved")
    assert "| `b` | violated: every b holds" in summary.read_text()


@pytest.mark.parametrize("content,code", [(None, 2), ("not json", 2), ("[1, 2]", 2), (None, 4)])
def test_report_step_on_an_unreadable_report_is_one_line(tmp_path: Path, content: str | None, code: int) -> None:
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    out = run_report(str(path), *(["--exit-code", str(code)] if code != 2 else []))
    assert out.returncode == code
    assert out.stderr.count("\n") == 1 and "r.json" in out.stderr and "Traceback" not in out.stderr


def _venv_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment a CI step sees once nodereg is installed: its bin/ first on PATH."""
    import os

    bindir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}", **extra}


def test_the_action_verify_step_runs_as_written(tmp_path: Path) -> None:
    """The step's own script, run by bash as GitHub runs it (-eo pipefail), on a small cluster."""
    [step] = [s for s in yaml.safe_load(ACTION.read_text())["runs"]["steps"] if s.get("id") == "verify"]
    output, summary = tmp_path / "github_output", tmp_path / "summary.md"
    env = _venv_env(
        tmp_path,
        NODEREG_ARGS="--nodes 1 --pods 1 --jobs 1",
        NODEREG_JUNIT="v.xml",
        NODEREG_REPORT="v.json",
        NODEREG_DIAGRAMS="diagrams",
        GITHUB_OUTPUT=str(output),
        GITHUB_STEP_SUMMARY=str(summary),
    )
    out = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert output.read_text().strip() == "exit-code=0"
    from nodereg.schema import validate

    validate("verify", json.loads((tmp_path / "v.json").read_text()))
    assert "<testsuite" in (tmp_path / "v.xml").read_text() and (tmp_path / "diagrams").is_dir()
    assert out.stdout.strip().splitlines()[-1].startswith("nodereg verify: ")


def test_the_gitlab_script_runs_as_written_and_fails_as_verify_does(tmp_path: Path) -> None:
    """The job's script lines in one shell, as the runner runs them; bad usage (exit 2) fails the job."""
    job = yaml.safe_load(GITLAB.read_text())["nodereg-verify"]
    script = "set -eo pipefail\n" + "\n".join(job["script"])
    for args, code in (("--nodes 1 --pods 1 --jobs 1", 0), ("--property no-such-property", 2)):
        out = subprocess.run(
            ["bash", "-c", script],
            cwd=tmp_path,
            env=_venv_env(tmp_path, NODEREG_ARGS=args),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert out.returncode == code, out.stdout + out.stderr
    assert (tmp_path / "nodereg-verify.json").exists()


@pytest.mark.parametrize(
    ("package", "installs_git"),
    [
        # the README's recipe for another project: pip needs git, which python:3.12-slim lacks
        pytest.param("git+https://example.org/nodereg.git@v1", True, id="git-url"),
        pytest.param(".", False, id="this-project"),
        pytest.param("nodereg-0.1.0-py3-none-any.whl", False, id="a-wheel"),
    ],
)
def test_gitlab_job_installs_git_for_a_git_url(tmp_path: Path, package: str, installs_git: bool) -> None:
    """The before_script line before pip, run by sh with no git on PATH and apt-get recording its arguments."""
    job = yaml.safe_load(GITLAB.read_text())["nodereg-verify"]
    [line] = [x for x in job["before_script"] if "git+" in x]
    assert job["before_script"].index(line) < next(i for i, x in enumerate(job["before_script"]) if "pip install" in x)
    bindir, log = tmp_path / "bin", tmp_path / "apt.log"
    bindir.mkdir()
    fake = bindir / "apt-get"
    fake.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    fake.chmod(0o755)
    out = subprocess.run(
        ["/bin/sh", "-ec", line],
        env={"PATH": str(bindir), "NODEREG_PACKAGE": package},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert (log.exists() and "git" in log.read_text().split()) is installs_git
