"""The README's GitHub Actions workflow and the pre-commit hook, run as written: install
from git into a fresh venv, then validate a designer's components tree.

Two departures, both to stay offline: the git URL is a local repository made from the
sources, and pip gets ``--no-build-isolation --no-deps --no-index`` (the venv already
sees the dependencies, tests/installing.py). The apt-get step is checked against the
packages scripts/system-deps.sh installs instead of being run.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml
from installing import REPO, clean_env, copy_sources, fresh_venv, sh

GIT_URL = "git+https://github.com/YOUR-ORG/copperplate"


def _workflow_steps() -> list[str]:
    readme = (REPO / "README.md").read_text()
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "runs-on:" in b]
    steps = yaml.safe_load(block)["jobs"]["validate"]["steps"]
    return [step["run"] for step in steps if "run" in step]


def _hook() -> dict[str, object]:
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    return dict(hook)


@pytest.fixture(scope="module")
def from_git(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv where the workflow's install step ran; returns its bin folder."""
    root = tmp_path_factory.mktemp("ci")
    src = copy_sources(root / "copperplate")
    git = ["git", "-c", "user.name=ci", "-c", "user.email=ci@example.com"]
    sh("git", "init", "-q", cwd=src)
    sh(*git, "add", "-A", cwd=src)
    sh(*git, "commit", "-qm", "copperplate", cwd=src)
    bin_dir = fresh_venv(root / "venv", with_pip=True)
    (install,) = [s for s in _workflow_steps() if s.startswith("pip install")]
    assert GIT_URL in install
    command = (install.replace(GIT_URL, f"git+file://{src}")
               + " --no-build-isolation --no-deps --no-index --quiet")
    sh("bash", "-c", command, cwd=root, env=clean_env(PATH=f"{bin_dir}:{clean_env()['PATH']}"))
    return bin_dir


@pytest.fixture
def designer(tmp_path: Path, from_git: Path) -> Path:
    """A designer's repository: components/ holding a game of their own."""
    sh(from_git / "copperplate", "new", "components/harvest", "--name", "Harvest",
       cwd=tmp_path)
    return tmp_path


def _run(command: str, bin_dir: Path, cwd: Path, ok: bool = True) -> tuple[int, str]:
    env = clean_env(PATH=f"{bin_dir}:{clean_env()['PATH']}",
                    COPPERPLATE_CACHE=str(cwd / ".cache"))
    result = sh("bash", "-c", command, cwd=cwd, env=env, ok=ok)
    return result.returncode, result.stdout


def test_the_apt_step_installs_what_the_setup_script_needs() -> None:
    (apt,) = [s for s in _workflow_steps() if "apt-get" in s]
    script = (REPO / "scripts" / "system-deps.sh").read_text()
    (runtime,) = re.findall(r"^runtime=\(([a-z0-9. -]+)\)", script, re.MULTILINE)
    wanted = set(runtime.split())
    assert wanted and wanted <= set(shlex.split(apt))


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_the_workflow_validates_a_components_tree(from_git: Path, designer: Path) -> None:
    (validate,) = [s for s in _workflow_steps() if s.startswith("copperplate ")]
    assert _run(validate, from_git, designer) == (0, "")
    cards = designer / "components" / "harvest" / "cards.yaml"
    cards.write_text(cards.read_text().replace("count: 3, text: \"Draw", "count: 4, text: \"Draw"))
    code, out = _run(validate, from_git, designer, ok=False)
    assert code == 1
    assert "::error file=components/harvest/cards.yaml,line=" in out
    assert ",title=copies-per-card::at most three copies of any card" in out


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_the_pre_commit_hook_runs_validate(from_git: Path, designer: Path) -> None:
    hook = _hook()
    assert hook["id"] == "copperplate-validate" and hook["language"] == "python"
    files = re.compile(str(hook["files"]))
    assert files.search("components/harvest/cards.yaml") and files.search("x/card.svg.j2")
    args = hook["args"]
    assert isinstance(args, list)
    command = " ".join([str(hook["entry"]), *args])
    assert _run(command, from_git, designer)[0] == 0
    (designer / "components" / "harvest" / "cards.yaml").write_text("pieces: [\n")
    assert _run(command, from_git, designer, ok=False)[0] == 1
